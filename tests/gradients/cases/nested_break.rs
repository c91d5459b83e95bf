//! An outer `loop` whose only way out is a `break 'outer` inside an inner `for`, the outer
//! header doing work of its own: the inner loop's normal exit leads back into it, so Enzyme
//! takes that exit for none and never records the inner trip count there
//! (tests/enzyme-bugs/nested-loop-limit.ll); the wrapper gives the exit a way out Enzyme
//! sees (typetree rewrite --loop-exits).
use crate::harness::*;

#[inline(never)]
fn scan(x: &[f64], w: usize, stop: f64) -> f64 {
    let mut s = 0.0;
    let mut i = 0usize;
    'outer: loop {
        let base = x[i % x.len()] * 0.5 + 1.0;
        for j in 0..w {
            s += base * x[(i + j) % x.len()];
            if s > stop {
                break 'outer;
            }
        }
        i += 1;
    }
    s
}

#[inline(never)]
fn top(x: *const f64, n: usize, w: usize, stop: f64) -> f64 {
    unsafe { scan(std::slice::from_raw_parts(x, n), w, stop) }
}

pub fn run() -> Result<(), String> {
    let x: Vec<f64> = (0..7).map(|k| 0.3 + 0.11 * k as f64).collect();
    reverse("reverse", &x, |x| scan(x, 3, 20.0), |x, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len(), cnst(), 3usize, cnst(), 20.0f64);
    }, TOL)
}
