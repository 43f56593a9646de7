//! Mutations of a protocol command line for the seeded UCI and XBoard fuzz tests: bit
//! flips, truncations, a word swapped for a junk token, a very long tail, invalid UTF-8,
//! or (where allowed) random bytes. The fuzz tests pick what each protocol needs.

use super::Rng;

/// How one protocol's fuzz mutates its command lines.
pub struct Mutations<'a> {
    /// Tokens that replace a random word of the line.
    pub junk: &'a [&'a str],
    /// Length of the repeated-letter tail appended to a line.
    pub long_tail: usize,
    /// Whether a line may be replaced by random bytes.
    pub random_bytes: bool,
    /// Weight of leaving the line unchanged, against one for each mutation.
    pub unchanged: usize,
}

/// `line`, mutated one of the ways `m` allows (or unchanged).
pub fn mutate(rng: &mut Rng, line: &str, m: &Mutations) -> Vec<u8> {
    let kinds = if m.random_bytes { 6 } else { 5 };
    let mut b = line.as_bytes().to_vec();
    match rng.below(kinds + m.unchanged) {
        0 => {
            for _ in 0..1 + rng.below(3) {
                if !b.is_empty() {
                    let i = rng.below(b.len());
                    b[i] ^= 1 << rng.below(8);
                }
            }
        }
        1 => b.truncate(rng.below(b.len() + 1)),
        2 => {
            let mut words: Vec<&str> = line.split(' ').collect();
            let i = rng.below(words.len());
            words[i] = m.junk[rng.below(m.junk.len())];
            b = words.join(" ").into_bytes();
        }
        3 => b.extend(std::iter::repeat_n(b'a' + rng.below(26) as u8, m.long_tail)),
        4 => b.extend_from_slice(&[0xff, 0xfe, 0x80, b' ', 0xc3]),
        5 if m.random_bytes => {
            // Random bytes, newlines aside (a newline would split the command).
            b = (0..rng.below(200))
                .map(|_| rng.next() as u8)
                .filter(|&c| c != b'\n')
                .collect();
        }
        _ => {}
    }
    b
}
