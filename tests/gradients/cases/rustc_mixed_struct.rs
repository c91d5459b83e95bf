//! A repr(C) struct of an i64 header and a `[f32; 1000]` (4008 bytes, past Enzyme's
//! 500-byte limit of type offsets): reverse mode of its first plus last float (rustc's
//! mixed-struct type-tree program).
//! Translated from rust-lang/rust tests/run-make/autodiff/type-trees/mixed-struct-typetree/test.rs at commit 1604c376d6befc00f1123d2355afc92e47f9b007 (MIT OR Apache-2.0).
//! `#[autodiff_reverse(d_test, Duplicated, Active)]` becomes __enzyme_autodiff with the struct
//! dup (f32 result: f32api; seed 1.0); `#[no_mangle]` dropped; `Clone, Debug` derived for the
//! harness. Upstream's data is all ones; here the elements differ.
use crate::harness::*;

#[derive(Clone, Debug)]
#[repr(C)]
struct Container {
    header: i64,
    data: [f32; 1000],
}
params!(Container, data);

#[inline(never)]
fn test_mixed_struct(container: &Container) -> f32 {
    container.data[0] + container.data[999]
}

#[inline(never)]
fn top(c: *const Container) -> f32 {
    test_mixed_struct(unsafe { &*c })
}

pub fn run() -> Result<(), String> {
    let container = Container { header: 42, data: std::array::from_fn(|i| 1.0 + 0.001 * i as f32) };
    reverse("reverse", &container, |c| test_mixed_struct(c) as f64, |c, d| unsafe {
        f32api::__enzyme_autodiff(top as usize, dup(), c, d);
    }, TOL_F32)
}
