//! Two identical functions (`x * x` on a `&f64`), each differentiated: LLVM may merge them,
//! and both derivatives must stay right.
//! After rust-lang/rust tests/codegen-llvm/autodiff/identical_fnc.rs at commit
//! 1604c376d6befc00f1123d2355afc92e47f9b007 (MIT OR Apache-2.0). Upstream's shadows start
//! at 1.0 and it asserts 6.0 after the calls, which Enzyme's accumulation into shadows
//! (1 + 6) would not give (a codegen test: compiled, never run); here they start at zero.
use crate::harness::*;
use typetree_autodiff::autodiff_reverse;

#[autodiff_reverse(d_square, Duplicated, Active)]
#[inline(never)]
fn square(x: &f64) -> f64 {
    x * x
}

#[autodiff_reverse(d_square2, Duplicated, Active)]
#[inline(never)]
fn square2(x: &f64) -> f64 {
    x * x
}

pub fn run() -> Result<(), String> {
    let x = 3.0;
    reverse("d_square", &x, |x| square(x), |x, d| {
        d_square(x, d, 1.0);
    }, TOL)?;
    reverse("d_square2", &x, |x| square2(x), |x, d| {
        d_square2(x, d, 1.0);
    }, TOL)
}
