//! Atomic file output and the SHA256SUMS file.

use sha2::{Digest, Sha256};
use std::io::Write;
use std::path::{Path, PathBuf};

/// A file that could not be written.
#[derive(Debug, thiserror::Error)]
#[error("cannot write {}: {source}", path.display())]
pub struct WriteError {
    /// The file that could not be written.
    pub path: PathBuf,
    /// Why.
    pub source: std::io::Error,
}

/// Writes a whole set of files atomically per file: every file is first
/// written and synced beside its target as `.<name>.tmp`, and only when all
/// are written are they renamed into place, in order (so a `SHA256SUMS`
/// listed last lands last). An interrupted run leaves the old files intact.
pub fn write_all_atomic(dir: &Path, files: &[(String, Vec<u8>)]) -> Result<(), WriteError> {
    std::fs::create_dir_all(dir).map_err(|source| WriteError { path: dir.to_path_buf(), source })?;
    let mut staged = Vec::new();
    for (name, bytes) in files {
        let target = dir.join(name);
        let tmp = dir.join(format!(".{name}.tmp"));
        let result = (|| {
            let mut f = std::fs::File::create(&tmp)?;
            f.write_all(bytes)?;
            f.sync_all()
        })();
        if let Err(source) = result {
            let _ = std::fs::remove_file(&tmp);
            for (t, _) in &staged {
                let _ = std::fs::remove_file(t);
            }
            return Err(WriteError { path: target, source });
        }
        staged.push((tmp, target));
    }
    for (tmp, target) in staged {
        std::fs::rename(&tmp, &target).map_err(|source| WriteError { path: target, source })?;
    }
    Ok(())
}

/// The SHA-256 of `bytes` in lower-case hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// `sha256sum -c` format: `<hex>  <name>` per line.
pub fn sha256sums(files: &[(String, Vec<u8>)]) -> Vec<u8> {
    files.iter().map(|(name, bytes)| format!("{}  {name}\n", sha256_hex(bytes))).collect::<String>().into_bytes()
}
