//! `wasm-locations IN OUT` (docs/web.md#a-module-that-stays-still): exit 0 and the module with
//! its locations' lines zeroed written; exit 2 naming the file for an unreadable input or one
//! that is not a module, and for a usage error.

use std::process::Command;

fn run(args: &[&std::path::PathBuf]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_wasm-locations")).args(args).output().expect("runs")
}

#[test]
fn a_module_is_written_and_bad_input_exits_2_naming_the_file() {
    let scratch = tempfile_dir();
    let (module, out, text) = (scratch.join("in.wasm"), scratch.join("out.wasm"), scratch.join("page.html"));
    // A module of one data section: a name at 16, its location (line 7, column 9) at 32.
    let mut data = vec![11, 0, 2, 0, 0x41, 16, 0x0b, 8];
    data.extend(b"src/a.rs");
    data.extend([0, 0x41, 32, 0x0b, 16]);
    for w in [16u32, 8, 7, 9] {
        data.extend(w.to_le_bytes());
    }
    data[1] = (data.len() - 2) as u8;
    let mut bytes = b"\0asm\x01\0\0\0".to_vec();
    bytes.extend(&data);
    std::fs::write(&module, &bytes).unwrap();
    let o = run(&[&module, &out]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("1 panic locations"));
    let written = std::fs::read(&out).unwrap();
    assert_eq!(written.len(), bytes.len());
    assert_eq!(&written[written.len() - 8..], &[0; 8], "line and column zeroed");
    std::fs::write(&text, "<html>").unwrap();
    for (args, names) in [(vec![&text, &out], "page.html"), (vec![&scratch.join("none.wasm"), &out], "none.wasm")] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&o.stderr).contains(names), "{}", String::from_utf8_lossy(&o.stderr));
    }
    assert_eq!(run(&[&module]).status.code(), Some(2), "usage");
    std::fs::remove_dir_all(&scratch).unwrap();
}

fn tempfile_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("discflip-wasm-locations-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
