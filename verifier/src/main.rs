//! `discflip-verify [DIR]`: proves every shipped board again (default `data/`).

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!(
            "Usage: discflip-verify [DIR]\n\nChecks the puzzle data in DIR (default: data/) with the independent solver.\nExit codes: 0 all checks hold, 1 a check failed, 2 unreadable or malformed input."
        );
        return;
    }
    if args.len() > 1 || args.first().is_some_and(|a| a.starts_with('-')) {
        eprintln!("error: unexpected arguments {args:?}\nUsage: discflip-verify [DIR]");
        std::process::exit(2);
    }
    let dir = args.first().map_or("data", String::as_str);
    std::process::exit(verifier::run(std::path::Path::new(dir)));
}
