//! Result<f64, Error> with `?` early exits inside a loop; the error path is not taken.
use crate::harness::*;

#[derive(Debug)]
pub enum Error {
    Negative(usize),
    TooLarge { at: usize, value: u64 },
}

#[inline(never)]
fn checked(x: f64, i: usize) -> Result<f64, Error> {
    if x < 0.0 {
        return Err(Error::Negative(i));
    }
    if x > 1e6 {
        return Err(Error::TooLarge { at: i, value: x as u64 });
    }
    Ok(x.sqrt())
}

#[inline(never)]
fn norm(xs: &[f64]) -> Result<f64, Error> {
    let mut s = 0.0;
    for (i, &x) in xs.iter().enumerate() {
        s += checked(x, i)? * x;
    }
    Ok(s)
}

#[inline(never)]
fn top(x: *const f64, n: usize) -> f64 {
    match norm(unsafe { std::slice::from_raw_parts(x, n) }) {
        Ok(v) => v,
        Err(_) => 0.0,
    }
}

pub fn run() -> Result<(), String> {
    let x = vec![0.5, 1.5, 2.0, 4.0];
    reverse("reverse", &x, |x| norm(x).unwrap(), |x, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len());
    }, TOL)
}
