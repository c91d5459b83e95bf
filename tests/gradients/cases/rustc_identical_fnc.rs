//! Two identical functions (`x * x` on a `&f64`), each differentiated: LLVM may merge them,
//! and both derivatives must stay right (rustc's identical_fnc program).
//! Translated from rust-lang/rust tests/codegen-llvm/autodiff/identical_fnc.rs at commit 1604c376d6befc00f1123d2355afc92e47f9b007 (MIT OR Apache-2.0).
//! Each `#[autodiff_reverse(.., Duplicated, Active)]` becomes __enzyme_autodiff with x dup
//! (seed 1.0). Upstream's shadows start at 1.0 and it asserts 6.0 after the call, which
//! Enzyme's accumulation into shadows (1 + 6) would not give; a codegen test, it is compiled,
//! never run. The harness starts shadows at zero.
use crate::harness::*;

#[inline(never)]
fn square(x: &f64) -> f64 {
    x * x
}

#[inline(never)]
fn square2(x: &f64) -> f64 {
    x * x
}

#[inline(never)]
fn top(x: *const f64) -> f64 {
    square(unsafe { &*x })
}

#[inline(never)]
fn top2(x: *const f64) -> f64 {
    square2(unsafe { &*x })
}

pub fn run() -> Result<(), String> {
    let x = 3.0;
    reverse("d_square", &x, |x| square(x), |x, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), x, d);
    }, TOL)?;
    reverse("d_square2", &x, |x| square2(x), |x, d| unsafe {
        __enzyme_autodiff(top2 as usize, dup(), x, d);
    }, TOL)
}
