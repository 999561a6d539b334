//! Decompression on the way in: gzip streams (its decoder is fed as chunks
//! arrive), zstd is decoded at the end (its decoder pulls its input, and the
//! compressed file is the small one). The magic number decides; anything else
//! passes through unchanged.

use super::loader::{Loader, SNIFF_BYTES};
use crate::SimError;
use std::io::{Read, Write};

pub(super) enum Comp {
    /// Fewer than 4 bytes seen: the magic number is not known yet.
    Sniff(Vec<u8>),
    None,
    Gzip(Box<flate2::write::MultiGzDecoder<Vec<u8>>>),
    /// The zstd decoder pulls its input, so compressed bytes are kept and
    /// decoded at `finish` (the compressed file is the small one).
    Zstd(Vec<u8>),
}

impl Loader {
    pub(super) fn feed_raw(&mut self, chunk: &[u8]) -> Result<(), SimError> {
        if let Comp::Sniff(buf) = &mut self.comp {
            if buf.is_empty() && chunk.len() >= 4 {
                self.comp = comp_for(chunk);
                return self.feed_compressed(chunk);
            }
            let take = (4 - buf.len()).min(chunk.len());
            buf.extend_from_slice(&chunk[..take]);
            if buf.len() < 4 {
                return Ok(());
            }
            let head = std::mem::take(buf);
            self.comp = comp_for(&head);
            self.feed_compressed(&head)?;
            return self.feed_compressed(&chunk[take..]);
        }
        self.feed_compressed(chunk)
    }

    fn feed_compressed(&mut self, data: &[u8]) -> Result<(), SimError> {
        match &mut self.comp {
            Comp::Gzip(d) => {
                d.write_all(data).map_err(|e| gzip_error(&self.name, e))?;
                let mut v = std::mem::take(d.get_mut());
                let r = self.feed_decoded(&v);
                v.clear();
                if let Comp::Gzip(d) = &mut self.comp {
                    *d.get_mut() = v;
                }
                r
            }
            Comp::Zstd(buf) => {
                buf.extend_from_slice(data);
                Ok(())
            }
            Comp::None | Comp::Sniff(_) => self.feed_decoded(data),
        }
    }

    /// Decodes what the decompressor still holds at the end of the file.
    pub(super) fn finish_compressed(&mut self) -> Result<(), SimError> {
        if let Comp::Sniff(buf) = &mut self.comp {
            let head = std::mem::take(buf);
            self.comp = comp_for(&head);
            self.feed_compressed(&head)?;
        }
        match std::mem::replace(&mut self.comp, Comp::None) {
            Comp::Gzip(mut d) => {
                d.try_finish().map_err(|e| gzip_error(&self.name, e))?;
                let v = std::mem::take(d.get_mut());
                self.feed_decoded(&v)?;
            }
            Comp::Zstd(buf) => self.unzstd(&buf)?,
            Comp::None | Comp::Sniff(_) => {}
        }
        Ok(())
    }

    fn unzstd(&mut self, mut input: &[u8]) -> Result<(), SimError> {
        let mut buf = vec![0u8; SNIFF_BYTES];
        // A file may hold several frames one after another.
        while !input.is_empty() {
            let mut dec = ruzstd::decoding::StreamingDecoder::new(&mut input)
                .map_err(|e| SimError::Input(format!("{}: the zstd data is corrupt or truncated ({e})", self.name)))?;
            loop {
                let n = dec.read(&mut buf).map_err(|e| {
                    SimError::Input(format!("{}: the zstd data is corrupt or truncated ({e})", self.name))
                })?;
                if n == 0 {
                    break;
                }
                self.feed_decoded(&buf[..n])?;
            }
        }
        Ok(())
    }
}

fn gzip_error(name: &str, e: std::io::Error) -> SimError {
    SimError::Input(format!("{name}: the gzip data is corrupt or truncated ({e})"))
}

pub(super) fn comp_for(head: &[u8]) -> Comp {
    match head {
        [0x1f, 0x8b, ..] => Comp::Gzip(Box::new(flate2::write::MultiGzDecoder::new(Vec::new()))),
        [0x28, 0xb5, 0x2f, 0xfd, ..] => Comp::Zstd(Vec::new()),
        _ => Comp::None,
    }
}
