//! A repr(C) struct of three f64: reverse mode of x + 2y + 3z (rustc's struct type-tree
//! program).
//! Translated from rust-lang/rust tests/run-make/autodiff/type-trees/struct-typetree/test.rs at commit 8686951386c716251baaac8eb0c83723292b069c (MIT OR Apache-2.0).
//! `#[autodiff_reverse(d_test, Duplicated, Active)]` becomes __enzyme_autodiff with the struct
//! dup (seed 1.0); `#[no_mangle]` dropped; `Clone, Debug` derived for the harness.
use crate::harness::*;

#[derive(Clone, Debug)]
#[repr(C)]
struct Point {
    x: f64,
    y: f64,
    z: f64,
}
params!(Point, x, y, z);

#[inline(never)]
fn test_struct(point: &Point) -> f64 {
    point.x + point.y * 2.0 + point.z * 3.0
}

#[inline(never)]
fn top(p: *const Point) -> f64 {
    test_struct(unsafe { &*p })
}

pub fn run() -> Result<(), String> {
    let point = Point { x: 1.0, y: 2.0, z: 3.0 };
    reverse("reverse", &point, |p| test_struct(p), |p, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), p, d);
    }, TOL)
}
