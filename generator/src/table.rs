//! The one way the generator writes a CSV file (shared vocabulary, like
//! `progress`, not a layer): a header and rows through
//! the csv crate, into memory (the bytes go to an output directory whole).

/// A CSV table being written.
pub(crate) struct Table(csv::Writer<Vec<u8>>);

impl Table {
    /// A table with this header row.
    pub(crate) fn new<I, F>(header: I) -> Table
    where
        I: IntoIterator<Item = F>,
        F: AsRef<[u8]>,
    {
        let mut t = Table(csv::Writer::from_writer(Vec::new()));
        t.row(header);
        t
    }

    /// Adds a row; it must have as many fields as the header.
    pub(crate) fn row<I, F>(&mut self, fields: I) -> &mut Table
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
    pub(crate) fn into_bytes(self) -> Vec<u8> {
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

    /// `timings.csv`: each stage in the order run, its seconds to six places.
    #[test]
    fn timings_list_each_stage_in_order() {
        let mut t = super::Timings::default();
        t.record("ladder", 1.5);
        assert_eq!(t.time("verify", || 7), 7);
        t.record("review", 0.000_000_4);
        let csv = String::from_utf8(t.csv()).unwrap();
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines.len(), 4, "{csv}");
        assert_eq!((lines[0], lines[1], lines[3]), ("stage,seconds", "ladder,1.500000", "review,0.000000"));
        let verify: f64 = lines[2].strip_prefix("verify,").expect("the timed stage").parse().unwrap();
        assert!((0.0..1.0).contains(&verify), "{verify}");
    }
}

/// Seconds per stage, for `reports/timings.csv` only.
#[derive(Default)]
pub struct Timings(Vec<(String, f64)>);

impl Timings {
    /// Runs `f` as `stage`, recording its wall time.
    pub(crate) fn time<T>(&mut self, stage: &str, f: impl FnOnce() -> T) -> T {
        let start = std::time::Instant::now();
        let v = f();
        self.record(stage, start.elapsed().as_secs_f64());
        v
    }

    /// Records a figure measured elsewhere.
    pub(crate) fn record(&mut self, stage: &str, seconds: f64) {
        self.0.push((stage.to_string(), seconds));
    }

    /// `timings.csv`.
    pub(crate) fn csv(&self) -> Vec<u8> {
        let mut w = Table::new(["stage", "seconds"]);
        for (k, v) in &self.0 {
            w.row([k.clone(), format!("{v:.6}")]);
        }
        w.into_bytes()
    }
}
