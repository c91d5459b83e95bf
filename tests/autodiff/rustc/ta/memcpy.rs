//! A `[f64; 8]` copied by an inlined `ptr::copy_nonoverlapping` into a local array, then the
//! sum of squares in a loop: reverse mode.
//! After rust-lang/rust tests/run-make/autodiff/type-trees/type-analysis/memcpy/memcpy.rs at
//! commit 346bc6e45d28999dcad45044b083a78cf5172046 (MIT OR Apache-2.0).
use crate::harness::*;
use std::ptr;
use typetree_autodiff::autodiff_reverse;

#[autodiff_reverse(d_test_memcpy, Duplicated, Active)]
fn test_memcpy(input: &[f64; 8]) -> f64 {
    let mut local_data = [0.0f64; 8];
    unsafe {
        ptr::copy_nonoverlapping(input.as_ptr(), local_data.as_mut_ptr(), 8);
    }
    let mut result = 0.0;
    for i in 0..8 {
        result += local_data[i] * local_data[i];
    }
    result
}

pub fn run() -> Result<(), String> {
    let input = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0];
    reverse("d_test_memcpy", &input, |i| test_memcpy(i), |i, d| {
        d_test_memcpy(i, d, 1.0);
    }, TOL)
}
