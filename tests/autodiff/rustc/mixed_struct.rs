//! A repr(C) struct of an i64 header and a `[f32; 1000]` (4008 bytes, past Enzyme's 500-byte
//! limit of type offsets), reverse mode of its first plus last float.
//! After rust-lang/rust tests/run-make/autodiff/type-trees/mixed-struct-typetree/test.rs at
//! commit 1604c376d6befc00f1123d2355afc92e47f9b007 (MIT OR Apache-2.0). `Clone, Debug`
//! derived for the checks; upstream's data is all ones, here the elements differ, so that a
//! derivative landing on the wrong element shows.
use crate::harness::*;
use typetree_autodiff::autodiff_reverse;

#[derive(Clone, Debug)]
#[repr(C)]
struct Container {
    header: i64,
    data: [f32; 1000],
}
params!(Container, data);

#[autodiff_reverse(d_test, Duplicated, Active)]
#[no_mangle]
fn test_mixed_struct(container: &Container) -> f32 {
    container.data[0] + container.data[999]
}

pub fn run() -> Result<(), String> {
    let container = Container { header: 42, data: std::array::from_fn(|i| 1.0 + 0.001 * i as f32) };
    reverse("d_test", &container, |c| test_mixed_struct(c) as f64, |c, d| {
        d_test(c, d, 1.0);
    }, TOL_F32)
}
