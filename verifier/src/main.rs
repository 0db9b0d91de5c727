//! `discflip-verify [DIR] [--reports DIR]`: proves every shipped board again
//! (default `data/`), and that the reports describe that data when asked.

use std::path::PathBuf;
use std::process::ExitCode;
use verifier::Exit;

const USAGE: &str = "Usage: discflip-verify [DIR] [--reports DIR]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!(
            "{USAGE}\n\nChecks the puzzle data in DIR (default: data/) with the independent solver.\n--reports DIR  also checks that those reports describe this data (their data.sha256).\nExit codes: 0 all checks hold, 1 a check failed, 2 unreadable or malformed input."
        );
        return Exit::Success.into();
    }
    let exit = match parse(&args) {
        Ok((dir, reports)) => match verifier::verify_release(&dir, reports.as_deref()) {
            Ok(report) => {
                // A reader that closed the pipe early changes nothing about the verdict.
                let _ = report.print(&mut std::io::stdout().lock());
                Exit::of_report(&report)
            }
            Err(e) => {
                eprintln!("error: {e}");
                Exit::BadInput
            }
        },
        Err(message) => {
            eprintln!("error: {message}\n{USAGE}");
            Exit::BadInput
        }
    };
    exit.into()
}

/// The data directory and the reports directory, if given.
fn parse(args: &[String]) -> Result<(PathBuf, Option<PathBuf>), String> {
    let (mut dir, mut reports) = (None, None);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--reports" => {
                let value = it.next().ok_or("--reports needs a directory")?;
                reports = Some(PathBuf::from(value));
            }
            flag if flag.starts_with('-') => return Err(format!("unexpected option {flag}")),
            _ if dir.is_some() => return Err(format!("unexpected argument {a}: one data directory only")),
            _ => dir = Some(PathBuf::from(a)),
        }
    }
    Ok((dir.unwrap_or_else(|| PathBuf::from("data")), reports))
}
