//! The one atomic step: exchanging two directories (Linux `renameat2` with
//! `RENAME_EXCHANGE`). Elsewhere, and on file systems that refuse it, the
//! caller falls back to two renames (docs/release.md#all-or-nothing-output).

use std::io;
use std::path::Path;

/// Exchanges the directories at `a` and `b` atomically: after it, each name
/// holds what the other held.
#[cfg(target_os = "linux")]
pub(crate) fn exchange(a: &Path, b: &Path) -> io::Result<()> {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    let c =
        |p: &Path| CString::new(p.as_os_str().as_bytes()).map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e));
    let (a, b) = (c(a)?, c(b)?);
    // SAFETY: both arguments are NUL-terminated strings that outlive the call;
    // renameat2 only reads them, and AT_FDCWD resolves them as relative paths do.
    let r = unsafe {
        libc::syscall(
            libc::SYS_renameat2,
            libc::AT_FDCWD,
            a.as_ptr(),
            libc::AT_FDCWD,
            b.as_ptr(),
            libc::RENAME_EXCHANGE,
        )
    };
    if r == 0 { Ok(()) } else { Err(io::Error::last_os_error()) }
}

/// No atomic exchange on this platform: the caller falls back.
#[cfg(not(target_os = "linux"))]
pub(crate) fn exchange(_: &Path, _: &Path) -> io::Result<()> {
    Err(io::ErrorKind::Unsupported.into())
}

/// Whether an exchange failed only because the system or file system has none
/// (so two renames must do).
pub(crate) fn unsupported(e: &io::Error) -> bool {
    #[cfg(target_os = "linux")]
    if matches!(e.raw_os_error(), Some(libc::EINVAL | libc::ENOSYS | libc::ENOTSUP)) {
        return true;
    }
    e.kind() == io::ErrorKind::Unsupported
}
