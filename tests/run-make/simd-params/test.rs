// SIMD vectors (issue 11, item 6): core::arch's __m128.. are repr(simd) (export knows them by name); the Rust ABI passes a vector by pointer at any size (sret to return one), extern "C" in a vector register, which gets no tree.
#![allow(improper_ctypes_definitions)]
use std::arch::x86_64::*;

// a Rust newtype of a vector is a vector too
#[derive(Clone, Copy)]
pub struct Lanes(pub __m128d);

#[no_mangle]
#[inline(never)]
pub fn test_add_ps(a: __m128, b: __m128, s: f32) -> __m128 {
    unsafe { _mm_mul_ps(_mm_add_ps(a, b), _mm_set1_ps(s)) }
}

#[no_mangle]
#[inline(never)]
pub fn test_lanes(l: Lanes, x: f64) -> f64 {
    unsafe { _mm_cvtsd_f64(l.0) * x }
}

#[no_mangle]
#[inline(never)]
pub fn test_ints(a: __m128i) -> i32 {
    unsafe { _mm_cvtsi128_si32(a) }
}

#[no_mangle]
#[inline(never)]
pub extern "C" fn test_c_scale(a: __m128, s: f32) -> __m128 {
    unsafe { _mm_mul_ps(a, _mm_set1_ps(s)) }
}
