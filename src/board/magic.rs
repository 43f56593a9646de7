//! Slider attacks for unlimited orthogonal ("rook") and diagonal ("bishop") riders.
//!
//! Two back ends behind one trait: fancy magic bitboards for `u64` boards of any shape
//! (the tables are found at variant set-up with a fixed seed, a few milliseconds), and a
//! ray scan (first blocker by lsb/msb) for `u128` and wide boards, where magic
//! multiplication does not exist.

use super::bitboard::Bitboard;
use super::geometry::Geometry;

/// The eight ray directions: four orthogonal, then four diagonal.
pub const DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, -1),
    (-1, 1),
];
pub const ORTHOGONAL: std::ops::Range<usize> = 0..4;
pub const DIAGONAL: std::ops::Range<usize> = 4..8;

/// `rays[dir][sq]`: the squares from `sq` (exclusive) to the board edge in direction `dir`.
pub struct Rays<B> {
    pub rays: [Vec<B>; 8],
    /// Whether squares along the direction have increasing indices.
    pub ascending: [bool; 8],
}

impl<B: Bitboard> Rays<B> {
    pub fn new(geo: Geometry) -> Rays<B> {
        let rays = std::array::from_fn(|d| {
            let (dx, dy) = DIRECTIONS[d];
            (0..geo.squares())
                .map(|sq| {
                    let mut b = B::EMPTY;
                    let mut cur = sq;
                    while let Some(next) = geo.offset(cur, dx, dy) {
                        b |= B::from_square(next);
                        cur = next;
                    }
                    b
                })
                .collect()
        });
        let ascending = std::array::from_fn(|d| {
            let (dx, dy) = DIRECTIONS[d];
            dy * geo.files() as i32 + dx > 0
        });
        Rays { rays, ascending }
    }

    /// Attacks along one ray, stopping at (and including) the first occupied square.
    #[inline(always)]
    pub fn ray_attacks(&self, dir: usize, sq: usize, occ: B) -> B {
        let ray = self.rays[dir][sq];
        let blockers = ray & occ;
        if blockers.is_empty() {
            return ray;
        }
        let first = if self.ascending[dir] {
            blockers.lsb()
        } else {
            blockers.msb()
        };
        ray ^ self.rays[dir][first]
    }

    pub fn slide(&self, dirs: std::ops::Range<usize>, sq: usize, occ: B) -> B {
        dirs.fold(B::EMPTY, |acc, d| acc | self.ray_attacks(d, sq, occ))
    }
}

pub trait Sliders<B>: Send + Sync + Sized {
    fn build(geo: Geometry, rays: &Rays<B>) -> Self;
    fn orthogonal(&self, rays: &Rays<B>, sq: usize, occ: B) -> B;
    fn diagonal(&self, rays: &Rays<B>, sq: usize, occ: B) -> B;
}

/// Ray scans: used where no magic multiplication exists (`u128`, wide boards).
pub struct RaySliders;

impl<B: Bitboard> Sliders<B> for RaySliders {
    fn build(_: Geometry, _: &Rays<B>) -> Self {
        RaySliders
    }
    #[inline(always)]
    fn orthogonal(&self, rays: &Rays<B>, sq: usize, occ: B) -> B {
        rays.ray_attacks(0, sq, occ)
            | rays.ray_attacks(1, sq, occ)
            | rays.ray_attacks(2, sq, occ)
            | rays.ray_attacks(3, sq, occ)
    }
    #[inline(always)]
    fn diagonal(&self, rays: &Rays<B>, sq: usize, occ: B) -> B {
        rays.ray_attacks(4, sq, occ)
            | rays.ray_attacks(5, sq, occ)
            | rays.ray_attacks(6, sq, occ)
            | rays.ray_attacks(7, sq, occ)
    }
}

#[derive(Clone, Copy, Default)]
struct MagicEntry {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: u32,
}

/// Fancy magic bitboards for one board shape: one entry per square and per slider kind,
/// all attack sets in one shared table.
pub struct Magics {
    orthogonal: Vec<MagicEntry>,
    diagonal: Vec<MagicEntry>,
    table: Vec<u64>,
}

impl Magics {
    #[inline(always)]
    fn lookup(&self, e: &MagicEntry, occ: u64) -> u64 {
        let idx = ((occ & e.mask).wrapping_mul(e.magic) >> e.shift) as usize;
        // SAFETY: `build` sized the table so that every index a magic can produce
        // (below 1 << (64 - shift)) at `offset` lies inside it.
        unsafe { *self.table.get_unchecked(e.offset as usize + idx) }
    }
}

impl Sliders<u64> for Magics {
    fn build(geo: Geometry, rays: &Rays<u64>) -> Self {
        let mut table = Vec::new();
        let mut rng = 0x9E37_79B9_7F4A_7C15u64;
        let mut build_kind = |dirs: std::ops::Range<usize>| -> Vec<MagicEntry> {
            (0..geo.squares())
                .map(|sq| find_magic(geo, rays, dirs.clone(), sq, &mut table, &mut rng))
                .collect()
        };
        let orthogonal = build_kind(ORTHOGONAL);
        let diagonal = build_kind(DIAGONAL);
        Magics {
            orthogonal,
            diagonal,
            table,
        }
    }
    #[inline(always)]
    fn orthogonal(&self, _: &Rays<u64>, sq: usize, occ: u64) -> u64 {
        self.lookup(&self.orthogonal[sq], occ)
    }
    #[inline(always)]
    fn diagonal(&self, _: &Rays<u64>, sq: usize, occ: u64) -> u64 {
        self.lookup(&self.diagonal[sq], occ)
    }
}

fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// Relevant occupancy: each ray without its last square (a blocker there changes nothing).
fn relevant_mask(geo: Geometry, rays: &Rays<u64>, dirs: std::ops::Range<usize>, sq: usize) -> u64 {
    let mut mask = 0;
    for d in dirs {
        let ray = rays.rays[d][sq];
        if ray != 0 {
            let last = if rays.ascending[d] {
                ray.msb()
            } else {
                ray.lsb()
            };
            mask |= ray & !(1u64 << last);
        }
    }
    debug_assert!(geo.squares() <= 64);
    mask
}

fn find_magic(
    geo: Geometry,
    rays: &Rays<u64>,
    dirs: std::ops::Range<usize>,
    sq: usize,
    table: &mut Vec<u64>,
    rng: &mut u64,
) -> MagicEntry {
    let mask = relevant_mask(geo, rays, dirs.clone(), sq);
    // Every subset of the mask with its attack set.
    let mut occupancies = Vec::new();
    let mut attacks = Vec::new();
    let mut sub = 0u64;
    loop {
        occupancies.push(sub);
        attacks.push(rays.slide(dirs.clone(), sq, sub));
        sub = sub.wrapping_sub(mask) & mask;
        if sub == 0 {
            break;
        }
    }
    // Odd board shapes can make a perfect-size magic rare: after a bounded number of
    // tries, allow one more index bit (a table twice as large) and search again.
    let mut bits = mask.count_ones().max(1);
    loop {
        if let Some(entry) = try_magics(mask, bits, &occupancies, &attacks, table, rng) {
            return entry;
        }
        bits += 1;
    }
}

fn try_magics(
    mask: u64,
    bits: u32,
    occupancies: &[u64],
    attacks: &[u64],
    table: &mut Vec<u64>,
    rng: &mut u64,
) -> Option<MagicEntry> {
    const TRIES: u32 = 5_000;
    let size = 1usize << bits;
    let shift = 64 - bits;
    let offset = table.len();
    table.resize(offset + size, 0);
    let mut epoch = vec![0u32; size];
    for attempt in 1..=TRIES {
        let magic = if mask == 0 {
            0
        } else {
            xorshift(rng) & xorshift(rng) & xorshift(rng)
        };
        // Cheap pre-filter (as Stockfish does): a usable magic spreads the mask over
        // the top index bits; most random candidates fail this without a table pass.
        if bits >= 8 && (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        let mut ok = true;
        for (occ, att) in occupancies.iter().zip(attacks) {
            let idx = (occ.wrapping_mul(magic) >> shift) as usize;
            let slot = &mut table[offset + idx];
            if epoch[idx] < attempt {
                epoch[idx] = attempt;
                *slot = *att;
            } else if *slot != *att {
                ok = false;
                break;
            }
        }
        if ok {
            return Some(MagicEntry {
                mask,
                magic,
                shift,
                offset: offset as u32,
            });
        }
    }
    table.truncate(offset);
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn random_occupancy(rng: &mut u64, squares: usize) -> u64 {
        let bits = xorshift(rng) & xorshift(rng);
        if squares == 64 {
            bits
        } else {
            bits & ((1u64 << squares) - 1)
        }
    }

    #[test]
    fn magics_match_ray_scans_on_every_u64_shape() {
        for (files, ranks) in [(8, 8), (5, 5), (6, 6), (7, 9), (4, 16), (16, 4), (1, 1)] {
            let geo = Geometry::new(files, ranks).unwrap();
            let rays = Rays::<u64>::new(geo);
            let magics = Magics::build(geo, &rays);
            let mut rng = 12345u64;
            for _ in 0..2000 {
                let occ = random_occupancy(&mut rng, geo.squares());
                for sq in 0..geo.squares() {
                    assert_eq!(
                        Sliders::orthogonal(&magics, &rays, sq, occ),
                        RaySliders.orthogonal(&rays, sq, occ),
                        "{files}x{ranks} rook on {sq}"
                    );
                    assert_eq!(
                        Sliders::diagonal(&magics, &rays, sq, occ),
                        RaySliders.diagonal(&rays, sq, occ),
                        "{files}x{ranks} bishop on {sq}"
                    );
                }
            }
        }
    }
}
