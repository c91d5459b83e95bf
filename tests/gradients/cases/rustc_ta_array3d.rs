//! `&[[[f32; 2]; 2]; 2]`: reverse mode of the sum of squares over three nested loops
//! (rustc's type-analysis array3d program).
//! Translated from rust-lang/rust tests/run-make/autodiff/type-trees/type-analysis/array3d/array3d.rs at commit dc0341a8b5e67e1c367b9110f08b05e501b2dae7 (MIT OR Apache-2.0).
//! The same program: tests/ui/autodiff/type-trees/type-analysis/array3d.rs at
//! a422615215f422d78d6084895cbeb2b5d814f067.
//! `#[autodiff_reverse(d_square, Duplicated, Active)]` becomes __enzyme_autodiff with the array
//! dup (f32 result: f32api; seed 1.0); `#[no_mangle]` dropped.
use crate::harness::*;

#[inline(never)]
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

#[inline(never)]
fn top(x: *const [[[f32; 2]; 2]; 2]) -> f32 {
    callee(unsafe { &*x })
}

pub fn run() -> Result<(), String> {
    let x = [[[1.0f32, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]];
    reverse("reverse", &x, |x| callee(x) as f64, |x, d| unsafe {
        f32api::__enzyme_autodiff(top as usize, dup(), x, d);
    }, TOL_F32)
}
