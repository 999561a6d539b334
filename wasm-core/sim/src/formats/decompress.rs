//! Decompression on the way in, as a bounded stream: however far a file
//! inflates, the decoded bytes pass to the line machinery a piece of at most
//! [`PIECE`] bytes at a time, so memory per fed chunk stays bounded (a gzip or
//! zstd "bomb" costs time, never memory). gzip is decoded as chunks arrive; zstd
//! at the end of the input (its decoder pulls whole blocks, and the compressed
//! file is the small one). The magic number decides; anything else passes
//! through unchanged.
//!
//! Every step takes a budget of decoded bytes, so a caller that must see a
//! Cancel (the browser's worker) decodes in slices. The [`Decompressor`] knows
//! nothing of what reads its output: it hands each decoded piece to the
//! function it is given (the loader's parser).

use crate::error::SimError;
use ruzstd::decoding::errors::{FrameDecoderError, ReadFrameHeaderError};
use ruzstd::decoding::{BlockDecodingStrategy, FrameDecoder};
use std::io::Write;

/// Decoded bytes handed to the parser at once (and so the most the decoder's
/// output buffer holds, give or take the 32 KiB one inflate step writes).
pub const PIECE: usize = 256 * 1024;

enum Comp {
    /// Fewer than 4 bytes seen: the magic number is not known yet.
    Sniff(Vec<u8>),
    None,
    Gzip(Box<flate2::write::MultiGzDecoder<Vec<u8>>>),
    /// The zstd decoder pulls its input, so compressed bytes are kept and
    /// decoded once the input has ended.
    Zstd(Vec<u8>),
    /// Decoding the kept zstd input, a budget at a time.
    Unzstd(Box<Unzstd>),
    /// The end of the input has been decoded.
    Done,
}

struct Unzstd {
    input: Vec<u8>,
    pos: usize,
    dec: FrameDecoder,
    in_frame: bool,
}

/// Where decoded bytes go: each piece in order, and whether it is the raw
/// input itself (the input was not compressed).
pub type Out<'a> = &'a mut dyn FnMut(&[u8], bool) -> Result<(), SimError>;

/// Undoes gzip or zstd on raw bytes fed in chunks, handing the decoded bytes on
/// in bounded pieces.
pub struct Decompressor {
    /// The file's name, for messages.
    name: String,
    comp: Comp,
    /// Raw bytes taken so far.
    taken: u64,
    /// The largest piece of decoded bytes held at once.
    peak_piece: usize,
}

impl Decompressor {
    pub fn new(name: &str) -> Decompressor {
        Decompressor { name: name.to_string(), comp: Comp::Sniff(Vec::new()), taken: 0, peak_piece: 0 }
    }

    /// Feeds raw bytes, decoding at most about `budget` bytes into `out`;
    /// returns how many raw bytes were taken (all of them unless the budget ran out).
    pub fn feed(&mut self, data: &[u8], budget: usize, out: Out) -> Result<usize, SimError> {
        let n = self.feed_raw(data, budget, out)?;
        self.taken += n as u64;
        Ok(n)
    }

    fn feed_raw(&mut self, data: &[u8], budget: usize, out: Out) -> Result<usize, SimError> {
        let mut used = 0;
        if let Comp::Sniff(buf) = &mut self.comp {
            if buf.is_empty() && data.len() >= 4 {
                self.comp = comp_for(data);
            } else {
                let take = (4 - buf.len()).min(data.len());
                buf.extend_from_slice(&data[..take]);
                if buf.len() < 4 {
                    return Ok(data.len());
                }
                let head = std::mem::take(buf);
                self.start_with(&head, out)?;
                used = take;
            }
        }
        Ok(used + self.feed_compressed(&data[used..], budget, out)?)
    }

    /// Chooses the decompressor from the sniffed first bytes and feeds them to it.
    fn start_with(&mut self, head: &[u8], out: Out) -> Result<(), SimError> {
        self.comp = comp_for(head);
        let mut rest = head;
        while !rest.is_empty() {
            let n = self.feed_compressed(rest, usize::MAX, out)?;
            rest = &rest[n..];
        }
        Ok(())
    }

    fn feed_compressed(&mut self, data: &[u8], budget: usize, out: Out) -> Result<usize, SimError> {
        match &mut self.comp {
            Comp::Gzip(_) => {
                let mut used = 0;
                let mut done = 0;
                while used < data.len() && done < budget {
                    let Comp::Gzip(d) = &mut self.comp else { break };
                    // One write inflates at most the decoder's 32 KiB buffer.
                    let n = d.write(&data[used..]).map_err(|e| gzip_error(&self.name, e))?;
                    if n == 0 {
                        return Err(gzip_error(&self.name, std::io::ErrorKind::WriteZero.into()));
                    }
                    used += n;
                    if d.get_ref().len() >= PIECE {
                        done += self.flush_gzip(out)?;
                    }
                }
                self.flush_gzip(out)?;
                Ok(used)
            }
            Comp::Zstd(buf) => {
                buf.extend_from_slice(data);
                Ok(data.len())
            }
            Comp::None | Comp::Sniff(_) => {
                let n = data.len().min(budget.max(1));
                out(&data[..n], true)?;
                Ok(n)
            }
            Comp::Unzstd(_) | Comp::Done => {
                Err(SimError::Input(format!("{}: bytes fed after the end of the input", self.name)))
            }
        }
    }

    /// Hands what the gzip decoder wrote on; returns how many bytes.
    fn flush_gzip(&mut self, out: Out) -> Result<usize, SimError> {
        let Comp::Gzip(d) = &mut self.comp else { return Ok(0) };
        self.peak_piece = self.peak_piece.max(d.get_ref().capacity());
        let mut v = std::mem::take(d.get_mut());
        let n = v.len();
        let r = out(&v, false);
        v.clear();
        if let Comp::Gzip(d) = &mut self.comp {
            *d.get_mut() = v;
        }
        r.map(|()| n)
    }

    /// Decodes what the decompressor still holds once the input has ended, at
    /// most about `budget` bytes; true when all of it is decoded.
    pub fn finish(&mut self, budget: usize, out: Out) -> Result<bool, SimError> {
        if let Comp::Sniff(buf) = &mut self.comp {
            let head = std::mem::take(buf);
            self.start_with(&head, out)?;
        }
        match std::mem::replace(&mut self.comp, Comp::Done) {
            Comp::Gzip(mut d) => {
                d.try_finish().map_err(|e| gzip_error(&self.name, e))?;
                let v = std::mem::take(d.get_mut());
                self.peak_piece = self.peak_piece.max(v.capacity());
                out(&v, false)?;
                Ok(true)
            }
            Comp::Zstd(input) => {
                self.comp = Comp::Unzstd(Box::new(Unzstd { input, pos: 0, dec: FrameDecoder::new(), in_frame: false }));
                self.unzstd(budget, out)
            }
            Comp::Unzstd(z) => {
                self.comp = Comp::Unzstd(z);
                self.unzstd(budget, out)
            }
            Comp::None | Comp::Sniff(_) | Comp::Done => Ok(true),
        }
    }

    /// Decodes kept zstd input, a block at a time, until about `budget` bytes
    /// came out; true at the end of the last frame.
    fn unzstd(&mut self, budget: usize, out: Out) -> Result<bool, SimError> {
        let name = self.name.clone();
        let corrupt =
            |e: &dyn std::fmt::Display| SimError::Input(format!("{name}: the zstd data is corrupt or truncated ({e})"));
        let mut done = 0;
        while done < budget {
            let Comp::Unzstd(z) = &mut self.comp else { return Ok(true) };
            if !z.in_frame {
                if z.pos >= z.input.len() {
                    self.comp = Comp::Done;
                    return Ok(true);
                }
                let mut src = &z.input[z.pos..];
                match z.dec.reset(&mut src) {
                    Ok(()) => {
                        z.pos = z.input.len() - src.len();
                        z.in_frame = true;
                    }
                    // A skippable frame: its length follows its magic number.
                    Err(FrameDecoderError::ReadFrameHeaderError(ReadFrameHeaderError::SkipFrame {
                        length, ..
                    })) => {
                        z.pos = (z.input.len() - src.len()).saturating_add(length as usize);
                        if z.pos > z.input.len() {
                            return Err(corrupt(&"a skippable frame runs past the end"));
                        }
                        continue;
                    }
                    Err(e) => return Err(corrupt(&e)),
                }
            }
            let mut src = &z.input[z.pos..];
            let finished = if z.dec.is_finished() {
                true
            } else {
                let f =
                    z.dec.decode_blocks(&mut src, BlockDecodingStrategy::UptoBytes(PIECE)).map_err(|e| corrupt(&e))?;
                z.pos = z.input.len() - src.len();
                f
            };
            let piece = z.dec.collect().unwrap_or_default();
            if finished {
                z.in_frame = false;
            }
            self.peak_piece = self.peak_piece.max(piece.len());
            done += piece.len();
            out(&piece, false)?;
        }
        Ok(false)
    }

    /// Compressed bytes decoded so far (all the bytes taken, for plain files).
    pub fn consumed(&self) -> u64 {
        match &self.comp {
            Comp::Zstd(_) => 0,
            Comp::Unzstd(z) => z.pos as u64,
            _ => self.taken,
        }
    }

    /// The largest piece of decoded bytes held at once so far.
    pub fn peak_piece(&self) -> usize {
        self.peak_piece
    }
}

fn gzip_error(name: &str, e: std::io::Error) -> SimError {
    SimError::Input(format!("{name}: the gzip data is corrupt or truncated ({e})"))
}

fn comp_for(head: &[u8]) -> Comp {
    match head {
        [0x1f, 0x8b, ..] => Comp::Gzip(Box::new(flate2::write::MultiGzDecoder::new(Vec::new()))),
        [0x28, 0xb5, 0x2f, 0xfd, ..] => Comp::Zstd(Vec::new()),
        _ => Comp::None,
    }
}
