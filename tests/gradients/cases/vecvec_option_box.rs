//! Vec<Vec<f64>> rows and an Option<Box<f64>> weight behind references.
use crate::harness::*;

#[inline(never)]
fn f(v: &Vec<Vec<f64>>, w: &Option<Box<f64>>) -> f64 {
    let s: f64 = v.iter().map(|r| r.iter().map(|x| x.sin()).sum::<f64>()).sum();
    s * w.as_ref().map(|b| **b).unwrap_or(1.0)
}

#[inline(never)]
fn top(v: *const Vec<Vec<f64>>, w: *const Option<Box<f64>>) -> f64 {
    unsafe { f(&*v, &*w) }
}

pub fn run() -> Result<(), String> {
    let x = (vec![vec![0.1, 0.2, 0.3], vec![0.4, 0.5]], Some(Box::new(2.0)));
    reverse("reverse", &x, |x| f(&x.0, &x.1), |x, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), &x.0, &mut d.0, dup(), &x.1, &mut d.1);
    }, TOL)
}
