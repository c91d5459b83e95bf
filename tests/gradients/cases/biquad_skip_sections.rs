//! The stress program f32_biquad_bank cut down (4 recurrence steps a section instead of 62,
//! the sections called directly): a loop over 8 filter sections that skips those whose
//! `active` flag is false, each active one reading `&b.coef[i]` and replacing a 64-sample
//! f32 signal. At -O0 (LLVM's -O2 simplification before Enzyme) the gradient of a skipped
//! section's coefficients comes out nonzero with trees, silently; plain Enzyme stops on a
//! copy; right at -O1..-O3 and with --enzyme-preopt=0. Not reduced (open-failures.json).
use crate::harness::*;

#[derive(Clone, Debug)]
pub struct Bank {
    pub coef: [[f32; 5]; 8],
    pub rate: u32,
    pub x: [f32; 64],
    pub order: u8,
    pub gain: f32,
    pub active: [bool; 8],
}
params!(Bank, coef, x, gain);

/// y[n] = b0 x[n] + b1 x[n-1] + b2 x[n-2] - a1 y[n-1] - a2 y[n-2], written out per n.
macro_rules! biquad_steps {
    ($x:ident, $y:ident, $c:ident; $($n:literal)*) => { $(
        $y[$n] = $c[0] * $x[$n] + $c[1] * $x[$n - 1] + $c[2] * $x[$n - 2] - $c[3] * $y[$n - 1] - $c[4] * $y[$n - 2];
    )* };
}

macro_rules! sections {
    ($($name:ident),*) => { $(
        #[inline(never)]
        fn $name(x: &[f32; 64], c: &[f32; 5]) -> [f32; 64] {
            let mut y = [0.0f32; 64];
            y[0] = c[0] * x[0];
            y[1] = c[0] * x[1] + c[1] * x[0] - c[3] * y[0];
            biquad_steps!(x, y, c; 2 3 4 5);
            y
        }
    )* };
}
sections!(sec0);

#[inline(never)]
fn energy(y: &[f32; 64], gain: f32) -> f64 {
    // Summed in f64: an f32 running sum's rounding would swamp the finite differences.
    let mut e = 0.0f64;
    for v in y.iter() {
        e += (gain * v * v) as f64;
    }
    e
}

#[inline(never)]
fn f(b: &Bank) -> f64 {
    let mut sig = b.x;
    let mut total = 0.0;
    for k in 0..8 {
        let i = (k + b.order as usize) % 8;
        if b.active[i] {
            sig = sec0(&sig, &b.coef[i]);
            total += energy(&sig, b.gain) * (1.0 + 0.1 * k as f64);
        }
    }
    total * (b.rate as f64 / 48000.0)
}

#[inline(never)]
fn top(b: *const Bank) -> f64 {
    unsafe { f(&*b) }
}

pub fn run() -> Result<(), String> {
    let mut coef = [[0.0f32; 5]; 8];
    for (k, c) in coef.iter_mut().enumerate() {
        let t = k as f32;
        *c = [0.5 + 0.05 * t, 0.25 - 0.03 * t, 0.1, -0.4 + 0.05 * t, 0.15 - 0.01 * t];
    }
    let mut x = [0.0f32; 64];
    for (n, v) in x.iter_mut().enumerate() {
        *v = ((n as f32) * 0.37).sin() * 0.8 + if n % 7 == 0 { 0.3 } else { 0.0 };
    }
    let b = Bank { coef, rate: 44100, x, order: 3, gain: 0.75, active: [true, true, false, true, true, true, false, true] };
    reverse("reverse", &b, |b| f(b), |b, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), b, d);
    }, TOL_F32)
}
