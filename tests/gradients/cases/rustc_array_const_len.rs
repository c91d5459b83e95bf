//! A repr(C) struct holding a raw pointer to a const-length array (`*mut [f32; N]`) beside
//! two f32 fields: reverse mode of their sum (rustc's regression for anon-const array
//! lengths, #160635).
//! Translated from rust-lang/rust tests/run-make/autodiff/type-trees/array-const-len-typetree/test.rs at commit 10af126fe863de771ca196e96fae3b8f6146c404 (MIT OR Apache-2.0).
//! `#[autodiff_reverse(d_ptr_array_sum, Duplicated, Active)]` becomes __enzyme_autodiff with
//! the struct dup (f32 result: f32api; Active return: seed 1.0). The shadow's `p` points to a
//! shadow array of its own. Left out: `copy_ptr_array`, `InlineArray` and
//! `copy_inline_array`, which upstream only type-tree-checks and never differentiates.
//! `#[no_mangle]` dropped (all cases share one program); `Debug` derived for the harness.
use crate::harness::*;

const N: usize = 8;

#[derive(Copy, Clone, Debug)]
#[repr(C)]
pub struct PtrArray {
    pub p: *mut [f32; N],
    pub q: f32,
    pub r: f32,
}
params!(PtrArray, q, r);

#[inline(never)]
pub fn ptr_array_sum(s: &PtrArray) -> f32 {
    s.q + s.r
}

#[inline(never)]
fn top(s: *const PtrArray) -> f32 {
    ptr_array_sum(unsafe { &*s })
}

pub fn run() -> Result<(), String> {
    let mut data = [1.5f32; N];
    let mut shadow = [0.0f32; N];
    let dp: *mut [f32; N] = &mut shadow;
    let s = PtrArray { p: &mut data, q: 0.75, r: -2.5 };
    reverse("reverse", &s, |s| ptr_array_sum(s) as f64, |s, d| unsafe {
        d.p = dp;
        f32api::__enzyme_autodiff(top as usize, dup(), s, d);
    }, TOL_F32)
}
