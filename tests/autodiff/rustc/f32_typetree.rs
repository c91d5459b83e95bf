//! `test_f32(x: &f32) -> f32 { x * x }`, reverse mode: an f32 result and dret.
//! After rust-lang/rust tests/run-make/autodiff/type-trees/scalar-types/f32-typetree/test.rs
//! at commit 9d89099795e50257ed752b25424f3caf91980da4 (MIT OR Apache-2.0).
use crate::harness::*;
use typetree_autodiff::autodiff_reverse;

#[autodiff_reverse(d_test, Duplicated, Active)]
#[no_mangle]
fn test_f32(x: &f32) -> f32 {
    x * x
}

pub fn run() -> Result<(), String> {
    let x = 2.0_f32;
    reverse("d_test", &x, |x| test_f32(x) as f64, |x, d| {
        d_test(x, d, 1.0);
    }, TOL_F32)
}
