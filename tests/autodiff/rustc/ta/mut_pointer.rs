//! `*mut f32` (only read): reverse mode of the square of the pointee.
//! After rust-lang/rust tests/run-make/autodiff/type-trees/type-analysis/mut_pointer/
//! mut_pointer.rs at commit 36d309e7b98fedac1dd1905c5251299efe5f624b (MIT OR Apache-2.0).
use crate::harness::*;
use typetree_autodiff::autodiff_reverse;

#[autodiff_reverse(d_square, Duplicated, Active)]
fn callee(x: *mut f32) -> f32 {
    unsafe { *x * *x }
}

pub fn run() -> Result<(), String> {
    let x: f32 = 7.0;
    // callee only reads through the pointer: a *mut made from the shared reference is sound
    reverse("d_square", &x, |x| callee(x as *const f32 as *mut f32) as f64, |x, d| {
        d_square(x as *const f32 as *mut f32, d as *mut f32, 1.0);
    }, TOL_F32)
}
