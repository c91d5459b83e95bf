//! Float data viewed and copied as bytes: &[f64] reinterpreted as &[u8] (slice::from_raw_parts),
//! copy_from_slice into a Vec<u8> at an 8-byte offset, align_to::<f64>() back, a
//! union { [f64; 4], [u8; 32], [u64; 4] } and transmute [f64; 2] <-> [u64; 2].
use crate::harness::*;
use std::mem::{size_of, transmute};

#[derive(Clone, Debug)]
pub struct Blob {
    pub data: Vec<f64>,
    pub quad: [f64; 4],
    pub pair: [f64; 2],
    pub version: u16,
}
params!(Blob, data, quad, pair);

#[repr(C)]
union Quad {
    f: [f64; 4],
    b: [u8; 32],
    u: [u64; 4],
}

#[inline(never)]
fn bytes_of(xs: &[f64]) -> &[u8] {
    unsafe { std::slice::from_raw_parts(xs.as_ptr() as *const u8, xs.len() * size_of::<f64>()) }
}

#[inline(never)]
fn stash(xs: &[f64]) -> Vec<u8> {
    // An 8-byte integer header, then the floats' bytes.
    let mut buf = vec![0u8; 8 + xs.len() * 8];
    buf[..8].copy_from_slice(&(xs.len() as u64).to_le_bytes());
    buf[8..].copy_from_slice(bytes_of(xs));
    buf
}

#[inline(never)]
fn unstash(buf: &[u8]) -> Vec<f64> {
    let n = u64::from_le_bytes(buf[..8].try_into().unwrap()) as usize;
    let mut out = vec![0.0f64; n];
    // Copy the bytes into an f64 buffer's byte view, then read it as f64 through align_to.
    let dst = unsafe { std::slice::from_raw_parts_mut(out.as_mut_ptr() as *mut u8, n * 8) };
    dst.copy_from_slice(&buf[8..8 + n * 8]);
    let (pre, mid, post) = unsafe { dst.align_to::<f64>() };
    assert!(pre.is_empty() && post.is_empty());
    mid.to_vec()
}

#[inline(never)]
fn via_union(q: [f64; 4]) -> [f64; 4] {
    let mut u = Quad { f: q };
    unsafe {
        // Rotate the first 16 bytes as bytes and the last two words as u64.
        for k in 0..8 {
            u.b.swap(k, k + 8);
        }
        u.u.swap(2, 3);
        u.f
    }
}

#[inline(never)]
fn via_transmute(p: [f64; 2]) -> [f64; 2] {
    let bits: [u64; 2] = unsafe { transmute(p) };
    let swapped = [bits[1], bits[0]];
    unsafe { transmute(swapped) }
}

#[inline(never)]
fn f(b: &Blob) -> f64 {
    let buf = stash(&b.data);
    let back = unstash(&buf);
    let q = via_union(b.quad);
    let p = via_transmute(b.pair);
    let mut s = 0.0;
    for (i, x) in back.iter().enumerate() {
        s += x * x * (1.0 + 0.5 * i as f64) + x.sin() * p[i % 2];
    }
    for (i, x) in q.iter().enumerate() {
        s += x * (i as f64 + 1.0) * p[0] + 0.1 * x * x;
    }
    s * (1.0 + 0.001 * b.version as f64)
}

#[inline(never)]
fn top(b: *const Blob) -> f64 {
    unsafe { f(&*b) }
}

pub fn run() -> Result<(), String> {
    let b = Blob { data: vec![0.3, -0.7, 1.1, 0.45, -1.6], quad: [0.5, 1.5, -0.25, 2.0], pair: [0.8, -0.35], version: 3 };
    reverse("reverse", &b, |b| f(b), |b, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), b, d);
    }, TOL)
}
