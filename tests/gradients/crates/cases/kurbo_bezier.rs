//! kurbo: a cubic Bézier's arc length and signed area (ParamCurveArclen, ParamCurveArea)
//! and an Affine map of its control points, differentiated w.r.t. the control points.
use crate::harness::*;
use kurbo::{Affine, CubicBez, ParamCurve, ParamCurveArclen, ParamCurveArea, Point};

#[inline(never)]
fn measure(c: &[f64; 8]) -> f64 {
    let a = Affine::new([1.2, 0.3, -0.2, 0.9, 0.5, -1.0]);
    let b = CubicBez::new(
        a * Point::new(c[0], c[1]),
        a * Point::new(c[2], c[3]),
        a * Point::new(c[4], c[5]),
        a * Point::new(c[6], c[7]),
    );
    b.arclen(1e-9) + 0.5 * b.signed_area() + b.eval(0.3).x
}

#[inline(never)]
fn top(c: *const [f64; 8]) -> f64 {
    unsafe { measure(&*c) }
}

pub fn run() -> Result<(), String> {
    let c = [0.0, 0.0, 1.0, 2.0, 3.0, 2.5, 4.0, 0.5];
    // arclen is adaptive (subdivision chosen by the accuracy): its derivative matches
    // finite differences to about the accuracy asked, 1e-9 relative.
    reverse("reverse", &c, |c| measure(c), |c, d| unsafe { __enzyme_autodiff(top as usize, dup(), c, d); }, 1e-6)
}
