//! The one way the generator writes a CSV file (shared vocabulary, like
//! `progress`, not a layer): a header and rows through
//! the csv crate, into memory (the bytes go to an output directory whole).

/// A CSV table being written.
pub struct Table(csv::Writer<Vec<u8>>);

impl Table {
    /// A table with this header row.
    pub fn new<I, F>(header: I) -> Table
    where
        I: IntoIterator<Item = F>,
        F: AsRef<[u8]>,
    {
        let mut t = Table(csv::Writer::from_writer(Vec::new()));
        t.row(header);
        t
    }

    /// Adds a row; it must have as many fields as the header.
    pub fn row<I, F>(&mut self, fields: I) -> &mut Table
    where
        I: IntoIterator<Item = F>,
        F: AsRef<[u8]>,
    {
        // Writing into a Vec cannot fail on I/O; a row of another length than
        // the header is a bug in the caller.
        self.0.write_record(fields).expect("a CSV row as long as its header");
        self
    }

    /// The file's bytes.
    pub fn into_bytes(self) -> Vec<u8> {
        self.0.into_inner().expect("writing into memory")
    }
}

#[cfg(test)]
mod tests {
    use super::Table;

    #[test]
    fn fields_are_quoted_only_when_they_must_be() {
        let mut t = Table::new(["name", "value"]);
        t.row(["plain", "1"]).row(["with, comma", ""]).row(["say \"hi\"", "-2.50"]);
        assert_eq!(
            String::from_utf8(t.into_bytes()).unwrap(),
            "name,value\nplain,1\n\"with, comma\",\n\"say \"\"hi\"\"\",-2.50\n"
        );
    }

    #[test]
    #[should_panic(expected = "as long as its header")]
    fn a_short_row_is_a_bug() {
        Table::new(["a", "b"]).row(["only one"]);
    }
}
