//! A repr(C) struct of three f64, reverse mode of x + 2y + 3z.
//! After rust-lang/rust tests/run-make/autodiff/type-trees/struct-typetree/test.rs at
//! commit 8686951386c716251baaac8eb0c83723292b069c (MIT OR Apache-2.0). `Clone, Debug`
//! derived for the checks; upstream's main calls `d_test` and checks nothing.
use crate::harness::*;
use typetree_autodiff::autodiff_reverse;

#[derive(Clone, Debug)]
#[repr(C)]
struct Point {
    x: f64,
    y: f64,
    z: f64,
}
params!(Point, x, y, z);

#[autodiff_reverse(d_test, Duplicated, Active)]
#[no_mangle]
fn test_struct(point: &Point) -> f64 {
    point.x + point.y * 2.0 + point.z * 3.0
}

pub fn run() -> Result<(), String> {
    let point = Point { x: 1.0, y: 2.0, z: 3.0 };
    reverse("d_test", &point, |p| test_struct(p), |p, d| {
        d_test(p, d, 1.0);
    }, TOL)
}
