//! `*mut f32` (only read): reverse mode of the square of the pointee (rustc's type-analysis
//! mut_pointer program).
//! Translated from rust-lang/rust tests/run-make/autodiff/type-trees/type-analysis/mut_pointer/mut_pointer.rs at commit 36d309e7b98fedac1dd1905c5251299efe5f624b (MIT OR Apache-2.0).
//! The same program: tests/ui/autodiff/type-trees/type-analysis/mut_pointer.rs at
//! 49510d00398a60eabb4a81e87bcdc9a14dcb9b82.
//! `#[autodiff_reverse(d_square, Duplicated, Active)]` becomes __enzyme_autodiff with the
//! pointer dup (f32 result: f32api; seed 1.0); `#[no_mangle]` dropped.
use crate::harness::*;

#[inline(never)]
fn callee(x: *mut f32) -> f32 {
    unsafe { *x * *x }
}

#[inline(never)]
fn top(x: *mut f32) -> f32 {
    callee(x)
}

pub fn run() -> Result<(), String> {
    let x: f32 = 7.0;
    // callee only reads through the pointer: a *mut made from the shared reference is sound
    reverse("reverse", &x, |x| callee(x as *const f32 as *mut f32) as f64, |x, d| unsafe {
        f32api::__enzyme_autodiff(top as usize, dup(), x as *const f32 as *mut f32, d as *mut f32);
    }, TOL_F32)
}
