//! euclid: Transform2D::transform_point over a Vec of Point2D, then the summed squared
//! distances; differentiated w.r.t. the transform's six entries (forward and reverse).
use crate::harness::*;
use euclid::default::{Point2D, Transform2D};

#[inline(never)]
fn spread(m: &[f64; 6], pts: &[Point2D<f64>]) -> f64 {
    let t = Transform2D::row_major(m[0], m[1], m[2], m[3], m[4], m[5]);
    let moved: Vec<Point2D<f64>> = pts.iter().map(|p| t.transform_point(*p)).collect();
    moved.iter().map(|p| p.x * p.x + p.y * p.y).sum()
}

fn points() -> Vec<Point2D<f64>> {
    (0..5).map(|i| Point2D::new(i as f64 * 0.5 - 1.0, 1.0 - 0.25 * i as f64)).collect()
}

#[inline(never)]
fn top(m: *const [f64; 6], p: *const Point2D<f64>, n: usize) -> f64 {
    unsafe { spread(&*m, std::slice::from_raw_parts(p, n)) }
}

pub fn run() -> Result<(), String> {
    let m = [1.0, 0.2, -0.3, 0.8, 0.5, -0.25];
    let pts = points();
    reverse("reverse", &m, |m| spread(m, &pts), |m, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), m, d, cnst(), pts.as_ptr(), cnst(), pts.len());
    }, TOL)?;
    forward("forward", &m, |m| spread(m, &pts), |m, t| unsafe {
        __enzyme_fwddiff(top as usize, dup(), m, t, cnst(), pts.as_ptr(), cnst(), pts.len())
    }, TOL)
}
