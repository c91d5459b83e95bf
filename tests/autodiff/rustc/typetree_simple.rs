//! `simple(x: &f64) -> f64 { 2.0 * x }`, reverse mode.
//! After rust-lang/rust tests/codegen-llvm/autodiff/typetree.rs at commit
//! 1604c376d6befc00f1123d2355afc92e47f9b007 (MIT OR Apache-2.0). Upstream only checks the
//! trees in the IR; here the derivative is run and checked.
use crate::harness::*;
use typetree_autodiff::autodiff_reverse;

#[autodiff_reverse(d_simple, Duplicated, Active)]
#[no_mangle]
#[inline(never)]
fn simple(x: &f64) -> f64 {
    2.0 * x
}

pub fn run() -> Result<(), String> {
    let x = 3.0;
    reverse("d_simple", &x, |x| simple(x), |x, d| {
        d_simple(x, d, 1.0);
    }, TOL)
}
