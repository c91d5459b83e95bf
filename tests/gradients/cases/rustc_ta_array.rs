//! `&[f32; 3]`: reverse mode of the sum of squares (rustc's type-analysis array program).
//! Translated from rust-lang/rust tests/ui/autodiff/type-trees/type-analysis/array.rs at commit 49510d00398a60eabb4a81e87bcdc9a14dcb9b82 (MIT OR Apache-2.0).
//! (Its run-make successor's array.rs is not in the searchable index.)
//! `#[autodiff_reverse(d_square, Duplicated, Active)]` becomes __enzyme_autodiff with the array
//! dup (f32 result: f32api; seed 1.0); `#[no_mangle]` dropped.
use crate::harness::*;

#[inline(never)]
fn callee(x: &[f32; 3]) -> f32 {
    x[0] * x[0] + x[1] * x[1] + x[2] * x[2]
}

#[inline(never)]
fn top(x: *const [f32; 3]) -> f32 {
    callee(unsafe { &*x })
}

pub fn run() -> Result<(), String> {
    let x = [1.0f32, 2.0, 3.0];
    reverse("reverse", &x, |x| callee(x) as f64, |x, d| unsafe {
        f32api::__enzyme_autodiff(top as usize, dup(), x, d);
    }, TOL_F32)
}
