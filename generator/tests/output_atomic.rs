//! Output directories replaced whole (docs/release.md#all-or-nothing-output):
//! a run stopped at any disk step of the output code — every write, sync,
//! link, rename, exchange and removal, counted, not timed — leaves data/ and
//! reports/ each wholly the old or wholly the new release, and the next run
//! recovers; a failing disk leaves the old release and no staging directory
//! (without an exchange too, where a failed put-back is finished by the next run);
//! a second run into a locked directory is refused; a stale lock is taken over.

use generator::files::Error as OutputError;
use generator::files::output::{Faults, Staged, Step, data_stamp, sha256sums};
use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// How the injector stops the run at its failure point.
#[derive(Clone, Copy, Debug)]
enum Mode {
    /// Never: only counts the steps.
    Count,
    /// The process dies: this step and every later one fail, so nothing more
    /// reaches the disk (not even clean-up).
    Crash,
    /// This step fails with the OS error given; the run goes on to handle it.
    Fail(i32),
    /// This step and the next one fail with the OS error given.
    FailTwo(i32),
}

/// Fails at the `at`-th step (0-based) as `mode` says; with `no_exchange`,
/// every exchange is refused as a file system without one would (not counted).
struct Injector {
    at: usize,
    mode: Mode,
    no_exchange: bool,
    count: AtomicUsize,
    log: Mutex<Vec<(Step, PathBuf)>>,
}

impl Injector {
    fn new(at: usize, mode: Mode, no_exchange: bool) -> Arc<Injector> {
        Arc::new(Injector { at, mode, no_exchange, count: AtomicUsize::new(0), log: Mutex::new(Vec::new()) })
    }
}

impl Faults for Injector {
    fn check(&self, step: Step, path: &Path) -> io::Result<()> {
        if self.no_exchange && step == Step::Exchange {
            return Err(io::Error::from_raw_os_error(22)); // EINVAL: no RENAME_EXCHANGE here
        }
        let n = self.count.fetch_add(1, Ordering::SeqCst);
        self.log.lock().unwrap().push((step, path.to_path_buf()));
        match self.mode {
            Mode::Count => Ok(()),
            Mode::Crash if n >= self.at => Err(io::Error::other("injected crash")),
            Mode::Fail(errno) if n == self.at => Err(io::Error::from_raw_os_error(errno)),
            Mode::FailTwo(errno) if n == self.at || n == self.at + 1 => Err(io::Error::from_raw_os_error(errno)),
            _ => Ok(()),
        }
    }
}

type Files = Vec<(String, Vec<u8>)>;

/// A small release: data files with their SHA256SUMS (one in a subdirectory),
/// and reports naming that data.
fn release(version: &str) -> (Files, Files) {
    let mut data: Files = ["endgame.json", "daily.json", "endgame.obf", "daily.obf", "game/endgame.json"]
        .iter()
        .map(|n| (n.to_string(), format!("{n} of release {version}\n").repeat(50).into_bytes()))
        .collect();
    let sums = sha256sums(&data);
    data.push(("SHA256SUMS".into(), sums.clone()));
    let reports = vec![
        ("generation.csv".to_string(), format!("release,{version}\n").into_bytes()),
        ("ladder.csv".to_string(), format!("ladder of {version}\n").into_bytes()),
        ("data.sha256".to_string(), data_stamp(&sums)),
    ];
    (data, reports)
}

/// Every file under `dir`, by relative path.
fn contents(dir: &Path) -> Option<BTreeMap<String, Vec<u8>>> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<String, Vec<u8>>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(root, &p, out);
            } else {
                let rel = p.strip_prefix(root).unwrap().to_string_lossy().into_owned();
                out.insert(rel, std::fs::read(&p).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    dir.is_dir().then(|| walk(dir, dir, &mut out))?;
    Some(out)
}

/// What a directory holds: exactly the old release, exactly the new one, or neither.
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
enum State {
    Old,
    New,
    Missing,
    Torn,
}

struct Case {
    /// The scratch directory, removed when the case is dropped.
    _dir: tempfile::TempDir,
    root: PathBuf,
    old: [BTreeMap<String, Vec<u8>>; 2],
    new: [BTreeMap<String, Vec<u8>>; 2],
    files: (Files, Files),
}

impl Case {
    /// A directory with release 1 in data/ and reports/ (plus a file of the
    /// user's in data/, which the new release keeps, and a `.tmp` an older
    /// version left, which it drops), and release 2 to write.
    fn new(name: &str) -> Case {
        let dir = tempfile::Builder::new().prefix(&format!("discflip-atomic-{name}-")).tempdir().unwrap();
        let root = dir.path().to_path_buf();
        let (d1, r1) = release("1");
        for (dir, files) in [("data", &d1), ("reports", &r1)] {
            for (n, b) in files {
                let p = root.join(dir).join(n);
                std::fs::create_dir_all(p.parent().unwrap()).unwrap();
                std::fs::write(p, b).unwrap();
            }
        }
        std::fs::write(root.join("data/NOTES.txt"), "kept across releases\n").unwrap();
        std::fs::write(root.join("data/.endgame.json.tmp"), "left by an old version").unwrap();
        let old = [contents(&root.join("data")).unwrap(), contents(&root.join("reports")).unwrap()];
        let files = release("2");
        let mut new_data: BTreeMap<String, Vec<u8>> = files.0.iter().cloned().collect();
        new_data.insert("NOTES.txt".into(), b"kept across releases\n".to_vec());
        let new = [new_data, files.1.iter().cloned().collect()];
        Case { _dir: dir, root, old, new, files }
    }

    fn dir(&self, i: usize) -> PathBuf {
        self.root.join(["data", "reports"][i])
    }

    fn state(&self, i: usize) -> State {
        match contents(&self.dir(i)) {
            None => State::Missing,
            Some(c) if c == self.old[i] => State::Old,
            Some(c) if c == self.new[i] => State::New,
            Some(_) => State::Torn,
        }
    }

    /// Names beside data/ and reports/ other than those two.
    fn leftovers(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.root)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n != "data" && n != "reports")
            .collect();
        names.sort();
        names
    }

    /// The release's commit as `pipeline::release` does it: both directories
    /// locked and staged, every file written, data/ committed, then reports/.
    fn commit(&self, faults: Arc<dyn Faults>) -> Result<(), OutputError> {
        let mut data = Staged::begin_with(&self.dir(0), faults.clone())?;
        let mut reports = Staged::begin_with(&self.dir(1), faults)?;
        for (out, files) in [(&mut data, &self.files.0), (&mut reports, &self.files.1)] {
            for (n, b) in files {
                out.write(n, b)?;
            }
        }
        data.commit()?;
        reports.commit()
    }

    /// The next run's start: lock, recover, and give up without writing.
    fn recover(&self) -> Vec<String> {
        let mut notices = Vec::new();
        for i in 0..2 {
            let s = Staged::begin(&self.dir(i)).expect("the next run starts");
            notices.extend(s.notices().iter().cloned());
        }
        notices
    }
}

/// The steps a whole commit takes, counted.
fn steps(tag: &str, no_exchange: bool) -> Vec<(Step, PathBuf)> {
    let case = Case::new(&format!("count-{tag}-{no_exchange}"));
    let counter = Injector::new(0, Mode::Count, no_exchange);
    case.commit(counter.clone()).expect("commits");
    assert_eq!((case.state(0), case.state(1)), (State::New, State::New));
    assert_eq!(case.leftovers(), Vec::<String>::new(), "nothing beside data/ and reports/ after a commit");
    let log = counter.log.lock().unwrap().clone();
    log.into_iter().map(|(s, p)| (s, p.strip_prefix(&case.root).unwrap().to_path_buf())).collect()
}

fn crash_at_every_step(no_exchange: bool) {
    let all = steps("crash", no_exchange);
    for kind in [Step::Write, Step::Sync, Step::Link, Step::SyncDir, Step::Remove, Step::CreateDir] {
        assert!(all.iter().any(|(s, _)| *s == kind), "the commit has {kind:?} steps: {all:?}");
    }
    let renames = if no_exchange { Step::Rename } else { Step::Exchange };
    assert!(all.iter().filter(|(s, _)| *s == renames).count() >= 2, "{all:?}");
    let mut seen = BTreeMap::new();
    for (k, (step, path)) in all.iter().enumerate() {
        let case = Case::new(&format!("crash-{no_exchange}-{k}"));
        let injector = Injector::new(k, Mode::Crash, no_exchange);
        let result = case.commit(injector);
        // Only the old release's removal, after the commit, may fail unreported.
        assert!(result.is_err() || *step == Step::Remove, "crash at step {k} ({step:?} {}) reported", path.display());
        let after = [case.state(0), case.state(1)];
        for (i, s) in after.iter().enumerate() {
            let allowed = matches!(s, State::Old | State::New) || (no_exchange && *s == State::Missing);
            assert!(allowed, "crash at step {k} ({step:?} {}): {} is {s:?}", path.display(), ["data", "reports"][i]);
        }
        let before = case.leftovers();
        let notices = case.recover();
        let recovered = [case.state(0), case.state(1)];
        for (i, s) in recovered.iter().enumerate() {
            assert!(
                matches!(s, State::Old | State::New),
                "after recovery from step {k}: {} is {s:?}",
                ["data", "reports"][i]
            );
            if after[i] != State::Missing {
                assert_eq!(*s, after[i], "recovery keeps what was in place");
            }
        }
        assert_eq!(case.leftovers(), Vec::<String>::new(), "recovery from step {k} ({step:?}) leaves nothing beside");
        if !before.is_empty() {
            assert!(!notices.is_empty(), "recovery from step {k} says what it did with {before:?}");
        }
        case.commit(Injector::new(0, Mode::Count, no_exchange)).expect("the next run commits");
        assert_eq!((case.state(0), case.state(1)), (State::New, State::New));
        seen.insert(format!("{step:?}"), ());
        eprintln!(
            "crash before step {k:>2} {step:>17} {:<40} -> data {:?}, reports {:?}; recovered to {:?}, {:?}",
            path.display().to_string(),
            after[0],
            after[1],
            recovered[0],
            recovered[1]
        );
    }
    assert!(seen.len() >= 6, "every kind of step was a failure point: {seen:?}");
}

#[test]
fn a_crash_at_any_step_leaves_each_directory_old_or_new_and_the_next_run_recovers() {
    crash_at_every_step(false);
}

#[test]
fn without_an_atomic_exchange_the_two_renames_recover_too() {
    crash_at_every_step(true);
}

const ENOSPC: i32 = 28;

/// A disk step that fails and is handled (a full disk, not a crash), at every
/// step of the commit, with or without an atomic exchange: without one, a
/// failure of the second rename puts the old release back.
fn full_disk_at_every_step(no_exchange: bool) {
    let all = steps("full", no_exchange);
    for (k, (step, path)) in all.iter().enumerate() {
        let case = Case::new(&format!("full-{no_exchange}-{k}"));
        let result = case.commit(Injector::new(k, Mode::Fail(ENOSPC), no_exchange));
        let states = [case.state(0), case.state(1)];
        match &result {
            Err(OutputError::Write { dir, .. }) => {
                let msg = result.as_ref().unwrap_err().to_string();
                assert!(msg.contains("No space left on device"), "{msg}");
                assert!(msg.contains(&dir.display().to_string()), "the message names the directory: {msg}");
                // `cannot write DIR: <step in words> PATH: cause`.
                let said = msg.split(": ").nth(1).unwrap_or("");
                assert!(
                    said.starts_with(|c: char| c.is_ascii_lowercase()) && said.starts_with(&format!("{step} ")),
                    "the message names the step in words: {msg}"
                );
                let i = usize::from(dir.ends_with("reports"));
                assert_eq!(states[i], State::Old, "step {k} ({step:?}): {msg}");
                assert_eq!(case.leftovers(), Vec::<String>::new(), "step {k} ({step:?}): staging removed");
            }
            Err(OutputError::Durability { .. }) => {
                assert!(states.contains(&State::New), "step {k}: the new release is in place");
            }
            Err(e) => panic!("step {k} ({step:?} {}): unexpected {e}", path.display()),
            // A failure removing the old release after the commit is only untidy.
            Ok(()) => assert_eq!(*step, Step::Remove, "step {k} ({step:?}) failed silently"),
        }
        for s in states {
            assert!(matches!(s, State::Old | State::New), "step {k} ({step:?}): {states:?}");
        }
        case.recover();
        assert_eq!(case.leftovers(), Vec::<String>::new(), "step {k}: the next run removes what is left");
    }
}

#[test]
fn a_full_disk_at_any_step_leaves_the_old_release_and_no_staging() {
    full_disk_at_every_step(false);
}

#[test]
fn without_an_atomic_exchange_a_full_disk_leaves_the_old_release_too() {
    full_disk_at_every_step(true);
}

/// The fallback's second rename fails and so does putting the old release
/// back: the run reports the failure, data/ is missing with the old release
/// beside it in `.data.old`, and the next run restores it before anything
/// else, saying so.
#[test]
fn when_the_put_back_fails_too_the_next_run_restores_the_old_release() {
    let all = steps("put-back", true);
    let data = |p: &PathBuf| p.as_os_str() == ".data.staging";
    let second = all.iter().position(|(s, p)| *s == Step::Rename && data(p)).expect("the second rename of data/");
    assert_eq!(all[second - 1], (Step::Rename, PathBuf::from("data")), "the first rename comes just before");
    let case = Case::new("put-back");
    let err = case.commit(Injector::new(second, Mode::FailTwo(ENOSPC), true)).unwrap_err();
    assert!(matches!(err, OutputError::Write { step: Step::Rename, .. }), "{err}");
    assert_eq!((case.state(0), case.state(1)), (State::Missing, State::Old));
    assert_eq!(contents(&case.root.join(".data.old")).as_ref(), Some(&case.old[0]), "the old release is aside");
    let notices = case.recover();
    assert_eq!((case.state(0), case.state(1)), (State::Old, State::Old));
    let restored = format!("restored {} from {}", case.dir(0).display(), case.root.join(".data.old").display());
    assert!(notices.iter().any(|n| n.starts_with(&restored)), "{notices:?}");
    assert_eq!(case.leftovers(), Vec::<String>::new());
}

#[test]
fn a_second_run_into_a_locked_directory_is_refused_naming_the_lock_and_holder() {
    let case = Case::new("locked");
    let first = Staged::begin(&case.dir(0)).expect("the first run locks data/");
    let Err(e) = Staged::begin(&case.dir(0)) else { panic!("a second run into data/ was let in") };
    let msg = e.to_string();
    let lock = case.root.join(".data.lock");
    assert!(msg.contains(&lock.display().to_string()), "names the lock file: {msg}");
    assert!(msg.contains(&format!("process {}", std::process::id())), "names the holder: {msg}");
    assert!(Staged::begin(&case.dir(1)).is_ok(), "reports/ has a lock of its own");
    drop(first);
    assert!(!lock.exists(), "a finished run removes its lock");
    assert!(Staged::begin(&case.dir(0)).is_ok(), "free again once the first run ends");
}

#[test]
fn a_lock_whose_process_is_gone_is_taken_over_with_a_line_saying_so() {
    let case = Case::new("stale");
    std::fs::write(case.root.join(".data.lock"), "4194305\n").unwrap();
    let s = Staged::begin(&case.dir(0)).expect("a stale lock is taken over");
    assert!(s.notices().iter().any(|n| n.contains("took over") && n.contains("4194305")), "{:?}", s.notices());
}

#[test]
fn an_aborted_run_removes_its_staging_and_changes_nothing() {
    let case = Case::new("abort");
    let mut s = Staged::begin(&case.dir(0)).unwrap();
    s.write("endgame.json", b"half a release").unwrap();
    assert!(s.path().join("endgame.json").exists());
    assert_eq!(
        std::fs::read(case.dir(0).join("endgame.json")).unwrap(),
        case.old[0]["endgame.json"],
        "the live file is not written through its link"
    );
    drop(s);
    assert_eq!(case.state(0), State::Old);
    assert_eq!(case.leftovers(), Vec::<String>::new());
}
