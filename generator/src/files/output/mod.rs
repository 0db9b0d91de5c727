//! The output directories (docs/release.md#all-or-nothing-output): each one
//! replaced whole or not at all through a staging directory beside it
//! ([`Staged`]), one run at a time (a lock file), with failure points the tests
//! can trigger ([`Faults`]); and the hashes of `SHA256SUMS` and of the
//! reports' `data.sha256`.

mod faults;
mod lock;
mod staged;
mod swap;

pub use faults::{Faults, NoFaults, Step};
pub use staged::Staged;

use sha2::{Digest, Sha256};

/// The reports' file naming the data release they describe.
pub(crate) const DATA_STAMP: &str = "data.sha256";

/// The SHA-256 of `bytes` in lower-case hex.
pub(crate) fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// `sha256sum -c` format: `<hex>  <name>` per line.
pub fn sha256sums(files: &[(String, Vec<u8>)]) -> Vec<u8> {
    files.iter().map(|(name, bytes)| format!("{}  {name}\n", sha256_hex(bytes))).collect::<String>().into_bytes()
}

/// `reports/data.sha256`: the SHA-256 of the data release's `SHA256SUMS`, in
/// `sha256sum -c` format (so `cd data && sha256sum -c ../reports/data.sha256`
/// checks it).
pub fn data_stamp(sums: &[u8]) -> Vec<u8> {
    format!("{}  SHA256SUMS\n", sha256_hex(sums)).into_bytes()
}
