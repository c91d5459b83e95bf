//! A repr(C) struct holding a raw pointer to a const-length array (`*mut [f32; N]`) beside
//! two f32 fields, reverse mode of their sum (rustc's regression for anon-const array
//! lengths, #160635).
//! After rust-lang/rust tests/run-make/autodiff/type-trees/array-const-len-typetree/test.rs
//! at commit 10af126fe863de771ca196e96fae3b8f6146c404 (MIT OR Apache-2.0). Left out: the
//! functions upstream only type-tree-checks and never differentiates. The shadow's `p`
//! points to a shadow array of its own; `Debug` derived for the checks.
use crate::harness::*;
use typetree_autodiff::autodiff_reverse;

const N: usize = 8;

#[derive(Copy, Clone, Debug)]
#[repr(C)]
pub struct PtrArray {
    pub p: *mut [f32; N],
    pub q: f32,
    pub r: f32,
}
params!(PtrArray, q, r);

#[autodiff_reverse(d_ptr_array_sum, Duplicated, Active)]
#[no_mangle]
pub fn ptr_array_sum(s: &PtrArray) -> f32 {
    s.q + s.r
}

pub fn run() -> Result<(), String> {
    let mut data = [1.5f32; N];
    let mut shadow = [0.0f32; N];
    let dp: *mut [f32; N] = &mut shadow;
    let s = PtrArray { p: &mut data, q: 0.75, r: -2.5 };
    reverse("d_ptr_array_sum", &s, |s| ptr_array_sum(s) as f64, |s, d| {
        d.p = dp;
        d_ptr_array_sum(s, d, 1.0);
    }, TOL_F32)
}
