//! One run per output directory: a lock file beside it, held with the OS's
//! advisory lock (so a lock whose process died is free) and naming its
//! holder's process id.

use crate::files::Error;
use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

/// A held lock; released (and its file removed) when dropped.
#[derive(Debug)]
pub(crate) struct Lock {
    file: File,
    path: PathBuf,
}

impl Lock {
    /// Takes the lock at `path` for `dir`, or says who holds it. Returns the
    /// process id a dead run left in the file when the lock is taken over.
    pub(crate) fn acquire(path: &Path, dir: &Path) -> Result<(Lock, Option<u32>), Error> {
        let io_err = |source| Error::Lock { lock: path.to_path_buf(), source };
        loop {
            let mut file =
                OpenOptions::new().read(true).write(true).create(true).truncate(false).open(path).map_err(io_err)?;
            match file.try_lock() {
                Ok(()) => {}
                Err(TryLockError::WouldBlock) => {
                    return Err(Error::Locked {
                        dir: dir.to_path_buf(),
                        lock: path.to_path_buf(),
                        holder: holder(&mut file),
                    });
                }
                Err(TryLockError::Error(e)) => return Err(io_err(e)),
            }
            // A holder removes the file as it lets go: a lock taken on a file no
            // longer at `path` guards nothing, so try again.
            if !same_file(&file, path) {
                continue;
            }
            let stale = holder(&mut file);
            let mine = format!("{}\n", std::process::id());
            let wrote = (|| {
                file.set_len(0)?;
                file.rewind()?;
                file.write_all(mine.as_bytes())?;
                file.sync_all()
            })();
            wrote.map_err(io_err)?;
            return Ok((Lock { file, path: path.to_path_buf() }, stale));
        }
    }

    /// The lock file.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        // Removed while still held, so no other run can hold this file then.
        let _ = std::fs::remove_file(&self.path);
        let _ = self.file.unlock();
    }
}

/// The process id written in a lock file, if any.
fn holder(file: &mut File) -> Option<u32> {
    let mut text = String::new();
    file.rewind().ok()?;
    file.read_to_string(&mut text).ok()?;
    text.trim().parse().ok()
}

#[cfg(unix)]
fn same_file(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_file(_: &File, path: &Path) -> bool {
    path.exists()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The check `acquire` makes after locking: a handle is the lock only
    /// while its file is still the one at the path (a holder removes the
    /// file as it lets go, and the next run makes a new one there).
    #[test]
    fn a_handle_is_the_file_at_its_path_only_until_that_file_goes() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.lock");
        let old = File::create(&path).unwrap();
        assert!(same_file(&old, &path));
        std::fs::remove_file(&path).unwrap();
        assert!(!same_file(&old, &path), "removed");
        let new = File::create(&path).unwrap();
        assert!(!same_file(&old, &path), "another file at the path");
        assert!(same_file(&new, &path));
    }

    /// A second lock on the same path is refused while the first is held,
    /// naming this process, and taken once it is dropped (its file removed).
    #[test]
    fn one_holder_at_a_time() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.lock");
        let (held, stale) = Lock::acquire(&path, dir.path()).unwrap();
        assert_eq!(stale, None);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), format!("{}\n", std::process::id()));
        match Lock::acquire(&path, dir.path()) {
            Err(Error::Locked { holder, .. }) => assert_eq!(holder, Some(std::process::id())),
            other => panic!("a second holder: {other:?}"),
        }
        drop(held);
        assert!(!path.exists(), "the file goes with the lock");
        let (again, stale) = Lock::acquire(&path, dir.path()).unwrap();
        assert_eq!((again.path(), stale), (path.as_path(), None));
    }
}
