//! An array of eight 120-byte structs of mixed fields with padding (960 bytes: past Enzyme's
//! offset limit of 500) updated by value in a loop, `cells = step(cells)`, where `step`
//! trades two elements through a function that takes and returns them by value. LLVM's
//! passes make copies of their own of these arrays and structs (memcpyopt forwards one copy
//! through another, SROA cuts one at the parts it splits off, dead-store elimination
//! shortens one): copies past the limit, a copy of the padding alone, a copy shorter than
//! the segment list annotate gave it, each of which Enzyme gets wrong or refuses without
//! the list of the bytes it covers (--copy-segments, docs/typetree-rules.md).
use crate::harness::*;

#[derive(Clone, Copy, Debug)]
pub struct Cell {
    pub id: u64,
    pub seq: u64,
    pub stamp: u64,
    pub w: [f64; 9],
    pub gain: f64,
    pub scale: f32,
    pub n: u32,
    pub flags: u16,
    pub tag: u8,
}
params!(Cell, w, gain, scale);

#[inline(never)]
fn trade(a: Cell, b: Cell) -> (Cell, Cell) {
    let mut a2 = a;
    let mut b2 = b;
    a2.w[0] = b.w[0] * a.gain;
    b2.gain = a.gain + 0.5 * b.gain;
    b2.tag = a.tag ^ 1;
    (b2, a2)
}

#[inline(never)]
fn step(cells: [Cell; 8], dt: f64) -> [Cell; 8] {
    let mut out = cells;
    out[0].w[1] = cells[0].w[1] * cells[0].w[1] * dt + cells[2].scale as f64;
    let (x, y) = trade(out[6], out[7]);
    out[6] = x;
    out[7] = y;
    out
}

#[inline(never)]
fn f(c: &Cell) -> f64 {
    let mut cells = [*c; 8];
    for i in 0..8 {
        cells[i].w[i] += 0.1 * i as f64;
        cells[i].stamp += i as u64;
        cells[i].n = i as u32;
    }
    cells = step(cells, 0.5);
    cells = step(cells, 0.25);
    for _ in 0..2 {
        cells = step(cells, 0.5);
    }
    let mut s = 0.0;
    for i in 0..8 {
        let w: f64 = cells[i].w.iter().enumerate().map(|(k, v)| v * (1.0 + 0.1 * k as f64)).sum();
        s += w * (1.0 + i as f64) + cells[i].gain * cells[i].scale as f64;
    }
    s
}

#[inline(never)]
fn top(c: *const Cell) -> f64 {
    unsafe { f(&*c) }
}

pub fn run() -> Result<(), String> {
    let c = Cell {
        id: 11,
        seq: 12,
        stamp: 13,
        w: [0.5, -0.25, 1.0, 0.75, 0.1, 0.2, -0.3, 0.4, 1.5],
        gain: 1.25,
        scale: 0.75,
        n: 3,
        flags: 7,
        tag: 2,
    };
    reverse("reverse", &c, |c| f(c), |c, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), c, d);
    }, TOL_F32)?;
    forward("forward", &c, |c| f(c), |c, t| unsafe { __enzyme_fwddiff(top as usize, dup(), c, t) }, TOL_F32)
}
