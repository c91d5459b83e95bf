//! A `&(f64, f64, f64)`: reverse mode of t.0 + 2 t.1 + 3 t.2 (rustc's tuple type-tree
//! program).
//! Translated from rust-lang/rust tests/run-make/autodiff/type-trees/tuple-typetree/test.rs at commit 053c8a0b5f857d9fe2e22ed729ebbd8c2853b344 (MIT OR Apache-2.0).
//! `#[autodiff_reverse(d_test, Duplicated, Active)]` becomes __enzyme_autodiff with the tuple
//! dup (seed 1.0); `#[no_mangle]` dropped.
use crate::harness::*;

#[inline(never)]
fn test_tuple(tuple: &(f64, f64, f64)) -> f64 {
    tuple.0 + tuple.1 * 2.0 + tuple.2 * 3.0
}

#[inline(never)]
fn top(t: *const (f64, f64, f64)) -> f64 {
    test_tuple(unsafe { &*t })
}

pub fn run() -> Result<(), String> {
    let tuple = (1.0, 2.0, 3.0);
    reverse("reverse", &tuple, |t| test_tuple(t), |t, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), t, d);
    }, TOL)
}
