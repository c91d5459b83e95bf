//! A `[f64; 128]` copied by `ptr::copy_nonoverlapping` in an #[inline(never)] callee into a
//! local array, then four squares summed: reverse mode.
//! After rust-lang/rust tests/run-make/autodiff/type-trees/memcpy-typetree/memcpy.rs at
//! commit 44aa5a9eb97fa676e4a834f646bbaad6d6e2c2a0 (MIT OR Apache-2.0). Upstream's input is
//! all ones; here the elements differ.
use crate::harness::*;
use std::ptr;
use typetree_autodiff::autodiff_reverse;

#[inline(never)]
fn force_memcpy(src: *const f64, dst: *mut f64, count: usize) {
    unsafe {
        ptr::copy_nonoverlapping(src, dst, count);
    }
}

#[autodiff_reverse(d_test_memcpy, Duplicated, Active)]
#[no_mangle]
fn test_memcpy(input: &[f64; 128]) -> f64 {
    let mut local_data = [0.0f64; 128];
    force_memcpy(input.as_ptr(), local_data.as_mut_ptr(), 128);
    local_data[0] * local_data[0]
        + local_data[1] * local_data[1]
        + local_data[2] * local_data[2]
        + local_data[3] * local_data[3]
}

pub fn run() -> Result<(), String> {
    let input: [f64; 128] = std::array::from_fn(|i| 1.0 + 0.125 * i as f64);
    reverse("d_test_memcpy", &input, |i| test_memcpy(i), |i, d| {
        d_test_memcpy(i, d, 1.0);
    }, TOL)
}
