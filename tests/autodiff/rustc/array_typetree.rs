//! The sum of a `&[f64; 5]`'s elements, reverse mode.
//! After rust-lang/rust tests/run-make/autodiff/type-trees/array-typetree/test.rs at commit
//! dc0341a8b5e67e1c367b9110f08b05e501b2dae7 (MIT OR Apache-2.0).
use crate::harness::*;
use typetree_autodiff::autodiff_reverse;

#[autodiff_reverse(d_test, Duplicated, Active)]
#[no_mangle]
fn test_array(arr: &[f64; 5]) -> f64 {
    arr[0] + arr[1] + arr[2] + arr[3] + arr[4]
}

pub fn run() -> Result<(), String> {
    let arr = [1.0, 2.0, 3.0, 4.0, 5.0];
    reverse("d_test", &arr, |a| test_array(a), |a, d| {
        d_test(a, d, 1.0);
    }, TOL)
}
