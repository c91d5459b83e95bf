//! `*const f32`: reverse mode of the square of the pointee; the shadow is a `*mut f32`.
//! After rust-lang/rust tests/run-make/autodiff/type-trees/type-analysis/const_pointer/
//! const_pointer.rs at commit 66099cdb2272d2e8fcd456a3e6bf28d240296105 (MIT OR Apache-2.0).
use crate::harness::*;
use typetree_autodiff::autodiff_reverse;

#[autodiff_reverse(d_square, Duplicated, Active)]
fn callee(x: *const f32) -> f32 {
    unsafe { *x * *x }
}

pub fn run() -> Result<(), String> {
    let x: f32 = 7.0;
    reverse("d_square", &x, |x| callee(x as *const f32) as f64, |x, d| {
        d_square(x as *const f32, d as *mut f32, 1.0);
    }, TOL_F32)
}
