//! `&[[[f32; 2]; 2]; 2]`: reverse mode of the sum of squares over three nested loops.
//! After rust-lang/rust tests/run-make/autodiff/type-trees/type-analysis/array3d/array3d.rs
//! at commit dc0341a8b5e67e1c367b9110f08b05e501b2dae7 (MIT OR Apache-2.0).
use crate::harness::*;
use typetree_autodiff::autodiff_reverse;

#[autodiff_reverse(d_square, Duplicated, Active)]
fn callee(x: &[[[f32; 2]; 2]; 2]) -> f32 {
    let mut sum = 0.0;
    for i in 0..2 {
        for j in 0..2 {
            for k in 0..2 {
                sum += x[i][j][k] * x[i][j][k];
            }
        }
    }
    sum
}

pub fn run() -> Result<(), String> {
    let x = [[[1.0f32, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]];
    reverse("d_square", &x, |x| callee(x) as f64, |x, d| {
        d_square(x, d, 1.0);
    }, TOL_F32)
}
