// Reverse mode: every input activity, the result activities, widths, raw pointers, slices,
// generics with bounds and where clauses, visibility, unsafe and extern "C" primals.
#![feature(autodiff)]
#![allow(dead_code, unused_variables, improper_ctypes_definitions)]
use std::autodiff::autodiff_reverse;

#[autodiff_reverse(d_scalars, Active, Active, Active)]
pub fn scalars(x: f64, y: f32) -> f64 { x * y as f64 }

#[autodiff_reverse(d_scalars_only, Active, Active, ActiveOnly)]
pub fn scalars_only(x: f64, y: f32) -> f64 { x * y as f64 }

#[autodiff_reverse(d_one_active_only_ret, Active, ActiveOnly)]
fn one_active_only_ret(x: f64) -> f64 { x }

#[autodiff_reverse(d_const_ret, Duplicated, Active, Const)]
pub(crate) fn const_ret(v: &[f64], k: f64) -> f64 { v[0] * k }

#[autodiff_reverse(d_active_only_input, Duplicated, ActiveOnly, Active)]
fn active_only_input(x: &f64, y: f64) -> f64 { *x * y }

#[autodiff_reverse(d_no_ret, Duplicated, Duplicated)]
fn no_ret(x: &[f64], out: &mut f64) { *out = x[0] }

#[autodiff_reverse(d_no_ret_active, Duplicated, Active)]
fn no_ret_active(out: &mut f64, x: f64) { *out = x }

#[autodiff_reverse(d_unit_ret_active, Active)]
fn unit_ret_active(x: f64) -> () {}

#[autodiff_reverse(d_two_active_no_ret, Active, Active, Duplicated)]
fn two_active_no_ret(x: f64, y: f64, out: &mut f64) { *out = x * y }

#[autodiff_reverse(d_ptrs, Duplicated, DuplicatedOnly, Const, Active)]
pub fn ptrs(a: *const f64, b: *mut f64, n: usize) -> f64 { 0.0 }

#[autodiff_reverse(d_mut_ref, Duplicated, Active)]
fn mut_ref(a: &mut [f64; 3]) -> f64 { a[0] }

#[autodiff_reverse(d_width, 3, Duplicated, Const, Active)]
fn width(v: &[f64], n: usize) -> f64 { v[0] }

#[autodiff_reverse(d_width_only, 2, DuplicatedOnly, ActiveOnly)]
fn width_only(v: &[f64]) -> f64 { v[0] }

#[autodiff_reverse(d_generic, Duplicated, Const, Active)]
pub fn generic<T: Copy + Into<f64>, const N: usize>(v: &[T; N], k: usize) -> f64 where T: std::fmt::Debug { 0.0 }

#[autodiff_reverse(d_lifetimes, Duplicated, Const, Active)]
fn lifetimes<'a, 'b>(v: &'a [f64], w: &'b [f64]) -> f64 { 0.0 }

#[autodiff_reverse(d_unsafe, Duplicated, Active)]
unsafe fn unsafe_primal(p: *const f64) -> f64 { *p }

#[autodiff_reverse(d_extern, Active, Active)]
extern "C" fn extern_primal(x: f64) -> f64 { x }

#[autodiff_reverse(d_mut_binding, Active, Duplicated, Active)]
fn mut_binding(mut x: f64, mut v: &[f64]) -> f64 { x += 1.0; x * v[0] }

pub struct Particle { pub pos: [f64; 3], pub id: u32 }

#[autodiff_reverse(d_energy, Duplicated, Active)]
pub fn energy(ps: &[Particle]) -> f64 { 0.0 }

#[autodiff_reverse(d_tuple_ret, Duplicated, Active)]
fn tuple_ret(x: &f64) -> (f64, f64) { (*x, *x) }

fn main() {}

// A struct ending in a slice behind a reference (rust-lang/rust's slice-dst-typetree test).
#[repr(C)]
pub struct Header<T: ?Sized> { tag: f32, data: T }

#[autodiff_reverse(d_header_sum, Duplicated, Active)]
pub fn header_sum(value: &Header<[f32]>) -> f32 { value.tag + value.data.iter().sum::<f32>() }
