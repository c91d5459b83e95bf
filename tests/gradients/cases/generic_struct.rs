//! A generic Point<T> with methods, instantiated for f64 (reverse) and f32 (forward).
use crate::harness::*;

#[derive(Clone, Copy, Debug)]
pub struct Point<T> {
    x: T,
    y: T,
}
params!(Point<f64>, x, y);
params!(Point<f32>, x, y);

impl<T: Copy + std::ops::Mul<Output = T> + std::ops::Add<Output = T> + std::ops::Sub<Output = T>> Point<T> {
    #[inline(never)]
    fn dot(&self, o: &Point<T>) -> T {
        self.x * o.x + self.y * o.y
    }
    #[inline(never)]
    fn rot(&self) -> Point<T> {
        Point { x: self.y, y: self.x - self.y }
    }
}

#[inline(never)]
fn top64(p: *const Point<f64>) -> f64 {
    let p = unsafe { *p };
    p.dot(&p.rot()) * p.x
}

#[inline(never)]
fn top32(p: *const Point<f32>) -> f32 {
    let p = unsafe { *p };
    p.dot(&p.rot()) * p.y
}

pub fn run() -> Result<(), String> {
    let p = Point { x: 1.5, y: -0.5 };
    reverse("reverse f64", &p, |p| p.dot(&p.rot()) * p.x, |p, d| unsafe {
        __enzyme_autodiff(top64 as usize, dup(), p, d);
    }, TOL)?;
    let q = Point { x: 1.5f32, y: -0.5 };
    forward("forward f32", &q, |q| (q.dot(&q.rot()) * q.y) as f64, |q, t| unsafe {
        f32api::__enzyme_fwddiff(top32 as usize, dup(), q, t) as f64
    }, TOL_F32)
}
