//! Functions returning (f64, f64) by value (a scalar pair in registers) and a Vec of tuples.
use crate::harness::*;

#[inline(never)]
fn polar(r: f64, t: f64) -> (f64, f64) {
    (r * t.cos(), r * t.sin())
}

#[inline(never)]
fn sum_xy(ps: &[(f64, f64)]) -> (f64, f64) {
    ps.iter().map(|&(r, t)| polar(r, t)).fold((0.0, 0.0), |a, b| (a.0 + b.0, a.1 + b.1))
}

#[inline(never)]
fn top(p: *const (f64, f64), n: usize) -> f64 {
    let (x, y) = sum_xy(unsafe { std::slice::from_raw_parts(p, n) });
    x * y
}

pub fn run() -> Result<(), String> {
    let ps = vec![(1.0, 0.3), (2.0, 1.1), (0.5, -0.7)];
    reverse("reverse", &ps, |p| { let (x, y) = sum_xy(p); x * y }, |p, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), p.as_ptr(), d.as_mut_ptr(), cnst(), p.len());
    }, TOL)
}
