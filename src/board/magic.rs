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
        Rays::shaped(geo, B::EMPTY)
    }

    /// The rays of a board whose `walls` are no squares of it: a ray ends before the
    /// first wall, as at the edge (so every slider back end stops there, and a ray
    /// from a square further along is still the tail of one from nearer).
    pub fn shaped(geo: Geometry, walls: B) -> Rays<B> {
        let rays = std::array::from_fn(|d| {
            let (dx, dy) = DIRECTIONS[d];
            (0..geo.squares())
                .map(|sq| {
                    let mut b = B::EMPTY;
                    let mut cur = sq;
                    while let Some(next) = geo.offset(cur, dx, dy).filter(|&n| !walls.has(n)) {
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
    /// Entries in the shared attack table (102,400 + 5,248 when every 8x8 magic is
    /// perfectly sized).
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// The magic numbers in use, per square (orthogonal, diagonal).
    pub fn numbers(&self) -> (Vec<u64>, Vec<u64>) {
        (
            self.orthogonal.iter().map(|e| e.magic).collect(),
            self.diagonal.iter().map(|e| e.magic).collect(),
        )
    }

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
        let chess = geo == Geometry::CHESS && std::env::var_os("PROTEAN_MAGIC_TRIES").is_none();
        let mut build_kind = |dirs: std::ops::Range<usize>, known: &[u64; 64]| -> Vec<MagicEntry> {
            (0..geo.squares())
                .map(|sq| {
                    let hint = chess.then(|| known[sq]);
                    find_magic(geo, rays, dirs.clone(), sq, hint, &mut table, &mut rng)
                })
                .collect()
        };
        let orthogonal = build_kind(ORTHOGONAL, &KNOWN_8X8_ORTHOGONAL);
        let diagonal = build_kind(DIAGONAL, &KNOWN_8X8_DIAGONAL);
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

/// Magics for the 8x8 board found by this module's own search with
/// `PROTEAN_MAGIC_TRIES=100000000` (every table perfectly sized, 107,648 entries in
/// all); they spare start-up the search. Each is verified before use.
const KNOWN_8X8_ORTHOGONAL: [u64; 64] = [
    0x2080002080400010,
    0x00C0002001401000,
    0x2100110008402002,
    0x0880080081041000,
    0x0200020020041008,
    0x2300040008010012,
    0x0C00283004008201,
    0x0180010000407A80,
    0x0168800080400020,
    0x0010400040201000,
    0x1001002001001048,
    0x1001002408100100,
    0x0801000408010012,
    0x4001000209000400,
    0x08A20004C8020001,
    0x2002801145002280,
    0x0080860021004200,
    0x001000C009402002,
    0x00B0002004002800,
    0x100A808010020800,
    0x8101010008000410,
    0x0244008002000480,
    0x0000040010810208,
    0x2000020000448534,
    0x4104400480008033,
    0x0000810100204000,
    0x0440430900200010,
    0x4600240900100100,
    0x0060080080040080,
    0x0001000300080400,
    0x0004084400011002,
    0x0023040200008041,
    0x0580050043002080,
    0x0400804002802008,
    0x0001002001004010,
    0x1000200901001000,
    0x4410800801800C00,
    0xA012003806001004,
    0x0020100104008802,
    0x0004808402000041,
    0x0010400170898000,
    0x0080500020004004,
    0x1040408012020020,
    0x8010040008004040,
    0x2001080100110004,
    0x0000020004008080,
    0x0021010810040002,
    0x0800008C43020024,
    0x0000800021005100,
    0x0070201040008080,
    0x0000D04282006A00,
    0x0010014400080240,
    0x0001080110050100,
    0x0012000810240600,
    0x0402000801040200,
    0x028100108A004100,
    0x0050800300102045,
    0x8208210040120882,
    0x8010600101183441,
    0x020B000910006045,
    0x0241001002480005,
    0x0081000400880241,
    0x0000009008024124,
    0x0048122980410402,
];
const KNOWN_8X8_DIAGONAL: [u64; 64] = [
    0xA202200801014082,
    0x8010160091020008,
    0x8010212202222180,
    0x008C040080110000,
    0x0944030806006B00,
    0x8882080208105010,
    0x0020410410408024,
    0x0902020080A49000,
    0x1800400202440109,
    0x6801842104040090,
    0x0000220685020000,
    0x0000090405000000,
    0x10A06202100804C0,
    0x0159028A30408806,
    0x0030042114300430,
    0x9810808429011004,
    0x0440800C11224200,
    0x8004201010420040,
    0x2810108A0400400C,
    0x4020208402418084,
    0x080A100401200480,
    0x4612001100424610,
    0x2005200408861000,
    0x005204008A0D0300,
    0x0250340208208446,
    0x0211208414040400,
    0x8100220010040040,
    0x4008080200202020,
    0x2441001013004000,
    0x1008020000414A08,
    0x04018E0011863000,
    0x0404010082406200,
    0x0921042080112101,
    0x042C100200480210,
    0x0A44040902020200,
    0x00048E0080580080,
    0x0040102020020080,
    0xAA200800804240C2,
    0x005002008082208A,
    0x4014040080C02080,
    0x0006100422003402,
    0x0100580A08041010,
    0x0000804840411800,
    0x2200004208000080,
    0x418020A009000380,
    0x0092081008200900,
    0x0014080801202040,
    0x0002208202020084,
    0x08040A0822091000,
    0x2101490411200100,
    0x0D401110980C0000,
    0x8000020104A80100,
    0x000C000821044011,
    0x1540250810070000,
    0x4022080208004160,
    0x4010044812404048,
    0x2000804801900800,
    0x0801010048040403,
    0x0008860022251010,
    0x4104058024208801,
    0x0000080020052404,
    0x8211001588100100,
    0x9000400892229200,
    0x0050100E00A02200,
];

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
    hint: Option<u64>,
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
    // A magic found earlier for this square (8x8): verified like any candidate, and
    // the search below runs only if it does not fit.
    if let Some(magic) = hint {
        if let Some(entry) = try_magics(mask, bits, Some(magic), &occupancies, &attacks, table, rng)
        {
            return entry;
        }
    }
    loop {
        if let Some(entry) = try_magics(mask, bits, None, &occupancies, &attacks, table, rng) {
            return entry;
        }
        bits += 1;
    }
}

/// Candidates tried per index size before allowing one more bit. Short at run time
/// (odd board shapes only); `PROTEAN_MAGIC_TRIES` raises it to regenerate the 8x8 list
/// with perfectly sized tables.
fn search_tries() -> u32 {
    std::env::var("PROTEAN_MAGIC_TRIES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5_000)
}

fn try_magics(
    mask: u64,
    bits: u32,
    only: Option<u64>,
    occupancies: &[u64],
    attacks: &[u64],
    table: &mut Vec<u64>,
    rng: &mut u64,
) -> Option<MagicEntry> {
    let size = 1usize << bits;
    let shift = 64 - bits;
    let offset = table.len();
    table.resize(offset + size, 0);
    let mut epoch = vec![0u32; size];
    let tries = if only.is_some() { 1 } else { search_tries() };
    for attempt in 1..=tries {
        let magic = match only {
            Some(m) => m,
            None if mask == 0 => 0,
            None => xorshift(rng) & xorshift(rng) & xorshift(rng),
        };
        // Cheap pre-filter (as Stockfish does): a usable magic spreads the mask over
        // the top index bits; most random candidates fail this without a table pass.
        if only.is_none() && bits >= 8 && (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
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
    fn known_8x8_magics_are_perfectly_sized() {
        let rays = Rays::<u64>::new(Geometry::CHESS);
        assert_eq!(
            Magics::build(Geometry::CHESS, &rays).table_len(),
            102_400 + 5_248
        );
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
