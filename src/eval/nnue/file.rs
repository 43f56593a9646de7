//! The network file format (`nets/*.nnue`, UCI `EvalFile`), read and written here only.
//! All numbers little-endian; docs/eval.md has the same table.
//!
//! ```text
//! magic        8 bytes   "PROTNNUE"
//! version      u32       FORMAT_VERSION (1)
//! names        u16 n, n bytes UTF-8: the variants it serves, separated by spaces
//! files ranks  u16 u16   the board
//! feature set  u16       features::FEATURE_SET (1)
//! kinds        u16 k, k bytes: the kinds' FEN letters in the variant's order
//! hand slots   u16       0 without hands
//! inputs       u32       must be 2·k·(files·ranks + hand slots)
//! hidden       u32       1..=MAX_HIDDEN
//! outputs      u32       1
//! QA QB SCALE  u16 ×3    quantisation (must be this build's network::QA, QB, SCALE)
//! w1           i16 × inputs·hidden (input-major)
//! b1           i16 × hidden
//! w2           i16 × 2·hidden (side to move's half first)
//! b2           i32
//! checksum     u32       FNV-1a of every byte before it
//! ```
//!
//! Every malformed file is refused with a message naming the file and the fault:
//! truncated, trailing bytes, wrong magic, version, feature set or quantisation,
//! sizes that disagree, bad checksum. Whether it fits a variant is `Network::fits`.

use super::features::{FeatureSet, FEATURE_SET};
use super::network::{Network, QA, QB, SCALE};
use crate::board::Geometry;
use std::path::Path;

pub const MAGIC: &[u8; 8] = b"PROTNNUE";
pub const FORMAT_VERSION: u32 = 1;
pub const MAX_HIDDEN: usize = 4096;
/// Files larger than this are refused before reading.
pub const MAX_FILE_BYTES: u64 = 256 << 20;

/// FNV-1a, 32 bits.
pub fn checksum(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5u32, |h, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// Whether `bytes` start like a network file (else it may be a parameter table).
pub fn is_network(bytes: &[u8]) -> bool {
    bytes.starts_with(MAGIC)
}

/// Whether the file at `path` starts with the network magic (a file that cannot be
/// read is left to the parameter-file reader to report).
pub fn starts_like_network(path: &Path) -> bool {
    use std::io::Read;
    let mut head = [0u8; 8];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut head))
        .is_ok()
        && is_network(&head)
}

/// The file's bytes.
pub fn write(net: &Network) -> Vec<u8> {
    let mut b = Vec::with_capacity(64 + 2 * net.w1.len());
    b.extend_from_slice(MAGIC);
    b.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    let names = net.variants.join(" ");
    b.extend_from_slice(&(names.len() as u16).to_le_bytes());
    b.extend_from_slice(names.as_bytes());
    b.extend_from_slice(&(net.features.geo.files() as u16).to_le_bytes());
    b.extend_from_slice(&(net.features.geo.ranks() as u16).to_le_bytes());
    b.extend_from_slice(&FEATURE_SET.to_le_bytes());
    b.extend_from_slice(&(net.letters.len() as u16).to_le_bytes());
    b.extend(net.letters.iter().map(|&c| c as u8));
    b.extend_from_slice(&(net.features.hand_slots as u16).to_le_bytes());
    b.extend_from_slice(&(net.features.count() as u32).to_le_bytes());
    b.extend_from_slice(&(net.hidden as u32).to_le_bytes());
    b.extend_from_slice(&1u32.to_le_bytes());
    for q in [QA, QB, SCALE] {
        b.extend_from_slice(&(q as u16).to_le_bytes());
    }
    for v in net.w1.iter().chain(&net.b1).chain(&net.w2) {
        b.extend_from_slice(&v.to_le_bytes());
    }
    b.extend_from_slice(&net.b2.to_le_bytes());
    let sum = checksum(&b);
    b.extend_from_slice(&sum.to_le_bytes());
    b
}

/// Reads and checks a network file.
pub fn read(path: &Path) -> Result<Network, String> {
    let shown = path.display().to_string();
    let meta = std::fs::metadata(path).map_err(|e| format!("{shown}: {e}"))?;
    if !meta.is_file() {
        return Err(format!("{shown}: not a file"));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(format!(
            "{shown}: {} bytes, more than a network file's limit of {MAX_FILE_BYTES}",
            meta.len()
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| format!("{shown}: {e}"))?;
    parse(&bytes, &shown)
}

/// A cursor that reports running out as a truncated file.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    source: &'a str,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, what: &str) -> Result<&'a [u8], String> {
        if self.bytes.len() - self.at < n {
            return Err(format!(
                "{}: truncated ({} bytes) while reading {what}",
                self.source,
                self.bytes.len()
            ));
        }
        let s = &self.bytes[self.at..self.at + n];
        self.at += n;
        Ok(s)
    }
    fn u16(&mut self, what: &str) -> Result<u16, String> {
        Ok(u16::from_le_bytes(
            self.take(2, what)?.try_into().unwrap_or([0; 2]),
        ))
    }
    fn u32(&mut self, what: &str) -> Result<u32, String> {
        Ok(u32::from_le_bytes(
            self.take(4, what)?.try_into().unwrap_or([0; 4]),
        ))
    }
    fn i16s(&mut self, n: usize, what: &str) -> Result<Vec<i16>, String> {
        let raw = self.take(2 * n, what)?;
        Ok(raw
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect())
    }
}

/// The variant names in a network file's header, without reading its weights (`None`
/// for a file that is not a readable network: `parse` says why).
pub fn variant_names(bytes: &[u8]) -> Option<Vec<&str>> {
    let mut r = Reader {
        bytes,
        at: 0,
        source: "",
    };
    if r.take(8, "").ok()? != MAGIC || r.u32("").ok()? != FORMAT_VERSION {
        return None;
    }
    let n = r.u16("").ok()? as usize;
    let names = std::str::from_utf8(r.take(n, "").ok()?).ok()?;
    Some(names.split_whitespace().collect())
}

/// Parses a network file's bytes; `source` names it in messages.
pub fn parse(bytes: &[u8], source: &str) -> Result<Network, String> {
    let mut r = Reader {
        bytes,
        at: 0,
        source,
    };
    let err = |msg: String| Err(format!("{source}: {msg}"));
    if r.take(8, "the magic")? != MAGIC {
        return err("not a network file (bad magic)".into());
    }
    let version = r.u32("the version")?;
    if version != FORMAT_VERSION {
        return err(format!(
            "format version {version}, this build reads version {FORMAT_VERSION}"
        ));
    }
    let n = r.u16("the names")? as usize;
    let names = std::str::from_utf8(r.take(n, "the names")?)
        .map_err(|_| format!("{source}: the variant names are not UTF-8"))?;
    let variants: Vec<String> = names.split_whitespace().map(str::to_string).collect();
    if variants.is_empty() {
        return err("names no variant".into());
    }
    let files = r.u16("the board size")? as usize;
    let ranks = r.u16("the board size")? as usize;
    let geo = Geometry::new(files, ranks).map_err(|e| format!("{source}: {}", e.0))?;
    let set = r.u16("the feature set")?;
    if set != FEATURE_SET {
        return err(format!(
            "feature set {set}, this build knows feature set {FEATURE_SET}"
        ));
    }
    let k = r.u16("the kinds")? as usize;
    if k == 0 || k > crate::variant::rules::MAX_KINDS {
        return err(format!(
            "{k} piece kinds (1..{} allowed)",
            crate::variant::rules::MAX_KINDS
        ));
    }
    let letters: Vec<char> = r.take(k, "the kinds")?.iter().map(|&b| b as char).collect();
    if !letters.iter().all(char::is_ascii_alphabetic) {
        return err("a piece letter is not a letter".into());
    }
    let hand_slots = r.u16("the hand slots")? as usize;
    let features = FeatureSet {
        geo,
        kinds: k,
        hand_slots,
    };
    let inputs = r.u32("the layer sizes")? as usize;
    let hidden = r.u32("the layer sizes")? as usize;
    let outputs = r.u32("the layer sizes")? as usize;
    if inputs != features.count() {
        return err(format!(
            "{inputs} inputs, but {k} kinds on {files}x{ranks} with {hand_slots} hand slots make {}",
            features.count()
        ));
    }
    if hidden == 0 || hidden > MAX_HIDDEN {
        return err(format!(
            "hidden layer of {hidden} (1..={MAX_HIDDEN} allowed)"
        ));
    }
    if outputs != 1 {
        return err(format!("{outputs} outputs (only 1 is supported)"));
    }
    let q = [
        r.u16("the quantisation")?,
        r.u16("the quantisation")?,
        r.u16("the quantisation")?,
    ];
    if q.map(i32::from) != [QA, QB, SCALE] {
        return err(format!(
            "quantisation {} {} {}, this build uses {QA} {QB} {SCALE}",
            q[0], q[1], q[2]
        ));
    }
    let expected = r.at + 2 * (inputs * hidden + hidden + 2 * hidden) + 4 + 4;
    if bytes.len() < expected {
        return err(format!(
            "truncated: {} bytes, the header announces {expected}",
            bytes.len()
        ));
    }
    if bytes.len() > expected {
        return err(format!(
            "{} bytes after the network's end",
            bytes.len() - expected
        ));
    }
    let stored = u32::from_le_bytes(bytes[expected - 4..].try_into().unwrap_or([0; 4]));
    if checksum(&bytes[..expected - 4]) != stored {
        return err("checksum mismatch (the file is corrupt)".into());
    }
    let w1 = r.i16s(inputs * hidden, "the input weights")?;
    let b1 = r.i16s(hidden, "the hidden biases")?;
    let w2 = r.i16s(2 * hidden, "the output weights")?;
    let b2 = r.u32("the output bias")? as i32;
    Ok(Network {
        source: source.to_string(),
        variants,
        features,
        letters,
        hidden,
        w1,
        b1,
        w2,
        b2,
    })
}
