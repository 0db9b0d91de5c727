//! The WebAssembly side (docs/web.md#the-module): a hand-written C ABI of
//! four exports around [`Engine::handle`], and one import, the clock.
//!
//! The JavaScript module writes a request's UTF-8 bytes into memory it got
//! from `df_alloc`, calls `df_call`, and reads the answer's bytes at
//! `df_answer_ptr` (its length is `df_call`'s result). One engine per
//! instance; the module is single-threaded.

use crate::Engine;
use std::cell::RefCell;

#[link(wasm_import_module = "env")]
unsafe extern "C" {
    /// Milliseconds from the host's clock (`performance.now()`).
    fn df_now() -> f64;
}

fn host_clock() -> f64 {
    // SAFETY: `df_now` is the JavaScript module's clock import: no
    // arguments, no memory access, always defined by `Engine.load`.
    unsafe { df_now() }
}

thread_local! {
    static ENGINE: RefCell<Option<Engine>> = const { RefCell::new(None) };
    static ANSWER: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// `len` bytes of memory for a request; freed with `df_free`.
#[unsafe(no_mangle)]
pub extern "C" fn df_alloc(len: usize) -> *mut u8 {
    let mut buf = Vec::<u8>::with_capacity(len.max(1));
    let ptr = buf.as_mut_ptr();
    std::mem::forget(buf);
    ptr
}

/// Frees memory `df_alloc` gave.
///
/// # Safety
/// `ptr` and `len` are exactly a pointer `df_alloc(len)` returned, freed once.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn df_free(ptr: *mut u8, len: usize) {
    // SAFETY: the caller passes back what `df_alloc` made: a Vec's buffer
    // of capacity `len.max(1)` and length 0.
    drop(unsafe { Vec::from_raw_parts(ptr, 0, len.max(1)) });
}

/// Answers the request of `len` bytes at `ptr`; returns the answer's length.
///
/// # Safety
/// `ptr` points to `len` initialised bytes (from `df_alloc`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn df_call(ptr: *const u8, len: usize) -> usize {
    // SAFETY: the caller wrote `len` bytes at `ptr`, memory it owns.
    let bytes = unsafe { std::slice::from_raw_parts(ptr, len) };
    let answer = match std::str::from_utf8(bytes) {
        Ok(request) => ENGINE.with_borrow_mut(|e| e.get_or_insert_with(|| Engine::new(host_clock)).handle(request)),
        Err(_) => r#"{"error":"the request is not UTF-8"}"#.to_string(),
    };
    ANSWER.with_borrow_mut(|a| {
        *a = answer.into_bytes();
        a.len()
    })
}

/// Where the last answer's bytes are.
#[unsafe(no_mangle)]
pub extern "C" fn df_answer_ptr() -> *const u8 {
    ANSWER.with_borrow(|a| a.as_ptr())
}
