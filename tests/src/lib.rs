//! End-to-end tests across the discflip crates live in `tests/`.
