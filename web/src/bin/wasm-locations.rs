//! `wasm-locations IN OUT`: writes the WebAssembly module IN to OUT with every
//! panic location's line and column set to 0 (docs/web.md#a-module-that-stays-still;
//! run by `scripts/build-web`). Exit 0 written, 2 an unreadable or unwritable
//! file or not a module rustc builds.

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    let [input, output] = &args[..] else {
        eprintln!("usage: wasm-locations IN.wasm OUT.wasm");
        return ExitCode::from(2);
    };
    let result = std::fs::read(input)
        .map_err(|e| format!("{}: {e}", input.display()))
        .and_then(|bytes| web::locations::without_lines(&bytes).map_err(|e| format!("{}: {e}", input.display())))
        .and_then(|(bytes, found)| {
            std::fs::write(output, bytes).map_err(|e| format!("{}: {e}", output.display()))?;
            Ok(found)
        });
    match result {
        Ok(found) => {
            println!("{found} panic locations without their line and column in {}", output.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("wasm-locations: {e}");
            ExitCode::from(2)
        }
    }
}
