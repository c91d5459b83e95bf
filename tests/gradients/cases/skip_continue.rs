//! Loops with `continue`, as everyone writes them: `for k in 0..n { if !on[k] { continue } ..
//! }` over f64 and f32, a `while` whose skip depends on the data, and a true nested loop that
//! leaves through a labelled break. LLVM's LoopSimplify splits a loop whose `continue` edge
//! passes a value on unchanged into an outer loop of phis around an inner one; Enzyme then
//! loses the inner loop's trip count and puts gradients on the wrong elements, silently
//! (tests/enzyme-bugs/continue-loop-limit.ll); the wrapper joins such loops again
//! (typetree rewrite --join-loops).
use crate::harness::*;

#[inline(never)]
fn skip(x: &[f64], on: &[bool]) -> f64 {
    let mut total = 0.0;
    let mut prod = 1.0;
    for k in 0..x.len() {
        if !on[k] {
            continue;
        }
        prod *= x[k];
        total += prod * x[k] * (1.0 + 0.1 * k as f64);
    }
    total
}

#[inline(never)]
fn skip_f32(x: &[f32], on: &[bool]) -> f64 {
    let mut total = 0.0f64;
    let mut y = 0.5f32;
    for k in 0..x.len() {
        if !on[k] {
            continue;
        }
        y = 0.5 * y + x[k] * x[k];
        total += (y * (1.0 + 0.25 * k as f32)) as f64;
    }
    total
}

/// Skips the elements below the threshold, keeping a running maximum and a sum.
#[inline(never)]
fn skip_while(x: &[f64]) -> f64 {
    let mut k = 0;
    let mut s = 0.0;
    let mut m = f64::MIN;
    while k < x.len() {
        let v = x[k];
        k += 1;
        if v < 0.0 {
            continue;
        }
        m = m.max(v);
        s += v * m;
    }
    s
}

/// Rows of width w, each summed into a decaying total, until `stop` elements are read: the
/// outer loop leaves only from inside the inner one.
#[inline(never)]
fn outer_break(x: &[f64], w: usize, stop: usize) -> f64 {
    let mut s = 0.0;
    let mut i = 0;
    'rows: loop {
        let mut j = 0;
        while j < w {
            if i * w + j >= stop {
                break 'rows;
            }
            s += x[(i * w + j) % x.len()] * (1.0 + j as f64);
            j += 1;
        }
        s *= 0.75;
        i += 1;
    }
    s
}

#[inline(never)]
fn top(x: *const f64, n: usize, on: *const bool) -> f64 {
    unsafe { skip(std::slice::from_raw_parts(x, n), std::slice::from_raw_parts(on, n)) }
}

#[inline(never)]
fn top_f32(x: *const f32, n: usize, on: *const bool) -> f64 {
    unsafe { skip_f32(std::slice::from_raw_parts(x, n), std::slice::from_raw_parts(on, n)) }
}

#[inline(never)]
fn top_while(x: *const f64, n: usize) -> f64 {
    unsafe { skip_while(std::slice::from_raw_parts(x, n)) }
}

#[inline(never)]
fn top_break(x: *const f64, n: usize, w: usize, stop: usize) -> f64 {
    unsafe { outer_break(std::slice::from_raw_parts(x, n), w, stop) }
}

pub fn run() -> Result<(), String> {
    let x: Vec<f64> = (0..24).map(|k| 0.9 + 0.01 * k as f64).collect();
    let on: Vec<bool> = (0..24).map(|k| k % 3 != 1 && k % 7 != 2).collect();
    let on2 = on.clone();
    reverse("reverse", &x, |x| skip(x, &on2), |x, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len(), cnst(), on.as_ptr());
    }, TOL)?;
    forward("forward", &x, |x| skip(x, &on2), |x, t| unsafe {
        __enzyme_fwddiff(top as usize, dup(), x.as_ptr(), t.as_ptr(), cnst(), x.len(), cnst(), on.as_ptr())
    }, TOL)?;

    let xf: Vec<f32> = (0..24).map(|k| 0.4 + 0.03 * k as f32).collect();
    reverse("reverse f32", &xf, |x| skip_f32(x, &on2), |x, d| unsafe {
        __enzyme_autodiff(top_f32 as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len(), cnst(), on.as_ptr());
    }, TOL_F32)?;

    let xw: Vec<f64> = (0..20).map(|k| if k % 4 == 1 { -0.5 - 0.1 * k as f64 } else { 0.3 + 0.07 * k as f64 }).collect();
    reverse("reverse while", &xw, |x| skip_while(x), |x, d| unsafe {
        __enzyme_autodiff(top_while as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len());
    }, TOL)?;

    let xb: Vec<f64> = (0..10).map(|k| 0.2 + 0.15 * k as f64).collect();
    reverse("reverse labelled break", &xb, |x| outer_break(x, 4, 23), |x, d| unsafe {
        __enzyme_autodiff(top_break as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len(), cnst(), 4usize, cnst(), 23usize);
    }, TOL)
}
