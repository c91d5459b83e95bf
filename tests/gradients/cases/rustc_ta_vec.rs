//! `&Vec<f32>`: reverse mode of `iter().sum()` (rustc's type-analysis vec program).
//! Translated from rust-lang/rust tests/run-make/autodiff/type-trees/type-analysis/vec/vec.rs at commit 053c8a0b5f857d9fe2e22ed729ebbd8c2853b344 (MIT OR Apache-2.0).
//! The same program: tests/ui/autodiff/type-trees/type-analysis/vec.rs at
//! a422615215f422d78d6084895cbeb2b5d814f067.
//! `#[autodiff_reverse(d_square, Duplicated, Active)]` becomes __enzyme_autodiff with the Vec
//! dup (its shadow a Vec of its own; f32 result: f32api; seed 1.0); `#[no_mangle]` dropped.
//! Upstream only runs the primal.
use crate::harness::*;

#[inline(never)]
fn callee(arg: &std::vec::Vec<f32>) -> f32 {
    arg.iter().sum()
}

#[inline(never)]
fn top(v: *const Vec<f32>) -> f32 {
    callee(unsafe { &*v })
}

pub fn run() -> Result<(), String> {
    let v = vec![1.0f32, 2.0, 3.0];
    reverse("reverse", &v, |v| callee(v) as f64, |v, d| unsafe {
        f32api::__enzyme_autodiff(top as usize, dup(), v, d);
    }, TOL_F32)
}
