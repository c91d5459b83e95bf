//! A Vec<Shape> of an enum with eight payload shapes (struct-like {f64, u32}, Vec<[f64; 2]>,
//! ([f64; 6], u8), Box<Shape>, (f32, f64, Box<Shape>), Option<f64>, (f64, i64), unit),
//! matched in loops, rebuilt and returned by value: niche-free tags, recursive boxed variants.
use crate::harness::*;

#[derive(Clone, Debug)]
pub enum Shape {
    Circle { r: f64, id: u32 },
    Poly(Vec<[f64; 2]>),
    Tri([f64; 6], u8),
    Ref(Box<Shape>),
    Scaled(f32, f64, Box<Shape>),
    Maybe(Option<f64>),
    Pair(f64, i64),
    Empty,
}
impl Params for Shape {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        match self {
            Shape::Circle { r, .. } => r.visit(f),
            Shape::Poly(v) => v.visit(f),
            Shape::Tri(p, _) => p.visit(f),
            Shape::Ref(b) => b.visit(f),
            Shape::Scaled(_, k, b) => {
                k.visit(f);
                b.visit(f)
            }
            Shape::Maybe(o) => o.visit(f),
            Shape::Pair(x, _) => x.visit(f),
            Shape::Empty => {}
        }
    }
}

#[inline(never)]
fn area(s: &Shape) -> f64 {
    match s {
        Shape::Circle { r, id } => 3.0 * r * r + 0.01 * *id as f64,
        Shape::Poly(pts) => {
            let n = pts.len();
            let mut a = 0.0;
            for i in 0..n {
                let (p, q) = (pts[i], pts[(i + 1) % n]);
                a += p[0] * q[1] - q[0] * p[1];
            }
            0.5 * a
        }
        Shape::Tri(p, k) => {
            let d = (p[2] - p[0]) * (p[5] - p[1]) - (p[4] - p[0]) * (p[3] - p[1]);
            0.5 * d * (1.0 + *k as f64 * 0.1)
        }
        Shape::Ref(b) => 0.5 * area(b),
        Shape::Scaled(s, k, b) => *s as f64 * k * k * area(b),
        Shape::Maybe(o) => o.map(|x| x.exp()).unwrap_or(-1.0),
        Shape::Pair(x, n) => x * *n as f64,
        Shape::Empty => 0.25,
    }
}

#[inline(never)]
fn grow(s: &Shape, t: f64) -> Shape {
    match s {
        Shape::Circle { r, id } => Shape::Circle { r: r * (1.0 + t), id: id + 1 },
        Shape::Poly(pts) => Shape::Poly(pts.iter().map(|p| [p[0] * (1.0 + t), p[1] + t * p[0]]).collect()),
        Shape::Tri(p, k) => {
            let mut q = *p;
            q.rotate_left(2);
            Shape::Tri(q, k.wrapping_add(1))
        }
        Shape::Ref(b) => Shape::Scaled(1.5, 1.0 + t, Box::new(grow(b, t))),
        Shape::Scaled(s, k, b) => Shape::Ref(Box::new(Shape::Scaled(*s, k + t, b.clone()))),
        Shape::Maybe(Some(x)) => Shape::Pair(x + t, 2),
        Shape::Maybe(None) => Shape::Empty,
        Shape::Pair(x, n) => Shape::Maybe(Some(x * (1.0 - t) + *n as f64 * 0.01)),
        Shape::Empty => Shape::Circle { r: t, id: 0 },
    }
}

#[inline(never)]
fn pick(shapes: &[Shape], i: usize) -> Option<Shape> {
    shapes.get(i).filter(|s| !matches!(s, Shape::Empty)).cloned()
}

#[inline(never)]
fn f(shapes: &[Shape]) -> f64 {
    let mut cur: Vec<Shape> = shapes.to_vec();
    let mut s = 0.0;
    for round in 0..3 {
        let t = 0.1 * (round as f64 + 1.0);
        cur = cur.iter().map(|x| grow(x, t)).collect();
        for (i, x) in cur.iter().enumerate() {
            s += area(x) * (1.0 + 0.1 * i as f64);
        }
        cur.rotate_right(1);
    }
    let extra: Vec<Option<Shape>> = (0..shapes.len() + 2).map(|i| pick(shapes, i)).collect();
    for o in extra.iter().flatten() {
        s += 0.5 * area(o).sin();
    }
    s
}

#[inline(never)]
fn top(s: *const Shape, n: usize) -> f64 {
    unsafe { f(std::slice::from_raw_parts(s, n)) }
}

pub fn run() -> Result<(), String> {
    let shapes = vec![
        Shape::Circle { r: 0.8, id: 3 },
        Shape::Poly(vec![[0.0, 0.1], [1.2, -0.1], [1.0, 0.9], [0.2, 1.1]]),
        Shape::Tri([0.0, 0.0, 1.5, 0.2, 0.3, 1.4], 2),
        Shape::Ref(Box::new(Shape::Circle { r: 0.4, id: 8 })),
        Shape::Scaled(2.0, 0.7, Box::new(Shape::Pair(1.3, 3))),
        Shape::Maybe(Some(0.25)),
        Shape::Maybe(None),
        Shape::Pair(-0.6, -2),
        Shape::Empty,
        Shape::Ref(Box::new(Shape::Tri([0.1, 0.2, 0.9, 0.1, 0.5, 0.8], 0))),
    ];
    reverse("reverse", &shapes, |s| f(s), |s, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), s.as_ptr(), d.as_mut_ptr(), cnst(), s.len());
    }, TOL)
}
