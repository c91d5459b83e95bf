//! A 64-field struct (48 f64 fields interleaved with u8/u32/i64/bool/f32/usize/u16/i32) updated
//! by 8 macro-unrolled passes of 48 field-to-field statements each (~400 straight-line
//! statements over named fields at 64 different offsets), returned by value. BIG.
use crate::harness::*;

macro_rules! def_big {
    ($($f:ident : $t:ty),*) => {
        #[derive(Clone, Copy, Debug)]
        pub struct Big { $(pub $f: $t),* }
    };
}
def_big!(
    x0: f64,
    x1: f64,
    x2: f64,
    m3: u8,
    x4: f64,
    x5: f64,
    x6: f64,
    m7: u32,
    x8: f64,
    x9: f64,
    x10: f64,
    m11: i64,
    x12: f64,
    x13: f64,
    x14: f64,
    m15: bool,
    x16: f64,
    x17: f64,
    x18: f64,
    m19: f32,
    x20: f64,
    x21: f64,
    x22: f64,
    m23: usize,
    x24: f64,
    x25: f64,
    x26: f64,
    m27: u16,
    x28: f64,
    x29: f64,
    x30: f64,
    m31: i32,
    x32: f64,
    x33: f64,
    x34: f64,
    m35: u8,
    x36: f64,
    x37: f64,
    x38: f64,
    m39: u32,
    x40: f64,
    x41: f64,
    x42: f64,
    m43: i64,
    x44: f64,
    x45: f64,
    x46: f64,
    m47: bool,
    x48: f64,
    x49: f64,
    x50: f64,
    m51: f32,
    x52: f64,
    x53: f64,
    x54: f64,
    m55: usize,
    x56: f64,
    x57: f64,
    x58: f64,
    m59: u16,
    x60: f64,
    x61: f64,
    x62: f64,
    m63: i32
);
params!(Big, x0, x1, x2, x4, x5, x6, x8, x9, x10, x12, x13, x14, x16, x17, x18, x20, x21, x22, x24, x25, x26, x28, x29, x30, x32, x33, x34, x36, x37, x38, x40, x41, x42, x44, x45, x46, x48, x49, x50, x52, x53, x54, x56, x57, x58, x60, x61, x62);

/// One pass: every float field pulled toward a nonlinear function of two others.
macro_rules! pass_body {
    ($s:ident, $c:literal; $(($a:ident, $b:ident, $d:ident))*) => { $(
        $s.$a = $s.$a * (1.0 - 0.02 * $c) + 0.08 * ($s.$b * $s.$d + 0.1 * $c).sin();
    )* };
}
macro_rules! passes {
    ($($name:ident = $c:literal),*) => { $(
        #[inline(never)]
        fn $name(mut s: Big) -> Big {
            pass_body!(s, $c;
                (x0, x1, x6) (x1, x2, x16) (x2, x4, x25) (x4, x5, x34) (x5, x6, x44) (x6, x8, x53)
                (x8, x9, x62) (x9, x10, x8) (x10, x12, x17) (x12, x13, x26) (x13, x14, x36) (x14, x16, x45)
                (x16, x17, x54) (x17, x18, x0) (x18, x20, x9) (x20, x21, x18) (x21, x22, x28) (x22, x24, x37)
                (x24, x25, x46) (x25, x26, x56) (x26, x28, x1) (x28, x29, x10) (x29, x30, x20) (x30, x32, x29)
                (x32, x33, x38) (x33, x34, x48) (x34, x36, x57) (x36, x37, x2) (x37, x38, x12) (x38, x40, x21)
                (x40, x41, x30) (x41, x42, x40) (x42, x44, x49) (x44, x45, x58) (x45, x46, x4) (x46, x48, x13)
                (x48, x49, x22) (x49, x50, x32) (x50, x52, x41) (x52, x53, x50) (x53, x54, x60) (x54, x56, x5)
                (x56, x57, x14) (x57, x58, x24) (x58, x60, x33) (x60, x61, x42) (x61, x62, x52) (x62, x0, x61));
            s.m3 = s.m3.wrapping_add(1);
            s.m23 = s.m23.wrapping_mul(3) % 1000;
            s
        }
    )* };
}
passes!(p0 = 0.0, p1 = 1.0, p2 = 2.0, p3 = 0.5, p4 = 1.5, p5 = 2.5, p6 = 0.25, p7 = 3.0);

#[inline(never)]
fn couple(s: &Big) -> f64 {
    0.001 * (s.m3 as f64) * s.x0 + 0.001 * (s.m7 as f64) * s.x6 + 0.001 * (s.m11 as f64) * s.x13
        + 0.001 * (if s.m15 { 1.0 } else { 0.5 }) * s.x20 + 0.001 * (s.m19 as f64) * s.x26 + 0.001 * (s.m23 as f64) * s.x33
        + 0.001 * (s.m27 as f64) * s.x40 + 0.001 * (s.m31 as f64) * s.x46 + 0.001 * (s.m35 as f64) * s.x53
        + 0.001 * (s.m39 as f64) * s.x60 + 0.001 * (s.m43 as f64) * s.x2 + 0.001 * (if s.m47 { 1.0 } else { 0.5 }) * s.x9
        + 0.001 * (s.m51 as f64) * s.x16 + 0.001 * (s.m55 as f64) * s.x22 + 0.001 * (s.m59 as f64) * s.x29
        + 0.001 * (s.m63 as f64) * s.x36
}

#[inline(never)]
fn score(s: &Big) -> f64 {
    s.x0 * s.x0 * 1.0 + s.x1 * s.x1 * 1.25 + s.x2 * s.x2 * 1.5
        + s.x4 * s.x4 * 1.75 + s.x5 * s.x5 * 2.0 + s.x6 * s.x6 * 1.0
        + s.x8 * s.x8 * 1.25 + s.x9 * s.x9 * 1.5 + s.x10 * s.x10 * 1.75
        + s.x12 * s.x12 * 2.0 + s.x13 * s.x13 * 1.0 + s.x14 * s.x14 * 1.25
        + s.x16 * s.x16 * 1.5 + s.x17 * s.x17 * 1.75 + s.x18 * s.x18 * 2.0
        + s.x20 * s.x20 * 1.0 + s.x21 * s.x21 * 1.25 + s.x22 * s.x22 * 1.5
        + s.x24 * s.x24 * 1.75 + s.x25 * s.x25 * 2.0 + s.x26 * s.x26 * 1.0
        + s.x28 * s.x28 * 1.25 + s.x29 * s.x29 * 1.5 + s.x30 * s.x30 * 1.75
        + s.x32 * s.x32 * 2.0 + s.x33 * s.x33 * 1.0 + s.x34 * s.x34 * 1.25
        + s.x36 * s.x36 * 1.5 + s.x37 * s.x37 * 1.75 + s.x38 * s.x38 * 2.0
        + s.x40 * s.x40 * 1.0 + s.x41 * s.x41 * 1.25 + s.x42 * s.x42 * 1.5
        + s.x44 * s.x44 * 1.75 + s.x45 * s.x45 * 2.0 + s.x46 * s.x46 * 1.0
        + s.x48 * s.x48 * 1.25 + s.x49 * s.x49 * 1.5 + s.x50 * s.x50 * 1.75
        + s.x52 * s.x52 * 2.0 + s.x53 * s.x53 * 1.0 + s.x54 * s.x54 * 1.25
        + s.x56 * s.x56 * 1.5 + s.x57 * s.x57 * 1.75 + s.x58 * s.x58 * 2.0
        + s.x60 * s.x60 * 1.0 + s.x61 * s.x61 * 1.25 + s.x62 * s.x62 * 1.5
}

#[inline(never)]
fn f(b: &Big) -> f64 {
    let mut s = *b;
    let mut acc = 0.0;
    for r in 0..2 {
        s = p7(p6(p5(p4(p3(p2(p1(p0(s))))))));
        acc += couple(&s) * (r as f64 + 1.0);
    }
    acc + score(&s)
}

#[inline(never)]
fn top(b: *const Big) -> f64 {
    unsafe { f(&*b) }
}

pub fn run() -> Result<(), String> {
    let b = Big {
        x0: -0.200,
        x1: -0.008,
        x2: 0.184,
        m3: 7,
        x4: 0.067,
        x5: 0.259,
        x6: -0.049,
        m7: 1234,
        x8: 0.335,
        x9: 0.026,
        x10: 0.218,
        m11: -5,
        x12: 0.102,
        x13: 0.294,
        x14: -0.015,
        m15: true,
        x16: 0.369,
        x17: 0.061,
        x18: 0.253,
        m19: 0.75,
        x20: 0.136,
        x21: 0.328,
        x22: 0.020,
        m23: 3,
        x24: 0.404,
        x25: 0.095,
        x26: 0.287,
        m27: 9,
        x28: 0.171,
        x29: 0.363,
        x30: 0.555,
        m31: -2,
        x32: 0.438,
        x33: 0.130,
        x34: 0.322,
        m35: 7,
        x36: 0.205,
        x37: 0.397,
        x38: 0.589,
        m39: 1234,
        x40: 0.473,
        x41: 0.665,
        x42: 0.356,
        m43: -5,
        x44: 0.240,
        x45: 0.432,
        x46: 0.624,
        m47: true,
        x48: 0.507,
        x49: 0.699,
        x50: 0.391,
        m51: 0.75,
        x52: 0.775,
        x53: 0.466,
        x54: 0.658,
        m55: 3,
        x56: 0.542,
        x57: 0.734,
        x58: 0.425,
        m59: 9,
        x60: 0.809,
        x61: 0.501,
        x62: 0.693,
        m63: -2
    };
    reverse("reverse", &b, |b| f(b), |b, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), b, d);
    }, TOL)
}
