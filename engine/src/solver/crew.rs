//! The helper threads of one [`Team::best_move`](super::Team::best_move), started once
//! for the guessing pass and every MTD(f) test of the root (docs/solver.md#several-threads-for-one-position):
//! the first thread posts each search on a [`Board`], runs its own share, and
//! waits until every helper has stopped; the helpers wait for the next.
//!
//! Started once rather than once a search, because starting a thread and
//! waking the core it runs on took about a millisecond each time here, while
//! the first thread searched alone: at 14 empties, where a whole solve takes
//! about 1.5 ms, two threads were no faster than one (docs/solver.md, Choices).

use super::Solver;
use super::team::Busy;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// A search the helpers run beside the first thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Job {
    /// The guessing pass.
    Guess,
    /// The MTD(f) test of `beta` (`fails_low`: [`super::team::Crew::fails_low`]).
    Test { beta: i32, fails_low: bool },
}

/// Where the first thread posts the helpers' next job, and where they
/// count themselves done with it.
pub(super) struct Board {
    /// The job's number (from 1) in the high half, the job in the low half; a job of
    /// `None` (code 0) sends the helpers home.
    posted: AtomicU64,
    /// Helpers done with the job last posted.
    finished: AtomicUsize,
}

impl Board {
    pub(super) fn new() -> Board {
        Board { posted: AtomicU64::new(0), finished: AtomicUsize::new(0) }
    }

    /// Posts the next job (`None`: go home), numbered one past the last.
    fn post(&self, job: Option<Job>) {
        let number = (self.posted.load(Ordering::Relaxed) >> 32) + 1;
        self.finished.store(0, Ordering::Relaxed);
        self.posted.store(number << 32 | encode(job), Ordering::Release);
    }

    /// The job after number `seen`, with its number, once it is posted.
    fn next(&self, seen: u64) -> (u64, Option<Job>) {
        let mut word = 0;
        wait_until(|| {
            word = self.posted.load(Ordering::Acquire);
            word >> 32 != seen
        });
        (word >> 32, decode(word as u32))
    }
}

/// A job as 32 bits: 0 for none, else 1 for the guessing pass or 2 for a
/// test, bit 2 its `fails_low`, bits 8–15 its beta plus 128.
fn encode(job: Option<Job>) -> u64 {
    match job {
        None => 0,
        Some(Job::Guess) => 1,
        Some(Job::Test { beta, fails_low }) => 2 | (fails_low as u64) << 2 | ((beta + 128) as u8 as u64) << 8,
    }
}

fn decode(code: u32) -> Option<Job> {
    match code & 3 {
        0 => None,
        1 => Some(Job::Guess),
        _ => Some(Job::Test { beta: (code >> 8 & 0xff) as i32 - 128, fails_low: code & 4 != 0 }),
    }
}

/// Spins until `ready` holds, letting other threads run after a while (the
/// waits here are the few microseconds between two searches of a root, or a
/// helper's way back up to a team node when told to stop).
fn wait_until(mut ready: impl FnMut() -> bool) {
    let mut spins = 0u32;
    while !ready() {
        if spins < 1_000 {
            spins += 1;
            std::hint::spin_loop();
        } else {
            std::thread::yield_now();
        }
    }
}

/// A helper's life: each job posted on `board` run with `run` on the
/// helper's solver, then counted done, until it is sent home.
pub(super) fn serve(s: &mut Solver, board: &Board, mut run: impl FnMut(&mut Solver, Job)) {
    let mut seen = 0;
    loop {
        let (number, job) = board.next(seen);
        seen = number;
        let Some(job) = job else { return };
        run(s, job);
        s.count.aborted = false; // a helper told to stop has stored nothing
        board.finished.fetch_add(1, Ordering::Release);
    }
}

/// The first thread's side: posts each job, and when its own share is done
/// stops the helpers and waits for them. Dropped (also on a panic), it stops
/// them and sends them home, so the scope they run in can end.
pub(super) struct Lead<'a> {
    board: &'a Board,
    busy: &'a Busy,
    helpers: usize,
}

impl<'a> Lead<'a> {
    pub(super) fn new(board: &'a Board, busy: &'a Busy, helpers: usize) -> Lead<'a> {
        Lead { board, busy, helpers }
    }

    /// `job` on every thread at once: the helpers from the board, the first
    /// thread `own` on `main`, whose result is the answer.
    pub(super) fn run<T>(&mut self, job: Job, main: &mut Solver, own: impl FnOnce(&mut Solver) -> T) -> T {
        self.busy.set_stopped(false);
        self.board.post(Some(job));
        let result = own(main);
        self.busy.set_stopped(true);
        wait_until(|| self.board.finished.load(Ordering::Acquire) == self.helpers);
        main.count.aborted = false;
        result
    }
}

impl Drop for Lead<'_> {
    fn drop(&mut self) {
        self.busy.set_stopped(true);
        self.board.post(None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_job_survives_its_code() {
        let mut jobs = vec![None, Some(Job::Guess)];
        for beta in -64..=64 {
            for fails_low in [false, true] {
                jobs.push(Some(Job::Test { beta, fails_low }));
            }
        }
        for job in jobs {
            assert_eq!(decode(encode(job) as u32), job);
        }
        assert_ne!(
            encode(Some(Job::Test { beta: 3, fails_low: false })),
            encode(Some(Job::Test { beta: 4, fails_low: false }))
        );
    }

    /// Every helper runs every job once, in order, and the first thread's
    /// `run` returns only when all of them are done with it.
    #[test]
    fn helpers_run_each_posted_job_once_and_go_home() {
        let board = Board::new();
        let busy = Busy::new();
        let config = super::super::SolverConfig { table_bits: 4, ..Default::default() };
        let mut solvers: Vec<Solver> = (0..3).map(|_| Solver::new(config)).collect();
        let seen: Vec<std::sync::Mutex<Vec<Job>>> = (0..2).map(|_| Default::default()).collect();
        let (main, helpers) = solvers.split_first_mut().unwrap();
        let jobs = [Job::Guess, Job::Test { beta: 2, fails_low: false }, Job::Test { beta: -6, fails_low: true }];
        std::thread::scope(|scope| {
            for (helper, seen) in helpers.iter_mut().zip(&seen) {
                let board = &board;
                scope.spawn(move || {
                    serve(helper, board, |_, job| {
                        std::thread::sleep(std::time::Duration::from_millis(2));
                        seen.lock().unwrap().push(job);
                    });
                });
            }
            let mut lead = Lead::new(&board, &busy, 2);
            for (k, job) in jobs.into_iter().enumerate() {
                let done = lead.run(job, main, |_| k);
                assert_eq!(done, k);
                assert!(busy.stopped(), "the helpers are told to stop when the first thread is done");
                for s in &seen {
                    assert_eq!(s.lock().unwrap().len(), k + 1, "run returns after every helper is done");
                }
            }
        });
        for s in seen {
            assert_eq!(s.into_inner().unwrap(), jobs);
        }
    }
}
