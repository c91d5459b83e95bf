//! A `&(f64, f64, f64)`, reverse mode of t.0 + 2 t.1 + 3 t.2.
//! After rust-lang/rust tests/run-make/autodiff/type-trees/tuple-typetree/test.rs at commit
//! 053c8a0b5f857d9fe2e22ed729ebbd8c2853b344 (MIT OR Apache-2.0).
use crate::harness::*;
use typetree_autodiff::autodiff_reverse;

#[autodiff_reverse(d_test, Duplicated, Active)]
#[no_mangle]
fn test_tuple(tuple: &(f64, f64, f64)) -> f64 {
    tuple.0 + tuple.1 * 2.0 + tuple.2 * 3.0
}

pub fn run() -> Result<(), String> {
    let tuple = (1.0, 2.0, 3.0);
    reverse("d_test", &tuple, |t| test_tuple(t), |t, d| {
        d_test(t, d, 1.0);
    }, TOL)
}
