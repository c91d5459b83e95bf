//! `fn square(x: &f64) -> f64 { *x * *x }` (the product of two loaded values), reverse mode.
//! Translated from rust-lang/rust tests/ui/autodiff/no_lto_flag.rs at commit 8686951386c716251baaac8eb0c83723292b069c (MIT OR Apache-2.0).
//! Upstream checks that autodiff without fat LTO is refused; its with_lto revision runs
//! d_square at 3.0 and expects 6.0 (the wrapper always builds with fat LTO).
//! `#[autodiff_reverse(d_square, Duplicated, Active)]` becomes __enzyme_autodiff with x dup
//! (Active return: seed 1.0).
use crate::harness::*;

#[inline(never)]
fn square(x: &f64) -> f64 {
    *x * *x
}

#[inline(never)]
fn top(x: *const f64) -> f64 {
    square(unsafe { &*x })
}

pub fn run() -> Result<(), String> {
    let xf64: f64 = 3.0;
    reverse("reverse", &xf64, |x| square(x), |x, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), x, d);
    }, TOL)
}
