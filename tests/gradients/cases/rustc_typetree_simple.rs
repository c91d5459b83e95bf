//! `fn simple(x: &f64) -> f64 { 2.0 * x }`: reverse mode (rustc's codegen typetree program).
//! Translated from rust-lang/rust tests/codegen-llvm/autodiff/typetree.rs at commit 1604c376d6befc00f1123d2355afc92e47f9b007 (MIT OR Apache-2.0).
//! `#[autodiff_reverse(d_simple, Duplicated, Active)]` becomes __enzyme_autodiff with x dup
//! (seed 1.0); `#[no_mangle]` dropped.
use crate::harness::*;

#[inline(never)]
fn simple(x: &f64) -> f64 {
    2.0 * x
}

#[inline(never)]
fn top(x: *const f64) -> f64 {
    simple(unsafe { &*x })
}

pub fn run() -> Result<(), String> {
    let x = 3.0;
    reverse("reverse", &x, |x| simple(x), |x, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), x, d);
    }, TOL)
}
