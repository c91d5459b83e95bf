// Forward mode: Dual, DualOnly, Dualv, DualvOnly, Const on inputs and results, widths.
#![feature(autodiff)]
#![allow(dead_code, unused_variables)]
use std::autodiff::autodiff_forward;

#[autodiff_forward(d_dual, Dual, Dual, Dual)]
pub fn dual(x: f64, v: &[f64]) -> f64 { x * v[0] }

#[autodiff_forward(d_dual_only, Dual, Const, DualOnly)]
fn dual_only(x: &f64, k: f64) -> f64 { *x * k }

#[autodiff_forward(d_dual_only_in, DualOnly, Dual)]
fn dual_only_in(x: &mut f64) -> f64 { *x }

#[autodiff_forward(d_w3, 3, Dual, Const, Dual)]
fn w3(x: &[f64], k: f64) -> f64 { x[0] * k }

#[autodiff_forward(d_w3_only, 3, Dual, DualOnly)]
fn w3_only(x: f64) -> f64 { x }

#[autodiff_forward(d_dualv, 2, Dualv, Dual)]
fn dualv_in(x: &[f64]) -> f64 { x[0] }

#[autodiff_forward(d_dualv_ret, Dualv, Dualv)]
fn dualv_ret(x: &[f64]) -> f64 { x[0] }

#[autodiff_forward(d_dualv_only, 2, DualvOnly, DualvOnly)]
fn dualv_only(x: &[f64]) -> f64 { x[0] }

#[autodiff_forward(d_const_ret, Dual, Const)]
fn const_ret(x: &f64) -> f64 { *x }

#[autodiff_forward(d_no_ret, Dual, Dual)]
fn no_ret(x: &f64, out: &mut f64) { *out = *x }

#[autodiff_forward(d_unit_ret, Dual)]
fn unit_ret(x: &f64) -> () {}

#[autodiff_forward(d_struct, Dual, Dual)]
fn by_value_struct(p: [f64; 3]) -> f64 { p[0] }

#[autodiff_forward(d_generic, Dual, Dual)]
pub fn generic<T: Copy + std::ops::Mul<Output = T>>(x: T) -> T { x * x }

fn main() {}
