//! Reading traces: one parser per format, format detection, and a streaming
//! loader that takes the file in chunks of any size (split anywhere, even inside a
//! line or a UTF-8 character), decompresses gzip or zstd on the way, and builds a
//! dense [`Trace`]. The browser, the runner and the benchmarks all load through
//! [`Loader`], so they read every file the same way.
//!
//! Conventions shared by all formats: lines end in `\n` or `\r\n`; blank lines and
//! lines starting with `#` are ignored; byte offsets and addresses map to pages of
//! `page_size` bytes, and a request spanning several pages becomes one access per
//! page, each with the request's operation (a zero-length request touches the
//! page at its offset; one spanning more than [`MAX_SPAN`] pages is a bad line).
//! Device, disk, LUN or ASU numbers are folded into the id above bit
//! [`NS_SHIFT`], so the first device keeps plain page numbers. Errors name the 1-based line (record,
//! for binary formats), the text and what was expected. Lines that are valid but
//! not requests (markers, other event kinds, other ASUs, headers) are counted in
//! [`Loaded::filtered`], never as skipped. Key-value and object traces
//! (Twitter, Wikipedia CDN, IBM object store, a CSV with string ids) name pages
//! by keys, interned exactly ([`crate::keys`]); each object is one page.

mod arc;
mod blkparse;
mod craw;
mod csv;
mod csv_spec;
mod decompress;
mod detect;
mod fields;
#[cfg(test)]
mod fuzz;
mod ibm;
#[cfg(test)]
mod key_tests;
mod lackey;
mod lines;
mod lirs;
mod loader;
mod msr;
mod oracle;
mod plain;
#[cfg(test)]
mod plain_tests;
mod registry;
mod scan;
#[cfg(test)]
mod streamed_tests;
mod summary;
mod systor;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod timestamps_tests;
mod twitter;
mod umass;
mod wiki;

pub use crate::trace::NS_SHIFT;
pub use csv::{CsvMapping, TimeUnit, Unit};
pub use csv_spec::{names_columns, parse_csv_spec};
pub use scan::{too_many_requests, MAX_REQUESTS, MAX_SPAN};
pub use summary::{summarize, Summary, REUSE_BUCKETS};

pub use loader::{load_bytes, LoadInfo, Loaded, Loader, MAX_LEADING_COMMENTS, MAX_REASONS, SNIFF_BYTES};
pub use plain::write_plain;
pub use registry::{Format, FormatEntry, LoadOptions, FORMATS, KEYS_NOTE};

use crate::trace::Trace;
