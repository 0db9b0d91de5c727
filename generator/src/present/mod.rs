//! The presentation layer, above strength and the data files: the report
//! tables (`reports`, polars), the review page (`review`) and the data
//! read for people ([`show`]).

mod error;
#[cfg(test)]
pub(crate) mod fixture;

pub(crate) use error::Error;

pub(crate) mod reports;
pub(crate) mod review;
pub mod show;
