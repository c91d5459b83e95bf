//! A generic dot product over a user trait implemented for f64 and f32, both instances
//! differentiated (reverse f64, forward f32).
use crate::harness::*;

pub trait Real: Copy + std::ops::Mul<Output = Self> + std::ops::Add<Output = Self> {
    fn zero() -> Self;
}
impl Real for f64 {
    fn zero() -> Self { 0.0 }
}
impl Real for f32 {
    fn zero() -> Self { 0.0 }
}

#[inline(never)]
fn dot<T: Real>(a: &[T], b: &[T]) -> T {
    a.iter().zip(b).fold(T::zero(), |s, (x, y)| s + *x * *y)
}

#[inline(never)]
fn top64(a: *const f64, n: usize) -> f64 {
    let a = unsafe { std::slice::from_raw_parts(a, n) };
    dot(a, a)
}

#[inline(never)]
fn top32(a: *const f32, n: usize) -> f32 {
    let a = unsafe { std::slice::from_raw_parts(a, n) };
    let w = [0.5f32, -1.0, 2.0];
    dot(a, &w) * dot(a, a)
}

pub fn run() -> Result<(), String> {
    let a = vec![0.5, -1.25, 2.0];
    reverse("reverse f64", &a, |a| dot(a, a), |a, d| unsafe {
        __enzyme_autodiff(top64 as usize, dup(), a.as_ptr(), d.as_mut_ptr(), cnst(), a.len());
    }, TOL)?;
    let b = vec![0.5f32, -1.25, 2.0];
    forward("forward f32", &b, |b| { let w = [0.5f32, -1.0, 2.0]; (dot(b, &w) * dot(b, b)) as f64 },
            |b, t| unsafe { f32api::__enzyme_fwddiff(top32 as usize, dup(), b.as_ptr(), t.as_ptr(), cnst(), b.len()) as f64 },
            TOL_F32)
}
