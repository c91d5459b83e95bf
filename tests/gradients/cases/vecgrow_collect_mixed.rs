//! Vec growth of mixed structs: collect of an iterator without a size hint (filter), so
//! the Vec of {f64, u32, f64} grows by reallocation; integers ride along the floats.
use crate::harness::*;

#[derive(Clone, Copy, Debug)]
pub struct Item {
    pub w: f64,
    pub tag: u32,
    pub v: f64,
}

#[inline(never)]
fn f(x: &[f64]) -> f64 {
    let items: Vec<Item> = (0..4 * x.len())
        .filter(|i| i % 3 != 1)
        .map(|i| Item { w: x[i % x.len()] * 0.5, tag: i as u32, v: x[(i + 1) % x.len()] })
        .collect();
    items.iter().map(|it| it.w * it.v + it.tag as f64 * it.w).sum()
}

#[inline(never)]
fn top(x: *const f64, n: usize) -> f64 {
    unsafe { f(std::slice::from_raw_parts(x, n)) }
}

pub fn run() -> Result<(), String> {
    let x = vec![1.5, -0.5, 0.25, 2.0, -1.0];
    reverse("reverse", &x, |x| f(x), |x, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len());
    }, TOL)
}
