//! A Vec of 80-byte mixed bodies ([f64; 3] x2, f64, u32, f32, u8, bool, i64) walked by an
//! iterator that bumps the i64 with overflow checks, swapped, sorted by an integer key and
//! partly drained: the reduction of the stress program nbody_vec. Each step met one wall:
//! - the walk: an integer loaded through the slice iterator's phi has no type Enzyme finds
//!   ("cannot handle (augmented) unknown intrinsic" sadd.with.overflow at -O0; the wrapper's
//!   element pointers, emit/rewrite/ir_elem_ptrs.c);
//! - the sort's swaps move the u32 and the f32 in one i64 (`swap_nonoverlapping`), and
//!   Enzyme stops on "unhandled accumulate with partial sizes" at -O2 (split at the field
//!   boundary, emit/rewrite/ir_split_moves.c);
//! - the sort's `ptr::copy` of one body, an 80-byte memmove, went through the wrapper's
//!   memmove helper as a copy of run-time length ("Cannot deduce type of copy" at -O0; now
//!   a typed loop, typetree-rules.md, "Copies of run-time length");
//! - `drain(..2).collect()` copies an Option<Body> that SROA cuts at the padding, leaving a
//!   6-byte copy of padding alone that Enzyme cannot type at -O0 and -O2 (now typed loads and
//!   stores: typetree-rules.md, "Copies of a few bytes").
use crate::harness::*;

#[derive(Clone, Copy, Debug)]
pub struct Body {
    pub id: u32,
    pub pos: [f64; 3],
    pub kind: u8,
    pub vel: [f64; 3],
    pub mass: f64,
    pub soft: f32,
    pub live: bool,
    pub age: i64,
}
params!(Body, pos, vel, mass);

#[inline(never)]
fn drift(bs: &mut [Body], dt: f64) {
    for b in bs.iter_mut() {
        if b.live {
            for k in 0..3 {
                b.pos[k] += dt * b.vel[k] * (1.0 + b.soft as f64);
            }
        }
        b.age += 1;
    }
}

#[inline(never)]
fn energy(bs: &[Body]) -> f64 {
    bs.iter()
        .map(|b| {
            let r2: f64 = b.pos.iter().map(|p| p * p).sum();
            let v2: f64 = b.vel.iter().map(|v| v * v).sum();
            b.mass * (0.5 * v2 + r2.sqrt()) * (1.0 + 0.01 * b.age as f64)
        })
        .sum()
}

#[inline(never)]
fn f(bs: &[Body]) -> f64 {
    let mut v = bs.to_vec();
    drift(&mut v, 0.1);
    let n = v.len();
    v.swap(0, n - 1);
    v.sort_unstable_by_key(|b| (b.kind, b.id));
    drift(&mut v, 0.05);
    let first: Vec<Body> = v.drain(..2).collect();
    energy(&v) + 0.5 * energy(&first)
}

#[inline(never)]
fn top(b: *const Body, n: usize) -> f64 {
    unsafe { f(std::slice::from_raw_parts(b, n)) }
}

pub fn run() -> Result<(), String> {
    let bs: Vec<Body> = (0..5)
        .map(|i| {
            let t = i as f64;
            Body {
                id: 50 - i as u32,
                pos: [t.cos(), t.sin(), 0.3 * t - 0.4],
                kind: (i % 2) as u8,
                vel: [-0.2 * t.sin(), 0.2 * t.cos(), 0.1],
                mass: 1.0 + 0.25 * t,
                soft: 0.125,
                live: i != 3,
                age: 7 * i as i64,
            }
        })
        .collect();
    reverse("reverse", &bs, |b| f(b), |b, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), b.as_ptr(), d.as_mut_ptr(), cnst(), b.len());
    }, TOL)
}
