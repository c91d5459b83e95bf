//! lyon_geom: a QuadraticBezierSegment<f64> sampled at fixed parameters and its
//! approximate length (flattening), differentiated w.r.t. the control points.
use crate::harness::*;
use lyon_geom::math::point;
use lyon_geom::QuadraticBezierSegment;

#[inline(never)]
fn shape(c: &[f64; 6]) -> f64 {
    let s = QuadraticBezierSegment { from: point(c[0], c[1]), ctrl: point(c[2], c[3]), to: point(c[4], c[5]) };
    let p = s.sample(0.3);
    let q = s.sample(0.8);
    p.x * q.y - p.y * q.x + (p - q).length()
}

#[inline(never)]
fn top(c: *const [f64; 6]) -> f64 {
    unsafe { shape(&*c) }
}

pub fn run() -> Result<(), String> {
    let c = [0.0, 0.0, 1.5, 2.0, 3.0, 0.5];
    reverse("reverse", &c, |c| shape(c), |c, d| unsafe { __enzyme_autodiff(top as usize, dup(), c, d); }, TOL)?;
    forward("forward", &c, |c| shape(c), |c, t| unsafe { __enzyme_fwddiff(top as usize, dup(), c, t) }, TOL)
}
