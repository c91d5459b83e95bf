//! A repr(C) dynamically sized struct `Header<[f32]>` (an f32 tag, then a slice of f32)
//! behind a fat reference: reverse mode of the tag plus the slice's sum (rustc's slice-dst
//! type-tree program).
//! Translated from rust-lang/rust tests/run-make/autodiff/type-trees/slice-dst-typetree/test.rs at commit 2a29c551d7133d8a9937b64e3a51ae4d50b6d9fa (MIT OR Apache-2.0).
//! `#[autodiff_reverse(d_header_sum, Duplicated, Active)]` becomes __enzyme_autodiff over a
//! thin wrapper that builds the fat pointer from a buffer of 1 + n floats and the length n
//! (buffer dup, n const; f32 result: f32api; seed 1.0); `#[no_mangle]` dropped. Left out:
//! `split_once` (never differentiated upstream) and `zst_slice_len` (`&[()]`: no float to
//! differentiate).
use crate::harness::*;
use std::ptr;

#[repr(C)]
pub struct Header<T: ?Sized> {
    tag: f32,
    data: T,
}

#[inline(never)]
pub fn header_sum(value: &Header<[f32]>) -> f32 {
    value.tag + value.data.iter().sum::<f32>()
}

/// The Header<[f32]> a buffer [tag, data...] holds.
fn header(buf: *const f32, n: usize) -> *const Header<[f32]> {
    ptr::slice_from_raw_parts(buf, n) as *const Header<[f32]>
}

#[inline(never)]
fn top(buf: *const f32, n: usize) -> f32 {
    header_sum(unsafe { &*header(buf, n) })
}

pub fn run() -> Result<(), String> {
    let buf = vec![0.5f32, 1.0, -2.0, 3.25, 0.125];
    let n = buf.len() - 1;
    reverse("reverse", &buf, |b| header_sum(unsafe { &*header(b.as_ptr(), n) }) as f64, |b, d| unsafe {
        f32api::__enzyme_autodiff(top as usize, dup(), b.as_ptr(), d.as_mut_ptr(), cnst(), n);
    }, TOL_F32)
}
