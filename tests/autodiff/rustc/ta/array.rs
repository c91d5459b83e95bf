//! `&[f32; 3]`: reverse mode of the sum of squares.
//! After rust-lang/rust tests/ui/autodiff/type-trees/type-analysis/array.rs at commit
//! 49510d00398a60eabb4a81e87bcdc9a14dcb9b82 (MIT OR Apache-2.0).
use crate::harness::*;
use typetree_autodiff::autodiff_reverse;

#[autodiff_reverse(d_square, Duplicated, Active)]
fn callee(x: &[f32; 3]) -> f32 {
    x[0] * x[0] + x[1] * x[1] + x[2] * x[2]
}

pub fn run() -> Result<(), String> {
    let x = [1.0f32, 2.0, 3.0];
    reverse("d_square", &x, |x| callee(x) as f64, |x, d| {
        d_square(x, d, 1.0);
    }, TOL_F32)
}
