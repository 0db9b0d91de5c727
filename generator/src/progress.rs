//! What a job tells its user as it goes: the one interface through which the
//! library reports progress and results (it prints nothing itself). The
//! `discflip` binary implements it (bars on a terminal, plain lines
//! otherwise); tests and other callers pass [`Silent`]. Every layer may use
//! it: it is vocabulary, not a layer.

/// Counted work: how much there is, and how much is done (called from any thread).
pub trait Counter: Sync {
    /// The work has `total` steps.
    fn set_total(&self, total: u64);
    /// `n` more steps are done.
    fn inc(&self, n: u64);
}

/// A job's view of its user.
pub trait Progress: Sync {
    /// A task named `label` starts: its counter shows it until dropped
    /// (uncounted until [`Counter::set_total`]).
    fn task(&self, label: &str) -> Box<dyn Counter + '_>;
    /// A line for the user: a stage, or what came of one.
    fn line(&self, text: &str);
}

/// Shows nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Silent;

impl Counter for Silent {
    fn set_total(&self, _: u64) {}
    fn inc(&self, _: u64) {}
}

impl Progress for Silent {
    fn task(&self, _: &str) -> Box<dyn Counter + '_> {
        Box::new(Silent)
    }
    fn line(&self, _: &str) {}
}
