//! `&Box<f32>`: reverse mode of the square of the boxed float; the shadow is a box of its
//! own.
//! After rust-lang/rust tests/run-make/autodiff/type-trees/type-analysis/box/box.rs at
//! commit 62e3a05291ef782cf212675d9e13c0b937c788c8 (MIT OR Apache-2.0).
use crate::harness::*;
use typetree_autodiff::autodiff_reverse;

#[autodiff_reverse(d_square, Duplicated, Active)]
fn callee(x: &Box<f32>) -> f32 {
    **x * **x
}

pub fn run() -> Result<(), String> {
    let x = Box::new(7.0f32);
    reverse("d_square", &x, |x| callee(x) as f64, |x, d| {
        d_square(x, d, 1.0);
    }, TOL_F32)
}
