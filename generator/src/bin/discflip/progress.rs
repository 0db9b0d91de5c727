//! The binary's side of `generator::progress`: on a terminal, a bar per
//! task on standard error (a spinner until its total is known, so no `0/0`
//! flashes by); lines always, on standard error, so a run off a terminal
//! still says what each stage did and how long it took.

use generator::progress::{Counter, Progress};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;

/// Bars when standard error is a terminal; lines either way.
pub(crate) struct Terminal {
    tty: bool,
}

impl Terminal {
    pub(crate) fn new() -> Terminal {
        Terminal { tty: std::io::stderr().is_terminal() }
    }
}

struct Bar(ProgressBar);

impl Counter for Bar {
    fn set_total(&self, total: u64) {
        self.0.set_style(
            ProgressStyle::with_template("{msg:>10} [{bar:40}] {pos}/{len} {elapsed_precise} eta {eta}")
                .expect("valid template")
                .progress_chars("=> "),
        );
        self.0.disable_steady_tick();
        self.0.set_length(total);
    }

    fn inc(&self, n: u64) {
        self.0.inc(n);
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        self.0.finish_and_clear();
    }
}

impl Progress for Terminal {
    fn task(&self, label: &str) -> Box<dyn Counter + '_> {
        if !self.tty {
            return Box::new(Bar(ProgressBar::hidden()));
        }
        let bar = ProgressBar::new_spinner();
        bar.set_style(ProgressStyle::with_template("{msg:>10} {spinner} {elapsed_precise}").expect("valid template"));
        bar.set_message(label.to_string());
        bar.enable_steady_tick(std::time::Duration::from_millis(120));
        Box::new(Bar(bar))
    }

    fn line(&self, text: &str) {
        eprintln!("{text}");
    }
}
