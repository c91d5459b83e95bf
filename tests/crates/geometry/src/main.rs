//! geometry: curves and transforms over kurbo, euclid and lyon_geom — Bézier arc lengths,
//! areas, nearest points, flattening, affine chains, a convex hull (ordered-float keys,
//! smallvec/arrayvec buffers), checked with approx and libm. Prints one checksum line
//! per part and a total.
use approx::{abs_diff_eq, relative_eq};
use arrayvec::ArrayVec;
use euclid::default::{Box2D, Point2D, Rotation2D, Transform2D, Vector2D};
use euclid::Angle;
use kurbo::{
    Affine, BezPath, CubicBez, Line, ParamCurve, ParamCurveArclen, ParamCurveArea,
    ParamCurveDeriv, ParamCurveExtrema, ParamCurveNearest, Point, QuadBez, Rect, Shape, Vec2,
};
use lyon_geom::{CubicBezierSegment, LineSegment, QuadraticBezierSegment};
use ordered_float::OrderedFloat;
use smallvec::SmallVec;

/// A running checksum of f64 values (their exact bits) and integers.
struct Sum(u64);

impl Sum {
    fn f(&mut self, x: f64) {
        self.u(x.to_bits());
    }
    fn u(&mut self, x: u64) {
        self.0 = (self.0 ^ x).wrapping_mul(0x100000001b3).rotate_left(17);
    }
}

/// Deterministic pseudo-random points (a linear congruential generator).
fn points(n: usize, seed: u64) -> Vec<(f64, f64)> {
    let mut s = seed;
    let mut next = || {
        s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((s >> 11) as f64) / ((1u64 << 53) as f64)
    };
    (0..n).map(|_| (next() * 10.0 - 5.0, next() * 10.0 - 5.0)).collect()
}

#[inline(never)]
fn kurbo_part(pts: &[(f64, f64)], sum: &mut Sum) {
    let a = Affine::new([1.2, 0.3, -0.2, 0.9, 0.5, -1.0]) * Affine::rotate(0.3);
    for w in pts.windows(4) {
        let c = CubicBez::new(
            a * Point::new(w[0].0, w[0].1),
            a * Point::new(w[1].0, w[1].1),
            a * Point::new(w[2].0, w[2].1),
            a * Point::new(w[3].0, w[3].1),
        );
        sum.f(c.arclen(1e-7));
        sum.f(c.signed_area());
        let d = c.deriv();
        sum.f(d.eval(0.25).x + d.eval(0.75).y);
        for t in c.extrema() {
            sum.f(t);
        }
        let (t, dist2) = c.nearest(Point::new(0.5, 0.5), 1e-9);
        sum.f(t + dist2);
        let bb = ParamCurveExtrema::bounding_box(&c);
        sum.f(bb.area());
        let q = QuadBez::new(c.p0, c.p1.midpoint(c.p2), c.p3);
        sum.f(q.arclen(1e-7));
        let l = Line::new(c.p0, c.p3);
        sum.f(l.arclen(1e-9));
        assert!(relative_eq!(l.arclen(1e-9), (c.p3 - c.p0).hypot(), max_relative = 1e-12));
    }
    let mut path = BezPath::new();
    path.move_to((pts[0].0, pts[0].1));
    for w in pts[1..].chunks(3) {
        if w.len() == 3 {
            path.curve_to((w[0].0, w[0].1), (w[1].0, w[1].1), (w[2].0, w[2].1));
        }
    }
    path.close_path();
    sum.f(path.area());
    sum.f(path.perimeter(1e-6));
    let r = Rect::new(-1.0, -2.0, 3.0, 4.0).inflate(0.5, 0.25);
    sum.f(r.area() + r.perimeter(1.0) + Vec2::new(r.width(), r.height()).atan2());
    sum.u(path.elements().len() as u64);
}

#[inline(never)]
fn euclid_part(pts: &[(f64, f64)], sum: &mut Sum) {
    let t = Transform2D::<f64>::create_rotation(Angle::radians(0.7))
        .post_translate(Vector2D::new(1.5, -0.5))
        .post_scale(1.1, 0.9);
    let inv = t.inverse().expect("invertible");
    let rot = Rotation2D::<f64>::new(Angle::radians(-0.2));
    let moved: Vec<Point2D<f64>> = pts
        .iter()
        .map(|&(x, y)| rot.transform_point(t.transform_point(Point2D::new(x, y))))
        .collect();
    for (p, &(x, y)) in moved.iter().zip(pts) {
        let back = inv.transform_point(rot.inverse().transform_point(*p));
        assert!(abs_diff_eq!(back.x, x, epsilon = 1e-9) && abs_diff_eq!(back.y, y, epsilon = 1e-9));
        sum.f(p.x);
        sum.f(p.y);
    }
    let bb = Box2D::from_points(moved.iter().copied());
    sum.f(bb.area());
    sum.f(bb.center().to_vector().length());
}

#[inline(never)]
fn lyon_part(pts: &[(f64, f64)], sum: &mut Sum) {
    let mut flattened: usize = 0;
    for w in pts.windows(4) {
        let c = CubicBezierSegment {
            from: lyon_geom::math::point(w[0].0, w[0].1),
            ctrl1: lyon_geom::math::point(w[1].0, w[1].1),
            ctrl2: lyon_geom::math::point(w[2].0, w[2].1),
            to: lyon_geom::math::point(w[3].0, w[3].1),
        };
        sum.f(c.approximate_length(0.01));
        c.for_each_flattened(0.05, &mut |_p| flattened += 1);
        let q = QuadraticBezierSegment { from: c.from, ctrl: c.ctrl1.lerp(c.ctrl2, 0.5), to: c.to };
        sum.f(q.approximate_length(0.01));
        let b = q.bounding_rect();
        sum.f(b.size.width * b.size.height);
        let l = LineSegment { from: c.from, to: c.to };
        let m = LineSegment { from: c.ctrl1, to: c.ctrl2 };
        if let Some(p) = l.intersection(&m) {
            sum.f(p.x + p.y);
        }
        sum.f(l.length());
    }
    sum.u(flattened as u64);
}

/// Andrew's monotone chain over points sorted by OrderedFloat keys.
#[inline(never)]
fn hull(pts: &[(f64, f64)]) -> SmallVec<[(f64, f64); 16]> {
    let mut p: Vec<(f64, f64)> = pts.to_vec();
    p.sort_by_key(|&(x, y)| (OrderedFloat(x), OrderedFloat(y)));
    let cross = |o: (f64, f64), a: (f64, f64), b: (f64, f64)| {
        (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
    };
    let mut h: SmallVec<[(f64, f64); 16]> = SmallVec::new();
    for pass in 0..2 {
        let start = h.len();
        let it: Box<dyn Iterator<Item = &(f64, f64)>> =
            if pass == 0 { Box::new(p.iter()) } else { Box::new(p.iter().rev()) };
        for &q in it {
            while h.len() >= start + 2 && cross(h[h.len() - 2], h[h.len() - 1], q) <= 0.0 {
                h.pop();
            }
            h.push(q);
        }
        h.pop();
    }
    h
}

#[inline(never)]
fn hull_part(pts: &[(f64, f64)], sum: &mut Sum) {
    let h = hull(pts);
    let mut area = 0.0;
    for i in 0..h.len() {
        let (a, b) = (h[i], h[(i + 1) % h.len()]);
        area += a.0 * b.1 - b.0 * a.1;
    }
    sum.f(area * 0.5);
    sum.u(h.len() as u64);
    // the eight points farthest from the origin, kept in a fixed-capacity buffer
    let mut far: ArrayVec<OrderedFloat<f64>, 8> = ArrayVec::new();
    for &(x, y) in pts {
        let d = OrderedFloat(libm::hypot(x, y));
        if far.is_full() {
            let (i, m) = far.iter().enumerate().min_by_key(|(_, v)| **v).map(|(i, v)| (i, *v)).unwrap();
            if d > m {
                far[i] = d;
            }
        } else {
            far.push(d);
        }
    }
    far.sort();
    for d in &far {
        sum.f(d.0);
    }
    sum.f(libm::atan2(h[0].1, h[0].0) + libm::cbrt(area.abs()));
}

fn main() {
    let pts = points(200, 7);
    let mut total = Sum(0xcbf29ce484222325);
    for (name, part) in [
        ("kurbo", kurbo_part as fn(&[(f64, f64)], &mut Sum)),
        ("euclid", euclid_part),
        ("lyon_geom", lyon_part),
        ("hull", hull_part),
    ] {
        let mut s = Sum(0xcbf29ce484222325);
        part(&pts, &mut s);
        println!("{} {:016x}", name, s.0);
        total.u(s.0);
    }
    println!("geometry {:016x}", total.0);
}
