//! The presentation layer, above strength and the data files: the report
//! tables ([`reports`], polars), the review page ([`review`]) and the data
//! read for people ([`show`]).

mod error;

pub use error::Error;

pub mod reports;
pub mod review;
pub mod show;
