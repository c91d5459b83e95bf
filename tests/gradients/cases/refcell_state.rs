//! A RefCell<f64> accumulator and a Cell<u32> counter mutated through shared references.
use crate::harness::*;
use std::cell::{Cell, RefCell};

struct Acc {
    sum: RefCell<f64>,
    count: Cell<u32>,
}

#[inline(never)]
fn add(a: &Acc, v: f64) {
    *a.sum.borrow_mut() += v * v;
    a.count.set(a.count.get() + 1);
}

#[inline(never)]
fn f(x: &[f64]) -> f64 {
    let a = Acc { sum: RefCell::new(0.0), count: Cell::new(0) };
    for v in x {
        add(&a, *v);
    }
    let s = *a.sum.borrow();
    s / a.count.get() as f64
}

#[inline(never)]
fn top(x: *const f64, n: usize) -> f64 {
    unsafe { f(std::slice::from_raw_parts(x, n)) }
}

pub fn run() -> Result<(), String> {
    let x = vec![0.5, -1.5, 2.0];
    reverse("reverse", &x, |x| f(x), |x, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len());
    }, TOL)
}
