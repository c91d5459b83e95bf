//! A Vec of boxed closures (Box<dyn Fn(f64) -> f64>) capturing parameters, applied in turn.
use crate::harness::*;

#[inline(never)]
fn pipeline(p: &[f64; 3]) -> Vec<Box<dyn Fn(f64) -> f64 + '_>> {
    vec![Box::new(move |x| x * p[0]), Box::new(move |x| x + p[1].sin()), Box::new(move |x| x * x * p[2])]
}

#[inline(never)]
fn run_all(p: &[f64; 3], x: f64) -> f64 {
    pipeline(p).iter().fold(x, |acc, f| f(acc))
}

#[inline(never)]
fn top(p: *const [f64; 3]) -> f64 {
    unsafe { run_all(&*p, 1.25) }
}

pub fn run() -> Result<(), String> {
    let p = [0.8, 0.3, -1.5];
    reverse("reverse", &p, |p| run_all(p, 1.25), |p, d| unsafe { __enzyme_autodiff(top as usize, dup(), p, d); }, TOL)
}
