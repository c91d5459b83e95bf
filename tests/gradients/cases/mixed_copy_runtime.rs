//! Copies of run-time length of slices of mixed structs (floats beside integers):
//! `copy_from_slice` of `&[(f64, i64)]` into a work slice, `clone_from_slice` of
//! `&[Point { x, y, tag: u32, w: f32 }]`, `to_vec`, then computations on the copies. Each is
//! one `llvm.memcpy` of `n * size_of::<T>()` bytes that Enzyme must type byte by byte.
use crate::harness::*;

#[derive(Clone, Copy, Debug)]
pub struct Point {
    x: f64,
    y: f64,
    tag: u32,
    w: f32,
}
params!(Point, x, y, w);

#[inline(never)]
fn pairs(src: &[(f64, i64)], n: usize) -> f64 {
    let mut work = [(0.0f64, 0i64); 8];
    work[..n].copy_from_slice(&src[..n]);
    work[..n].iter().map(|&(a, k)| a * a * (k as f64)).sum()
}

#[inline(never)]
fn points(src: &[Point], n: usize) -> f64 {
    let mut work = [Point { x: 0.0, y: 0.0, tag: 0, w: 0.0 }; 6];
    work[..n].clone_from_slice(&src[..n]);
    let v = work[..n].to_vec();
    v.iter().map(|p| (p.x * p.y + (p.w as f64) * p.x) * (p.tag as f64 + 1.0)).sum()
}

/// Both ends of the copy are the caller's slices: the destination's type is known from
/// nothing but its parameter.
#[inline(never)]
fn into_work(src: &[Point], work: &mut [Point], n: usize) -> f64 {
    work[..n].copy_from_slice(&src[..n]);
    work[1..n].clone_from_slice(&src[..n - 1]);
    work[..n].iter().map(|p| p.x * p.w as f64 + p.y * p.y).sum()
}

#[inline(never)]
fn top_work(p: *const Point, w: *mut Point, len: usize, n: usize) -> f64 {
    unsafe { into_work(std::slice::from_raw_parts(p, len), std::slice::from_raw_parts_mut(w, len), n) }
}

#[inline(never)]
fn top_pairs(p: *const (f64, i64), len: usize, n: usize) -> f64 {
    unsafe { pairs(std::slice::from_raw_parts(p, len), n) }
}

#[inline(never)]
fn top_points(p: *const Point, len: usize, n: usize) -> f64 {
    unsafe { points(std::slice::from_raw_parts(p, len), n) }
}

#[derive(Clone, Debug)]
struct Pairs(Vec<(f64, i64)>);
impl Params for Pairs {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        for p in self.0.iter_mut() {
            p.0.visit(f)
        }
    }
}

pub fn run() -> Result<(), String> {
    // The length copied is read at run time (std::env::args cannot be seen through).
    let n = 3 + std::env::args().count().min(1);
    let xs = Pairs(vec![(0.5, 2), (-1.25, 3), (2.0, -1), (0.75, 5), (9.0, 7)]);
    reverse("pairs", &xs, |x| pairs(&x.0, n), |x, d| unsafe {
        __enzyme_autodiff(top_pairs as usize, dup(), x.0.as_ptr(), d.0.as_mut_ptr(),
                          cnst(), x.0.len(), cnst(), n);
    }, TOL)?;
    let ps = vec![
        Point { x: 0.5, y: 1.5, tag: 1, w: 0.25 },
        Point { x: -1.0, y: 2.0, tag: 2, w: -0.5 },
        Point { x: 2.5, y: -0.5, tag: 0, w: 1.5 },
        Point { x: 1.25, y: 0.75, tag: 3, w: 2.0 },
        Point { x: 3.0, y: 1.0, tag: 4, w: 0.5 },
    ];
    reverse("points", &ps, |p| points(p, n), |p, d| unsafe {
        __enzyme_autodiff(top_points as usize, dup(), p.as_ptr(), d.as_mut_ptr(),
                          cnst(), p.len(), cnst(), n);
    }, TOL_F32)?;
    reverse("work slice", &ps, |p| into_work(p, &mut p.clone(), n), |p, d| unsafe {
        let mut work = p.clone();
        let mut dwork = zeroed(&work);
        __enzyme_autodiff(top_work as usize, dup(), p.as_ptr(), d.as_mut_ptr(), dup(),
                          work.as_mut_ptr(), dwork.as_mut_ptr(), cnst(), p.len(), cnst(), n);
        let _ = &mut work;
    }, TOL_F32)
}
