//! `&Vec<f32>`: reverse mode of `iter().sum()`; the shadow is a Vec of its own.
//! After rust-lang/rust tests/run-make/autodiff/type-trees/type-analysis/vec/vec.rs at commit
//! 053c8a0b5f857d9fe2e22ed729ebbd8c2853b344 (MIT OR Apache-2.0).
use crate::harness::*;
use typetree_autodiff::autodiff_reverse;

#[autodiff_reverse(d_square, Duplicated, Active)]
fn callee(arg: &std::vec::Vec<f32>) -> f32 {
    arg.iter().sum()
}

pub fn run() -> Result<(), String> {
    let v = vec![1.0f32, 2.0, 3.0];
    reverse("d_square", &v, |v| callee(v) as f64, |v, d| {
        d_square(v, d, 1.0);
    }, TOL_F32)
}
