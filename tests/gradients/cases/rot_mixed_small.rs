//! std's slice rotations of mixed structs, each of ptr_rotate's three paths (rustc 1.95:
//! memmove through its 256-byte stack buffer when the shorter side fits it, gcd when the
//! sides add up to fewer than 24 or T is larger than 32 bytes, else swap): rotate_left(3)
//! and rotate_right(4) of 12 {f64, u32, f32} (buffer, both directions), rotate_left(7) of
//! 20 {f64, u32, f32, f64, f64, u64} (40 bytes: gcd), rotate_left(2) of those (buffer) and
//! rotate_left(27) of 60 {f64, u32, f32} (swap). The buffer's copies take the slice's T
//! (emit/body/ir_body_loops.c, elem_type); it stopped Enzyme before ("Cannot deduce type
//! of copy").
use crate::harness::*;

#[derive(Clone, Copy, Debug)]
pub struct Item {
    pub w: f64,
    pub tag: u32,
    pub v: f32,
}

#[derive(Clone, Copy, Debug)]
pub struct Big {
    pub a: f64,
    pub tag: u32,
    pub v: f32,
    pub b: f64,
    pub c: f64,
    pub k: u64,
}

fn ival(t: &Item) -> f64 {
    t.w * (1.0 + 0.25 * t.tag as f64) + (t.v * t.v) as f64
}

fn bval(t: &Big) -> f64 {
    t.a * (1.0 + 0.25 * t.tag as f64) + (t.v * t.v) as f64 + t.b * t.c + 0.01 * t.k as f64
}

#[inline(never)]
fn rot(x: &[f64]) -> f64 {
    let n = x.len();
    let mut s = 0.0;
    let mut v: Vec<Item> = (0..2 * n)
        .map(|i| Item { w: x[i % n] * (1.0 + 0.125 * i as f64), tag: i as u32, v: (x[i % n] as f32) * 0.5 })
        .collect();
    v.rotate_left(3);
    for (i, t) in v.iter().enumerate() {
        s += ival(t) * (1.0 + 0.1 * i as f64);
    }
    v.rotate_right(4);
    for (i, t) in v.iter().enumerate() {
        s += ival(t) * (0.3 - 0.01 * i as f64);
    }
    let mut b: Vec<Big> = (0..20)
        .map(|i| Big {
            a: x[i % n] * (1.0 + 0.05 * i as f64),
            tag: (i % 5) as u32,
            v: (x[(i + 1) % n] as f32) * 0.25,
            b: x[(i + 2) % n],
            c: 0.5 + 0.02 * i as f64,
            k: i as u64,
        })
        .collect();
    b.rotate_left(7);
    for (i, t) in b.iter().enumerate() {
        s += bval(t) * (0.1 + 0.03 * i as f64);
    }
    b.rotate_left(2);
    for (i, t) in b.iter().enumerate() {
        s += bval(t) * (0.2 - 0.005 * i as f64);
    }
    let mut w: Vec<Item> = (0..60)
        .map(|i| Item { w: x[i % n] * (1.0 + 0.01 * i as f64), tag: (i % 7) as u32, v: (x[i % n] as f32) * 0.1 })
        .collect();
    w.rotate_left(27);
    for (i, t) in w.iter().enumerate() {
        s += ival(t) * (0.02 * i as f64);
    }
    s
}

#[inline(never)]
fn top(x: *const f64, n: usize) -> f64 {
    unsafe { rot(std::slice::from_raw_parts(x, n)) }
}

pub fn run() -> Result<(), String> {
    let x = vec![0.75, -1.5, 2.0, 0.5, 1.25, -0.375];
    reverse("reverse", &x, |x| rot(x), |x, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len());
    }, TOL_F32)?;
    forward("forward", &x, |x| rot(x), |x, t| unsafe {
        __enzyme_fwddiff(top as usize, dup(), x.as_ptr(), t.as_ptr(), cnst(), x.len())
    }, TOL_F32)
}
