//! Location-free panics for the WebAssembly module (docs/web.md#a-module-that-stays-still).
//!
//! Every panic site of a Rust program keeps a `core::panic::Location` in the
//! module's data: the source file's name, its line and its column. On
//! `wasm32-unknown-unknown` with `panic = "abort"` nothing ever prints them (a
//! panic traps), yet they make the module change whenever an edit moves
//! engine lines. Stable Rust cannot leave them out (`-Zlocation-detail` is
//! nightly), so `scripts/build-web` passes the module through
//! [`without_lines`], which sets each one's line and column to 0.
//!
//! A location is found by its shape in the data segments: at a 4-aligned
//! address, the file name's address and length (both `u32`), the line and the
//! column, where the name lies in the data and is a path ending in `.rs`.

use std::fmt;

/// Why a module could not be read.
#[derive(Debug, PartialEq, Eq)]
pub enum ModuleError {
    /// It does not start with the WebAssembly magic and version 1.
    NotWasm,
    /// A section or segment runs past the end (at this byte offset).
    Truncated(usize),
    /// A data segment this reader does not place in memory (at this byte offset).
    Segment(usize),
}

impl fmt::Display for ModuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ModuleError::NotWasm => write!(f, "not a WebAssembly module (magic and version 1)"),
            ModuleError::Truncated(at) => write!(f, "the module ends inside a section or segment (byte {at})"),
            ModuleError::Segment(at) => {
                write!(f, "a data segment without a constant address (byte {at}): not a module rustc builds")
            }
        }
    }
}

impl std::error::Error for ModuleError {}

/// A data segment: its memory address and where its bytes are in the file.
#[derive(Clone, Copy, Debug)]
struct Segment {
    address: u32,
    start: usize,
    len: usize,
}

/// The module's bytes read from the front.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn byte(&mut self) -> Result<u8, ModuleError> {
        let b = *self.bytes.get(self.at).ok_or(ModuleError::Truncated(self.at))?;
        self.at += 1;
        Ok(b)
    }

    /// An unsigned LEB128 number of at most 32 bits.
    fn u32(&mut self) -> Result<u32, ModuleError> {
        let (mut value, mut shift) = (0u64, 0);
        loop {
            let b = self.byte()?;
            value |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return u32::try_from(value).map_err(|_| ModuleError::Segment(self.at));
            }
            shift += 7;
            if shift > 28 {
                return Err(ModuleError::Segment(self.at));
            }
        }
    }

    /// A signed LEB128 `i32` (an `i32.const`'s operand).
    fn i32(&mut self) -> Result<i32, ModuleError> {
        let (mut value, mut shift) = (0i64, 0);
        loop {
            let b = self.byte()?;
            value |= i64::from(b & 0x7f) << shift;
            shift += 7;
            if b & 0x80 == 0 {
                if b & 0x40 != 0 {
                    value |= -1i64 << shift;
                }
                return i32::try_from(value).map_err(|_| ModuleError::Segment(self.at));
            }
            if shift > 28 {
                return Err(ModuleError::Segment(self.at));
            }
        }
    }

    /// `len` bytes from here: where they start.
    fn skip(&mut self, len: usize) -> Result<usize, ModuleError> {
        let start = self.at;
        if self.bytes.len() - start < len {
            return Err(ModuleError::Truncated(start));
        }
        self.at += len;
        Ok(start)
    }
}

/// The data section's segments (section 11), each at its constant address.
fn segments(module: &[u8]) -> Result<Vec<Segment>, ModuleError> {
    if module.get(..8) != Some(b"\0asm\x01\0\0\0") {
        return Err(ModuleError::NotWasm);
    }
    let mut r = Reader { bytes: module, at: 8 };
    let mut out = Vec::new();
    while r.at < module.len() {
        let id = r.byte()?;
        let size = r.u32()? as usize;
        let start = r.skip(size)?;
        if id != 11 {
            continue;
        }
        let mut s = Reader { bytes: &module[..start + size], at: start };
        for _ in 0..s.u32()? {
            let at = s.at;
            match s.u32()? {
                0 => {}
                2 if s.u32()? == 0 => {}
                _ => return Err(ModuleError::Segment(at)),
            }
            // The address: `i32.const N` `end`.
            if s.byte()? != 0x41 {
                return Err(ModuleError::Segment(at));
            }
            let address = s.i32()? as u32;
            if s.byte()? != 0x0b {
                return Err(ModuleError::Segment(at));
            }
            let len = s.u32()? as usize;
            out.push(Segment { address, start: s.skip(len)?, len });
        }
    }
    Ok(out)
}

/// The bytes at memory `address..address + len`, when one segment holds them all.
fn read<'a>(module: &'a [u8], segments: &[Segment], address: u32, len: u32) -> Option<&'a [u8]> {
    segments.iter().find_map(|s| {
        let from = address.checked_sub(s.address)? as usize;
        (from + len as usize <= s.len).then(|| &module[s.start + from..s.start + from + len as usize])
    })
}

/// Whether `name` reads as a Rust source file's path.
fn is_source_path(name: &[u8]) -> bool {
    name.len() > 3
        && name.ends_with(b".rs")
        && name.iter().all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'/' | b'.' | b'_' | b'-'))
}

/// `module` with every panic location's line and column set to 0, and how
/// many locations it held.
pub fn without_lines(module: &[u8]) -> Result<(Vec<u8>, usize), ModuleError> {
    let segments = segments(module)?;
    let mut out = module.to_vec();
    let mut found = 0;
    for s in &segments {
        let first = s.address.next_multiple_of(4) - s.address;
        for offset in (first as usize..s.len.saturating_sub(15)).step_by(4) {
            let at = s.start + offset;
            let word = |i: usize| u32::from_le_bytes(module[at + 4 * i..at + 4 * i + 4].try_into().expect("4 bytes"));
            let (name, len, line) = (word(0), word(1), word(2));
            if line > 0 && read(module, &segments, name, len).is_some_and(is_source_path) {
                out[at + 8..at + 16].fill(0);
                found += 1;
            }
        }
    }
    Ok((out, found))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A module of one data section holding `segments` (address, bytes).
    fn module(segments: &[(u32, Vec<u8>)]) -> Vec<u8> {
        let mut section = vec![segments.len() as u8];
        for (address, bytes) in segments {
            section.extend([0, 0x41]);
            let mut a = *address;
            loop {
                let low = (a & 0x7f) as u8;
                a >>= 7;
                if a == 0 && low & 0x40 == 0 {
                    section.push(low);
                    break;
                }
                section.push(low | 0x80);
            }
            section.push(0x0b);
            section.push(bytes.len() as u8);
            section.extend(bytes);
        }
        let mut m = b"\0asm\x01\0\0\0".to_vec();
        m.extend([1, 1, 0x60]); // a type section, skipped
        m.extend([11, section.len() as u8]);
        m.extend(section);
        m
    }

    fn location(name_at: u32, len: u32, line: u32, column: u32) -> Vec<u8> {
        [name_at, len, line, column].iter().flat_map(|w| w.to_le_bytes()).collect()
    }

    #[test]
    fn every_location_loses_its_line_and_column_and_nothing_else_changes() {
        // A name at 1000 (in the first segment, after 4 bytes of other data), two
        // locations of it in a second segment at 2000, and a record of the same
        // shape pointing at bytes that are no path.
        let mut names = b"abcd".to_vec();
        names.extend(b"engine/src/solver/tt.rs");
        names.extend(b"not a path!");
        let mut records = location(1004, 23, 221, 26);
        records.extend(location(1004, 23, 9, 1));
        records.extend(location(1027, 11, 5, 5));
        let m = module(&[(1000, names), (2000, records.clone())]);
        let (out, found) = without_lines(&m).unwrap();
        assert_eq!(found, 2);
        let mut want_records = location(1004, 23, 0, 0);
        want_records.extend(location(1004, 23, 0, 0));
        want_records.extend(location(1027, 11, 5, 5));
        let at = m.windows(records.len()).position(|w| w == records).unwrap();
        assert_eq!(out[at..at + records.len()], want_records[..]);
        assert_eq!(out[..at], m[..at]);
        assert_eq!(out[at + records.len()..], m[at + records.len()..]);
        assert_eq!(out.len(), m.len());
    }

    #[test]
    fn locations_are_read_at_aligned_addresses_only() {
        // The same record at address 2001: not a location.
        let mut data = b"src/a.rs".to_vec();
        data.resize(12, 0);
        let mut misaligned = vec![0];
        misaligned.extend(location(1000, 8, 3, 4));
        let m = module(&[(1000, data), (2001, misaligned)]);
        assert_eq!(without_lines(&m).unwrap().1, 0);
        let m = module(&[(1000, b"src/a.rs".to_vec()), (2004, location(1000, 8, 3, 4))]);
        assert_eq!(without_lines(&m).unwrap().1, 1);
    }

    #[test]
    fn a_name_must_lie_in_one_segment_and_end_in_dot_rs() {
        let cases: [(&[u8], u32, usize); 5] = [
            (b"src/a.rs", 8, 1),
            (b"src/a.rs", 9, 0), // past the segment's end
            (b"src/a.rb", 8, 0),
            (b"src a.rs", 8, 0),
            (b".rs", 3, 0),
        ];
        for (name, len, want) in cases {
            let m = module(&[(1000, name.to_vec()), (2000, location(1000, len, 7, 7))]);
            assert_eq!(without_lines(&m).unwrap().1, want, "{:?} of length {len}", String::from_utf8_lossy(name));
        }
    }

    #[test]
    fn a_location_already_without_a_line_is_not_counted() {
        let m = module(&[(1000, b"src/a.rs".to_vec()), (2000, location(1000, 8, 0, 0))]);
        let (out, found) = without_lines(&m).unwrap();
        assert_eq!((out, found), (m, 0));
    }

    #[test]
    fn what_is_not_a_module_rustc_builds_is_an_error() {
        assert_eq!(without_lines(b"\0asm\x02\0\0\0"), Err(ModuleError::NotWasm));
        assert_eq!(without_lines(b"MZ"), Err(ModuleError::NotWasm));
        let mut m = module(&[(1000, b"src/a.rs".to_vec())]);
        m.truncate(m.len() - 2);
        assert!(matches!(without_lines(&m), Err(ModuleError::Truncated(_))));
        // A passive segment (flag 1) has no address.
        let mut passive = b"\0asm\x01\0\0\0".to_vec();
        passive.extend([11, 4, 1, 1, 1, b'x']);
        assert_eq!(without_lines(&passive), Err(ModuleError::Segment(11)));
        assert_eq!(ModuleError::Truncated(3).to_string(), "the module ends inside a section or segment (byte 3)");
        assert!(
            ModuleError::Segment(11).to_string().starts_with("a data segment without a constant address (byte 11)")
        );
        assert!(ModuleError::NotWasm.to_string().starts_with("not a WebAssembly module"));
    }

    #[test]
    fn negative_and_large_addresses_read_as_the_module_writes_them() {
        let mut r = Reader { bytes: &[0x7f, 0x40, 0xff, 0x7e, 0x80, 0x80, 0x04, 0xff, 0xff, 0xff, 0xff, 0x07], at: 0 };
        assert_eq!(r.i32(), Ok(-1));
        assert_eq!(r.i32(), Ok(-64));
        assert_eq!(r.i32(), Ok(-129));
        assert_eq!(r.i32(), Ok(1 << 16));
        assert_eq!(r.i32(), Ok(i32::MAX));
        let mut r = Reader { bytes: &[0xe5, 0x8e, 0x26, 0x80, 0x80, 0x80, 0x80, 0x08], at: 0 };
        assert_eq!(r.u32(), Ok(624_485));
        assert_eq!(r.u32(), Ok(1 << 31), "five bytes");
        let mut r = Reader { bytes: &[0x80, 0x80, 0x80, 0x80, 0x80, 0x01], at: 0 };
        assert_eq!(r.u32(), Err(ModuleError::Segment(5)), "six bytes are no u32");
        let mut r = Reader { bytes: &[0x80, 0x80, 0x80, 0x80, 0x80, 0x01], at: 0 };
        assert_eq!(r.i32(), Err(ModuleError::Segment(5)), "nor an i32");
    }

    #[test]
    fn a_segment_may_name_memory_0_and_no_other() {
        // Flag 2: an explicit memory index, then the address.
        let mut m = b"\0asm\x01\0\0\0".to_vec();
        let segment = |memory: u8, at: u8, bytes: &[u8]| {
            let mut s = vec![2, memory, 0x41, at, 0x0b, bytes.len() as u8];
            s.extend(bytes);
            s
        };
        let mut section = vec![2];
        section.extend(segment(0, 0x10, b"src/a.rs"));
        section.extend(segment(0, 0x20, &location(0x10, 8, 1, 2)));
        m.extend([11, section.len() as u8]);
        m.extend(&section);
        assert_eq!(without_lines(&m).unwrap().1, 1);
        let at = m.len() - section.len() + 1 + 8 + 6;
        m[at + 1] = 1; // the second segment in memory 1
        assert_eq!(without_lines(&m), Err(ModuleError::Segment(at)));
    }
}
