//! A [f64; 256] lattice updated by ~1300 macro-unrolled straight-line statements (five sweeps
//! of 256 loads/stores at constant indices, each a separate #[inline(never)] function, plus
//! a mixed header struct): one huge basic block per sweep for Enzyme's type analysis. BIG.
use crate::harness::*;

#[derive(Clone, Debug)]
pub struct Lattice {
    pub a: [f64; 256],
    pub coupling: f64,
    pub steps: u32,
    pub mask: u64,
    pub damp: f32,
}
params!(Lattice, a, coupling);

/// Row i of 16 sites: every site reads its two neighbours (ring order) and the site 16 away.
macro_rules! sweep_row {
    ($a:ident, $w:ident, $i:literal, $c:literal; $($j:literal)*) => { $(
        $a[$i * 16 + $j] = $a[$i * 16 + $j] * (1.0 - 0.02 * $c)
            + 0.05 * $w * ($a[($i * 16 + $j + 255) % 256] * $a[($i * 16 + $j + 1) % 256]).sin()
            + 0.01 * $c * $a[($i * 16 + $j + 16) % 256];
    )* };
}
macro_rules! sweep_all {
    ($a:ident, $w:ident, $c:literal; $($i:literal)*) => { $(
        sweep_row!($a, $w, $i, $c; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15);
    )* };
}
macro_rules! sweeps {
    ($($name:ident = $c:literal),*) => { $(
        #[inline(never)]
        fn $name(a: &mut [f64; 256], w: f64) {
            sweep_all!(a, w, $c; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15);
        }
    )* };
}
sweeps!(sweep1 = 1.0, sweep2 = 2.0, sweep3 = 3.0, sweep4 = 0.5, sweep5 = 1.5);

/// Pairwise products at mirrored constant indices.
macro_rules! mirror {
    ($a:ident, $s:ident; $($j:literal)*) => { $(
        $s += $a[$j] * $a[255 - $j] + 0.5 * $a[$j * 2 + 1] * $a[$j * 2 + 1];
    )* };
}

#[inline(never)]
fn energy(a: &[f64; 256]) -> f64 {
    let mut s = 0.0;
    mirror!(a, s; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31
        32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63
        64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95
        96 97 98 99 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 116 117 118 119 120 121 122 123 124 125 126 127);
    s
}

#[inline(never)]
fn f(l: &Lattice) -> f64 {
    let mut a = l.a;
    let w = l.coupling * (1.0 - l.damp as f64);
    for k in 0..l.steps {
        match k % 5 {
            0 => sweep1(&mut a, w),
            1 => sweep2(&mut a, w),
            2 => sweep3(&mut a, w),
            3 => sweep4(&mut a, w),
            _ => sweep5(&mut a, w),
        }
        if l.mask >> k & 1 == 1 {
            a.rotate_left(3);
        }
    }
    energy(&a)
}

#[inline(never)]
fn top(l: *const Lattice) -> f64 {
    unsafe { f(&*l) }
}

pub fn run() -> Result<(), String> {
    let mut a = [0.0; 256];
    for (i, x) in a.iter_mut().enumerate() {
        *x = 0.5 * ((i as f64) * 0.37).sin() + 0.1 * ((i * 7 % 13) as f64 - 6.0) * 0.1;
    }
    let l = Lattice { a, coupling: 0.8, steps: 7, mask: 0b0100101, damp: 0.125 };
    reverse("reverse", &l, |l| f(l), |l, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), l, d);
    }, TOL)
}
