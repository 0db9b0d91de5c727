//! `discflip-verify [DIR]`: proves every shipped board again (default `data/`).

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!(
            "Usage: discflip-verify [DIR]\n\nChecks the puzzle data in DIR (default: data/) with the independent solver.\nExit codes: 0 all checks hold, 1 a check failed, 2 unreadable or malformed input."
        );
        return ExitCode::SUCCESS;
    }
    if args.len() > 1 || args.first().is_some_and(|a| a.starts_with('-')) {
        eprintln!("error: unexpected arguments {args:?}\nUsage: discflip-verify [DIR]");
        return ExitCode::from(2);
    }
    let dir = args.first().map_or("data", String::as_str);
    ExitCode::from(verifier::run(std::path::Path::new(dir)) as u8)
}
