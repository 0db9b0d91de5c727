//! One output directory replaced whole: the new release is written and synced
//! in `.NAME.staging` beside `NAME`, then exchanged with it in one atomic step
//! (docs/release.md#all-or-nothing-output). A run that stops before the
//! exchange leaves `NAME` as it was; the next run removes what it left.

use super::faults::{Faults, NoFaults, Step};
use super::lock::Lock;
use super::swap;
use crate::files::Error;
use std::io::{self, Write};
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

/// An output directory being replaced: its lock, and the staging directory
/// that holds the new release (the old one's files linked in, then the new
/// files written over them) until [`Staged::commit`].
pub struct Staged {
    target: PathBuf,
    staging: PathBuf,
    old: PathBuf,
    parent: PathBuf,
    faults: Arc<dyn Faults>,
    notices: Vec<String>,
    committed: bool,
    lock: Lock,
}

impl Staged {
    /// Locks `target`, finishes or removes what an interrupted run left, and
    /// starts the new release from the files `target` holds now.
    pub fn begin(target: &Path) -> Result<Staged, Error> {
        Staged::begin_with(target, Arc::new(NoFaults))
    }

    /// [`Staged::begin`] with failure points (tests).
    pub fn begin_with(target: &Path, faults: Arc<dyn Faults>) -> Result<Staged, Error> {
        let name = match target.components().next_back() {
            Some(Component::Normal(n)) => n.to_string_lossy().into_owned(),
            _ => {
                let what = "an output directory needs a name of its own (not `.`, `..` or `/`)".to_string();
                return Err(Error::BadDir { dir: target.to_path_buf(), what });
            }
        };
        let parent = match target.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let err = |step, path: &Path, source| Error::Write {
            dir: target.to_path_buf(),
            step,
            path: path.to_path_buf(),
            source,
        };
        if target.exists() && !target.is_dir() {
            return Err(Error::BadDir { dir: target.to_path_buf(), what: "is not a directory".into() });
        }
        faults
            .check(Step::CreateDir, &parent)
            .and_then(|()| std::fs::create_dir_all(&parent))
            .map_err(|e| err(Step::CreateDir, &parent, e))?;
        let (lock, stale) = Lock::acquire(&parent.join(format!(".{name}.lock")), target)?;
        let mut staged = Staged {
            target: target.to_path_buf(),
            staging: parent.join(format!(".{name}.staging")),
            old: parent.join(format!(".{name}.old")),
            parent,
            faults,
            notices: Vec::new(),
            committed: false,
            lock,
        };
        if let Some(pid) = stale {
            let lock = staged.lock.path().display();
            staged.notices.push(format!("took over {lock}: process {pid}, which held it, is no longer running"));
        }
        staged.recover()?;
        let staging = staged.staging.clone();
        staged.step(Step::CreateDir, &staging, || std::fs::create_dir(&staging))?;
        if staged.target.is_dir() {
            staged.carry_over(target, &staging)?;
        }
        Ok(staged)
    }

    /// What `begin` did beyond the ordinary: a stale lock taken over, an
    /// interrupted run's leftovers finished or removed. One line each.
    pub fn notices(&self) -> &[String] {
        &self.notices
    }

    /// The output directory.
    pub(crate) fn target(&self) -> &Path {
        &self.target
    }

    /// The staging directory: the new release as written so far, for the
    /// steps that read it before it is committed (the verifier, the review page).
    pub fn path(&self) -> &Path {
        &self.staging
    }

    /// Writes and syncs `name` (a relative path) into the new release.
    pub fn write(&mut self, name: &str, bytes: &[u8]) -> Result<(), Error> {
        let relative = Path::new(name);
        if name.is_empty() || !relative.components().all(|c| matches!(c, Component::Normal(_))) {
            let what = format!("`{name}` is not a plain relative file name");
            return Err(Error::BadDir { dir: self.target.clone(), what });
        }
        let path = self.staging.join(relative);
        if let Some(dir) = path.parent().filter(|d| !d.is_dir()) {
            self.step(Step::CreateDir, dir, || std::fs::create_dir_all(dir))?;
        }
        // A file kept from the old release is a link to the live file: it is
        // removed, never written through.
        if path.symlink_metadata().is_ok() {
            self.step(Step::Remove, &path, || std::fs::remove_file(&path))?;
        }
        let (first, rest) = bytes.split_at(bytes.len() / 2);
        let mut file = std::fs::File::create_new(&path).map_err(|e| self.error(Step::Write, &path, e))?;
        // Asked halfway through, so a failure here leaves a torn file behind.
        let wrote = file
            .write_all(first)
            .and_then(|()| self.faults.check(Step::Write, &path))
            .and_then(|()| file.write_all(rest));
        wrote.map_err(|e| self.error(Step::Write, &path, e))?;
        self.step(Step::Sync, &path, || file.sync_all())
    }

    /// Puts the new release in place in one atomic step, syncs the parent
    /// directory, then removes the old release.
    pub fn commit(mut self) -> Result<(), Error> {
        let staging = self.staging.clone();
        self.step(Step::SyncDir, &staging, || sync_tree(&staging))?;
        let target = self.target.clone();
        let displaced = if target.exists() {
            Some(self.swap_in()?)
        } else {
            self.step(Step::Rename, &staging, || std::fs::rename(&staging, &target))?;
            None
        };
        self.committed = true;
        let parent = self.parent.clone();
        self.faults
            .check(Step::SyncDir, &parent)
            .and_then(|()| sync_dir(&parent))
            .map_err(|source| Error::Durability { dir: target.clone(), path: parent.clone(), source })?;
        if let Some(old) = displaced {
            // The new release is in place: a leftover old one is only untidy,
            // and the next run removes it.
            let _ = self.faults.check(Step::Remove, &old).and_then(|()| std::fs::remove_dir_all(&old));
        }
        Ok(())
    }

    /// Exchanges staging and target (or, where that is not to be had, renames
    /// the target aside and the staging in); returns where the old release is.
    fn swap_in(&mut self) -> Result<PathBuf, Error> {
        let (staging, target, old) = (self.staging.clone(), self.target.clone(), self.old.clone());
        let faults = Arc::clone(&self.faults);
        match faults.check(Step::Exchange, &staging).and_then(|()| swap::exchange(&staging, &target)) {
            Ok(()) => return Ok(staging),
            Err(e) if !swap::unsupported(&e) => return Err(self.error(Step::Exchange, &staging, e)),
            Err(_) => {}
        }
        self.step(Step::Rename, &target, || std::fs::rename(&target, &old))?;
        if let Err(e) = faults.check(Step::Rename, &staging).and_then(|()| std::fs::rename(&staging, &target)) {
            let _ = faults.check(Step::Rename, &old).and_then(|()| std::fs::rename(&old, &target));
            return Err(self.error(Step::Rename, &staging, e));
        }
        Ok(old)
    }

    /// What an interrupted run left beside the target, finished or removed:
    /// a staging directory (the unfinished new release, or the old one after
    /// the exchange) is removed; an old release renamed aside is put back
    /// when the target is missing (the fallback stopped between its two
    /// renames), removed otherwise.
    fn recover(&mut self) -> Result<(), Error> {
        let (staging, old, target) = (self.staging.clone(), self.old.clone(), self.target.clone());
        if old.exists() {
            if target.exists() {
                self.step(Step::Remove, &old, || std::fs::remove_dir_all(&old))?;
                self.notices.push(format!("removed {}, the old release an interrupted run left", old.display()));
            } else {
                self.step(Step::Rename, &old, || std::fs::rename(&old, &target))?;
                self.notices.push(format!(
                    "restored {} from {}, where an interrupted run left it",
                    target.display(),
                    old.display()
                ));
            }
        }
        if staging.symlink_metadata().is_ok() {
            self.step(Step::Remove, &staging, || std::fs::remove_dir_all(&staging))?;
            self.notices.push(format!("removed {}, left by an interrupted run", staging.display()));
        }
        Ok(())
    }

    /// Links every file of `from` into `to` (copies where links fail), except
    /// the `.NAME.tmp` files older versions staged in place.
    fn carry_over(&mut self, from: &Path, to: &Path) -> Result<(), Error> {
        let entries = std::fs::read_dir(from).map_err(|e| self.error(Step::Link, from, e))?;
        let mut entries: Vec<_> = entries.collect::<Result<_, _>>().map_err(|e| self.error(Step::Link, from, e))?;
        entries.sort_by_key(|e| e.file_name());
        for entry in entries {
            let name = entry.file_name();
            let text = name.to_string_lossy();
            let (src, dst) = (entry.path(), to.join(&name));
            let kind = entry.file_type().map_err(|e| self.error(Step::Link, &src, e))?;
            if kind.is_dir() {
                self.step(Step::CreateDir, &dst, || std::fs::create_dir(&dst))?;
                self.carry_over(&src, &dst)?;
            } else if kind.is_file() && !(text.starts_with('.') && text.ends_with(".tmp")) {
                self.step(Step::Link, &dst, || {
                    std::fs::hard_link(&src, &dst).or_else(|_| std::fs::copy(&src, &dst).map(drop))
                })?;
            }
        }
        Ok(())
    }

    /// Asks the failure point of `step`, then runs it.
    fn step(&self, step: Step, path: &Path, f: impl FnOnce() -> io::Result<()>) -> Result<(), Error> {
        self.faults.check(step, path).and_then(|()| f()).map_err(|e| self.error(step, path, e))
    }

    fn error(&self, step: Step, path: &Path, source: io::Error) -> Error {
        Error::Write { dir: self.target.clone(), step, path: path.to_path_buf(), source }
    }
}

impl Drop for Staged {
    /// An uncommitted release is removed (a failed write, a failed check);
    /// after a commit, nothing is left to do.
    fn drop(&mut self) {
        if !self.committed && self.faults.check(Step::Remove, &self.staging).is_ok() {
            let _ = std::fs::remove_dir_all(&self.staging);
        }
    }
}

fn sync_dir(dir: &Path) -> io::Result<()> {
    std::fs::File::open(dir)?.sync_all()
}

/// Syncs `dir` and every directory under it.
fn sync_tree(dir: &Path) -> io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        if entry.file_type()?.is_dir() {
            sync_tree(&entry.path())?;
        }
    }
    sync_dir(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fails the first `Write` step, as a crash halfway through a file would.
    struct FailWrite;

    impl Faults for FailWrite {
        fn check(&self, step: Step, _: &Path) -> io::Result<()> {
            if step == Step::Write { Err(io::Error::other("injected")) } else { Ok(()) }
        }
    }

    /// A name outside the staging directory is refused before anything is
    /// written: an empty one, an absolute one, one that climbs out.
    #[test]
    fn only_plain_relative_names_are_written() {
        let dir = tempfile::tempdir().unwrap();
        let mut out = Staged::begin(&dir.path().join("out")).unwrap();
        for name in ["", "/etc/x", "../escape", "a/../../escape", "./x"] {
            match out.write(name, b"x") {
                Err(Error::BadDir { what, .. }) => {
                    assert!(what.contains("not a plain relative file name"), "{name}: {what}");
                }
                other => panic!("{name:?}: {other:?}"),
            }
        }
        assert!(!dir.path().join("escape").exists());
        out.write("a/b.txt", b"nested").unwrap();
        assert_eq!(std::fs::read(out.path().join("a/b.txt")).unwrap(), b"nested");
        out.commit().unwrap();
        assert_eq!(std::fs::read(dir.path().join("out/a/b.txt")).unwrap(), b"nested");
    }

    /// A write stopped at its failure point leaves the first half of the
    /// bytes: the torn file a crash leaves (docs/release.md#all-or-nothing-output).
    #[test]
    fn a_write_stopped_halfway_leaves_the_first_half() {
        let dir = tempfile::tempdir().unwrap();
        let mut out = Staged::begin_with(&dir.path().join("out"), Arc::new(FailWrite)).unwrap();
        let err = out.write("f.txt", b"0123456789").unwrap_err();
        assert!(matches!(err, Error::Write { step: Step::Write, .. }), "{err}");
        assert_eq!(std::fs::read(out.path().join("f.txt")).unwrap(), b"01234");
    }

    /// Fails every step from the first removal on, as a run that crashed
    /// there would do nothing more.
    struct CrashAtRemove(std::sync::atomic::AtomicBool);

    impl Faults for CrashAtRemove {
        fn check(&self, step: Step, _: &Path) -> io::Result<()> {
            use std::sync::atomic::Ordering::SeqCst;
            if step == Step::Remove || self.0.load(SeqCst) {
                self.0.store(true, SeqCst);
                return Err(io::Error::other("crashed"));
            }
            Ok(())
        }
    }

    /// A run that stops before its clean-up removes nothing (its staging
    /// directory stays, as after a crash); the next run removes it and says so.
    #[test]
    fn a_crash_before_the_clean_up_leaves_the_staging_for_the_next_run() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("out");
        let out = Staged::begin_with(&target, Arc::new(CrashAtRemove(false.into()))).unwrap();
        let staging = out.path().to_path_buf();
        drop(out);
        assert!(staging.is_dir(), "a crashed run removes nothing");
        let next = Staged::begin(&target).unwrap();
        assert_eq!(next.notices(), [format!("removed {}, left by an interrupted run", staging.display())]);
    }

    /// A new release starts from the old one's files, but not from the
    /// `.NAME.tmp` files older versions staged in place.
    #[test]
    fn the_old_release_is_carried_over_without_stray_temporary_files() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("out");
        std::fs::create_dir_all(target.join("sub")).unwrap();
        for (name, bytes) in
            [("a.json", "a"), (".a.json.tmp", "torn"), ("sub/b.csv", "b"), (".keep", "k"), ("c.tmp", "c")]
        {
            std::fs::write(target.join(name), bytes).unwrap();
        }
        let out = Staged::begin(&target).unwrap();
        let mut names: Vec<String> =
            std::fs::read_dir(out.path()).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
        names.sort();
        assert_eq!(names, [".keep", "a.json", "c.tmp", "sub"], "only hidden .tmp files stay behind");
        assert_eq!(std::fs::read_to_string(out.path().join("sub/b.csv")).unwrap(), "b");
    }
}
