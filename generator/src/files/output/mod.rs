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

#[cfg(test)]
mod tests {
    use super::*;

    /// The hashes against FIPS 180-2's example ("abc"), in `sha256sum -c`'s
    /// layout: two spaces between the hash and the name, a line each.
    #[test]
    fn the_sums_and_the_stamp_are_sha256sum_lines() {
        let abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
        assert_eq!(sha256_hex(b"abc"), abc);
        let files = [("a.json".to_string(), b"abc".to_vec()), ("b.json".to_string(), b"abc".to_vec())];
        assert_eq!(String::from_utf8(sha256sums(&files)).unwrap(), format!("{abc}  a.json\n{abc}  b.json\n"));
        assert_eq!(String::from_utf8(data_stamp(b"abc")).unwrap(), format!("{abc}  SHA256SUMS\n"));
    }
}
