//! Trait objects (Vec<Box<dyn Shape>>) built inside the differentiated function from plain
//! parameters, then summed through dynamic dispatch to two implementations.
use crate::harness::*;

trait Shape {
    fn area(&self) -> f64;
}
struct Circle {
    r: f64,
}
struct Rect {
    w: f64,
    h: f64,
    n: u32,
}
impl Shape for Circle {
    fn area(&self) -> f64 {
        3.25 * self.r * self.r
    }
}
impl Shape for Rect {
    fn area(&self) -> f64 {
        self.w * self.h * self.n as f64
    }
}

#[inline(never)]
fn scene(p: &[f64; 4]) -> Vec<Box<dyn Shape>> {
    vec![Box::new(Circle { r: p[0] }), Box::new(Rect { w: p[1], h: p[2], n: 3 }), Box::new(Circle { r: p[3] })]
}

#[inline(never)]
fn total(shapes: &[Box<dyn Shape>]) -> f64 {
    shapes.iter().map(|s| s.area()).sum::<f64>().sqrt()
}

#[inline(never)]
fn f(p: &[f64; 4]) -> f64 {
    total(&scene(p))
}

#[inline(never)]
fn top(p: *const [f64; 4]) -> f64 {
    unsafe { f(&*p) }
}

pub fn run() -> Result<(), String> {
    let p = [1.5, 2.0, 0.5, 0.25];
    reverse("reverse", &p, |p| f(p), |p, d| unsafe { __enzyme_autodiff(top as usize, dup(), p, d); }, TOL)
}
