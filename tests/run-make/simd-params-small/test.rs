// Small SIMD vectors (issue 11, item 6): the Rust ABI passes an 8-byte vector by pointer, where an 8-byte struct would be one i64; export tells core::simd's Simd by name and a user's repr(simd) struct by its define line.
//@ needs-nightly
#![feature(repr_simd, portable_simd)]
use std::simd::f32x2;

#[repr(simd)]
#[derive(Clone, Copy)]
pub struct Pair([f32; 2]);

#[no_mangle]
#[inline(never)]
pub fn test_pair(p: Pair, x: f32) -> Pair {
    let _ = x;
    p
}

#[no_mangle]
#[inline(never)]
pub fn test_f32x2(a: f32x2, x: f32) -> f32 {
    a[0] * x + a[1]
}
