//! Reverse mode of the sum of a `&[f64; 5]`'s elements (rustc's array type-tree program).
//! Translated from rust-lang/rust tests/run-make/autodiff/type-trees/array-typetree/test.rs at commit dc0341a8b5e67e1c367b9110f08b05e501b2dae7 (MIT OR Apache-2.0).
//! `#[autodiff_reverse(d_test, Duplicated, Active)]` becomes __enzyme_autodiff with the array
//! dup (Active return: seed 1.0); `#[no_mangle]` dropped (all cases share one program).
use crate::harness::*;

#[inline(never)]
fn test_array(arr: &[f64; 5]) -> f64 {
    arr[0] + arr[1] + arr[2] + arr[3] + arr[4]
}

#[inline(never)]
fn top(arr: *const [f64; 5]) -> f64 {
    test_array(unsafe { &*arr })
}

pub fn run() -> Result<(), String> {
    let arr = [1.0, 2.0, 3.0, 4.0, 5.0];
    reverse("reverse", &arr, |a| test_array(a), |a, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), a, d);
    }, TOL)
}
