//! Floats serialised into a Vec<u8> (to_le_bytes, a u32 header so f64s sit at offset 4,
//! f32 records interleaved), read back with from_le_bytes over chunks, and bit-level
//! round trips (to_bits/from_bits, u64 bit swaps): derivatives through integer-typed bytes.
use crate::harness::*;

#[derive(Clone, Debug)]
pub struct Frame {
    pub xs: Vec<f64>,
    pub ys: Vec<f32>,
    pub gain: f64,
    pub seq: u32,
}
params!(Frame, xs, ys, gain);

#[inline(never)]
fn pack(fr: &Frame) -> Vec<u8> {
    let mut b = Vec::with_capacity(4 + 12 * fr.xs.len());
    b.extend_from_slice(&fr.seq.to_le_bytes());
    for (i, x) in fr.xs.iter().enumerate() {
        b.extend_from_slice(&(x * fr.gain).to_le_bytes());
        let y = fr.ys[i % fr.ys.len()];
        b.extend_from_slice(&y.to_le_bytes());
    }
    b
}

#[inline(never)]
fn unpack(b: &[u8]) -> (u32, Vec<f64>, Vec<f32>) {
    let seq = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
    let mut xs = Vec::new();
    let mut ys = Vec::new();
    for rec in b[4..].chunks_exact(12) {
        xs.push(f64::from_le_bytes(rec[..8].try_into().unwrap()));
        ys.push(f32::from_le_bytes(rec[8..].try_into().unwrap()));
    }
    (seq, xs, ys)
}

#[inline(never)]
fn through_bits(xs: &[f64]) -> Vec<f64> {
    let bits: Vec<u64> = xs.iter().map(|x| x.to_bits()).collect();
    let mut out: Vec<f64> = bits.iter().rev().map(|&u| f64::from_bits(u)).collect();
    out.reverse();
    out
}

#[inline(never)]
fn swap_halves(b: &mut [u8]) {
    // Reverse the order of the 12-byte records (bytes moved as bytes).
    let n = (b.len() - 4) / 12;
    for i in 0..n / 2 {
        for k in 0..12 {
            b.swap(4 + 12 * i + k, 4 + 12 * (n - 1 - i) + k);
        }
    }
}

#[inline(never)]
fn f(fr: &Frame) -> f64 {
    let mut b = pack(fr);
    swap_halves(&mut b);
    let (seq, xs, ys) = unpack(&b);
    let xs = through_bits(&xs);
    let mut s = 0.0;
    for (i, (x, y)) in xs.iter().zip(ys.iter()).enumerate() {
        s += x * x * (i as f64 + 1.0) + (*y as f64) * x.sin();
    }
    s * (1.0 + 0.001 * seq as f64)
}

#[inline(never)]
fn top(fr: *const Frame) -> f64 {
    unsafe { f(&*fr) }
}

pub fn run() -> Result<(), String> {
    let fr = Frame { xs: vec![0.4, -1.2, 0.75, 2.0, -0.3], ys: vec![0.5, 1.5, -0.25], gain: 1.3, seq: 42 };
    reverse("reverse", &fr, |fr| f(fr), |fr, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), fr, d);
    }, TOL_F32)
}
