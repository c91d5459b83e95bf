//! windows(2) over a [f64; 4] field of a struct followed by integer fields (a slice that
//! points into a struct).
use crate::harness::*;

#[derive(Clone, Debug)]
pub struct Track {
    pts: [f64; 4],
    count: u64,
    tag: u32,
}
params!(Track, pts);

#[inline(never)]
fn length(s: &[f64]) -> f64 {
    s.windows(2).map(|w| ((w[1] - w[0]) * (w[1] - w[0]) + 1.0).sqrt()).sum()
}

#[inline(never)]
fn f(t: &Track) -> f64 {
    length(&t.pts) * t.count as f64 + t.tag as f64
}

#[inline(never)]
fn top(t: *const Track) -> f64 {
    unsafe { f(&*t) }
}

pub fn run() -> Result<(), String> {
    let t = Track { pts: [0.0, 1.0, 0.5, 2.0], count: 2, tag: 5 };
    reverse("reverse", &t, |t| f(t), |t, d| unsafe { __enzyme_autodiff(top as usize, dup(), t, d); }, TOL)
}
