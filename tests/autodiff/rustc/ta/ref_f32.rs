//! `callee(x: &f32) -> f32 { *x * *x }`: reverse mode (rustc's type-analysis f32 and ref
//! programs, which are the same program).
//! After rust-lang/rust tests/run-make/autodiff/type-trees/type-analysis/f32/f32.rs at
//! commit 80224c3e888bf14ddca14700e79363b25eda93ce and type-analysis/ref/ref.rs at
//! 3c009e9f25e71f4c1b5dc6d9d7940bcad56808e1 (MIT OR Apache-2.0).
use crate::harness::*;
use typetree_autodiff::autodiff_reverse;

#[autodiff_reverse(d_square, Duplicated, Active)]
fn callee(x: &f32) -> f32 {
    *x * *x
}

pub fn run() -> Result<(), String> {
    let x: f32 = 7.0;
    reverse("d_square", &x, |x| callee(x) as f64, |x, d| {
        d_square(x, d, 1.0);
    }, TOL_F32)
}
