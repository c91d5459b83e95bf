//! A repr(C) dynamically sized struct `Header<[f32]>` (an f32 tag, then a slice of f32)
//! behind a fat reference, reverse mode of the tag plus the slice's sum.
//! After rust-lang/rust tests/run-make/autodiff/type-trees/slice-dst-typetree/test.rs at
//! commit 2a29c551d7133d8a9937b64e3a51ae4d50b6d9fa (MIT OR Apache-2.0). Left out:
//! `split_once` (never differentiated upstream) and `zst_slice_len` (`&[()]`: no float).
//! The primal and its shadow are built over buffers [tag, data...].
use crate::harness::*;
use std::ptr;
use typetree_autodiff::autodiff_reverse;

#[repr(C)]
pub struct Header<T: ?Sized> {
    tag: f32,
    data: T,
}

#[autodiff_reverse(d_header_sum, Duplicated, Active)]
#[no_mangle]
pub fn header_sum(value: &Header<[f32]>) -> f32 {
    value.tag + value.data.iter().sum::<f32>()
}

/// The Header<[f32]> a buffer [tag, data...] holds.
fn header(buf: *const f32, n: usize) -> *const Header<[f32]> {
    ptr::slice_from_raw_parts(buf, n) as *const Header<[f32]>
}

pub fn run() -> Result<(), String> {
    let buf = vec![0.5f32, 1.0, -2.0, 3.25, 0.125];
    let n = buf.len() - 1;
    reverse("d_header_sum", &buf, |b| header_sum(unsafe { &*header(b.as_ptr(), n) }) as f64, |b, d| unsafe {
        let shadow = header(d.as_mut_ptr(), n) as *mut Header<[f32]>;
        d_header_sum(&*header(b.as_ptr(), n), &mut *shadow, 1.0);
    }, TOL_F32)
}
