//! The values masked so far, to be recognised wherever they show up again (printed, in a
//! message, in a later answer): "seen once, masked always" for the server's lifetime, up to
//! [`SEEN_BYTES`] of values; past that the oldest are forgotten first.
//!
//! Text is searched in one pass whatever the number of values: each value is indexed by its
//! first [`SEEN_MIN_CHARS`] bytes, and only the places where a value could start as a whole
//! word of the text are looked up.

use std::collections::{HashMap, VecDeque};
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

/// The most bytes of values remembered (each value counted by its length).
pub const SEEN_BYTES: usize = 256 * 1024;
/// Shorter values are not remembered: masking every `admin` in the output would hide
/// more than it protects. Also the length of the index's key.
pub const SEEN_MIN_CHARS: usize = 6;

/// A value's first bytes as the index's key.
fn key(bytes: &[u8]) -> u64 {
    let mut k = [0u8; 8];
    k[..SEEN_MIN_CHARS].copy_from_slice(&bytes[..SEEN_MIN_CHARS]);
    u64::from_le_bytes(k)
}

/// The index's keys are bytes of text already: one multiply spreads them.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (n ^ (n >> 29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

pub struct Seen {
    /// Oldest first.
    order: VecDeque<Arc<str>>,
    index: HashMap<u64, Vec<Arc<str>>, BuildHasherDefault<KeyHasher>>,
    bytes: usize,
    /// How many values were ever learned: a listing compares it to know it taught one.
    learned: usize,
    /// How many remembered values start with each byte: most places of a text are passed
    /// over on this alone.
    first_bytes: Box<[u32; 256]>,
}

impl Default for Seen {
    fn default() -> Self {
        Self {
            order: VecDeque::new(),
            index: HashMap::default(),
            bytes: 0,
            learned: 0,
            first_bytes: Box::new([0; 256]),
        }
    }
}

impl Seen {
    /// Remember `value` (once; short values and masks are not).
    pub fn learn(&mut self, value: &str) {
        if value.len() < SEEN_MIN_CHARS
            || value.chars().count() < SEEN_MIN_CHARS
            || value.starts_with("<redacted: ")
            || value.len() > SEEN_BYTES
        {
            return;
        }
        let slot = self.index.entry(key(value.as_bytes())).or_default();
        if slot.iter().any(|s| &**s == value) {
            return;
        }
        let value: Arc<str> = value.into();
        slot.push(value.clone());
        self.learned += 1;
        self.first_bytes[usize::from(value.as_bytes()[0])] += 1;
        self.order.push_back(value.clone());
        self.bytes += value.len();
        while self.bytes > SEEN_BYTES {
            let Some(oldest) = self.order.pop_front() else {
                break;
            };
            self.bytes -= oldest.len();
            self.first_bytes[usize::from(oldest.as_bytes()[0])] -= 1;
            let k = key(oldest.as_bytes());
            if let Some(slot) = self.index.get_mut(&k) {
                slot.retain(|s| !Arc::ptr_eq(s, &oldest));
                if slot.is_empty() {
                    self.index.remove(&k);
                }
            }
        }
    }

    /// How many values were ever learned (forgotten ones included).
    pub fn learned(&self) -> usize {
        self.learned
    }

    /// Where remembered values show up in `text` as whole words (not a piece of a longer
    /// one: `deploy` in `deploying`), as byte spans.
    pub fn find(&self, text: &str) -> Vec<(usize, usize)> {
        let mut found = Vec::new();
        if self.order.is_empty() {
            return found;
        }
        let bytes = text.as_bytes();
        let alnum = |b: u8| b.is_ascii_alphanumeric() || b >= 0x80;
        for at in 0..bytes.len().saturating_sub(SEEN_MIN_CHARS - 1) {
            if self.first_bytes[usize::from(bytes[at])] == 0 {
                continue;
            }
            // A value starting with a word character starts a word of the text.
            if at > 0 && alnum(bytes[at - 1]) && alnum(bytes[at]) {
                continue;
            }
            let Some(values) = self.index.get(&key(&bytes[at..])) else {
                continue;
            };
            for value in values {
                let end = at + value.len();
                let glued = end < bytes.len()
                    && alnum(bytes[end])
                    && value.as_bytes().last().is_some_and(|&b| alnum(b));
                if bytes[at..].starts_with(value.as_bytes()) && !glued {
                    found.push((at, end));
                }
            }
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_found_as_whole_words_only() {
        let mut seen = Seen::default();
        seen.learn("hunter22");
        seen.learn("deploy");
        seen.learn("short");
        assert_eq!(
            seen.order.len(),
            2,
            "a value under 6 characters is not remembered"
        );
        assert_eq!(seen.find("login with hunter22."), [(11, 19)]);
        assert!(seen.find("deploying xhunter22").is_empty());
        assert_eq!(seen.find("'deploy'"), [(1, 7)]);
    }

    /// Thousands of values after one: it is still recognised, and the memory stays within
    /// its bound, forgetting the oldest first.
    #[test]
    fn the_memory_is_bounded_by_bytes_not_by_a_count() {
        let mut seen = Seen::default();
        seen.learn("first-secret-value");
        for i in 0..5000 {
            seen.learn(&format!("tk{i:04}-Qx7Lm2Vb9Rn"));
        }
        assert_eq!(seen.find("printed first-secret-value"), [(8, 26)]);
        assert_eq!(seen.find("tk0042-Qx7Lm2Vb9Rn").len(), 1);
        for i in 0..20_000 {
            seen.learn(&format!("filler-{i:05}-{}", "x".repeat(20)));
        }
        assert!(seen.bytes <= SEEN_BYTES, "{}", seen.bytes);
        assert!(
            seen.find("printed first-secret-value").is_empty(),
            "oldest forgotten"
        );
    }
}
