//! `fn test_f32(x: &f32) -> f32 { x * x }` (the product of two references), reverse mode
//! (rustc's f32 scalar type-tree program).
//! Translated from rust-lang/rust tests/run-make/autodiff/type-trees/scalar-types/f32-typetree/test.rs at commit 9d89099795e50257ed752b25424f3caf91980da4 (MIT OR Apache-2.0).
//! `#[autodiff_reverse(d_test, Duplicated, Active)]` becomes __enzyme_autodiff with x dup
//! (f32 result: f32api; seed 1.0); `#[no_mangle]` dropped.
use crate::harness::*;

#[inline(never)]
fn test_f32(x: &f32) -> f32 {
    x * x
}

#[inline(never)]
fn top(x: *const f32) -> f32 {
    test_f32(unsafe { &*x })
}

pub fn run() -> Result<(), String> {
    let x = 2.0_f32;
    reverse("reverse", &x, |x| test_f32(x) as f64, |x, d| unsafe {
        f32api::__enzyme_autodiff(top as usize, dup(), x, d);
    }, TOL_F32)
}
