//! Piecewise functions whose arm not taken is a NaN or an infinity at the point: a
//! penalty `if v > 1 { (v - 1).sqrt() } else { 0.5 * v * v }` summed over a slice with
//! entries on both sides, and a scalar `if x > 0 { x.sqrt() * 2 } else { -x }` at a
//! negative x, reverse and forward mode. LLVM folds such branches into selects (both arms
//! computed; llvm.sqrt may be speculated), and so does Enzyme's own preprocessing; the
//! derivative of a select gives the arm not taken an adjoint of 0, and sqrt's derivative
//! then divides it by the NaN: every derivative came out NaN at every level, with trees and
//! without, and in the baseline (tests/enzyme-bugs/speculated-nan.ll). The wrapper keeps
//! branches as branches in the code Enzyme differentiates (keep-branches,
//! docs/enzyme-workarounds.md).
use crate::harness::*;

#[inline(never)]
fn penalty(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for &v in x {
        s += if v > 1.0 { (v - 1.0).sqrt() } else { 0.5 * v * v };
    }
    s
}

#[inline(never)]
fn top(x: *const f64, n: usize) -> f64 {
    unsafe { penalty(std::slice::from_raw_parts(x, n)) }
}

#[inline(never)]
fn scalar(x: f64) -> f64 {
    if x > 0.0 { x.sqrt() * 2.0 } else { -x }
}

#[inline(never)]
fn scalar_top(x: *const f64) -> f64 {
    unsafe { scalar(*x) }
}

pub fn run() -> Result<(), String> {
    let x = vec![0.5, 1.5, -0.25, 2.0, 0.75];
    reverse("reverse", &x, |x| penalty(x), |x, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len());
    }, TOL)?;
    forward("forward", &x, |x| penalty(x), |x, t| unsafe {
        __enzyme_fwddiff(top as usize, dup(), x.as_ptr(), t.as_ptr(), cnst(), x.len())
    }, TOL)?;
    let y = -0.5f64;
    reverse("reverse scalar", &y, |y| scalar(*y), |y, d| unsafe {
        __enzyme_autodiff(scalar_top as usize, dup(), y as *const f64, d as *mut f64);
    }, TOL)
}
