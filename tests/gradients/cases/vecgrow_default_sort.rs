//! vec![P::default(); n] of a struct of mixed fields (f64, u32, f32, a pointer-free
//! Option), filled, copied with copy_from_slice and clone_from_slice, then sort_by on the
//! float key (descending; inputs without ties), and read back. From -O2 SROA copies an
//! element in the stable sort through an i64 load of bytes 8..16, `tag` and `w` in one
//! register, and Enzyme stopped on its assertion "unhandled accumulate with partial sizes"
//! (plain Enzyme and the baseline stop earlier, on a copy and on a memset); the wrapper now
//! splits such a load and its stores at the field boundary (emit/rewrite/ir_split_moves.c).
use crate::harness::*;

#[derive(Clone, Copy, Default, Debug, PartialEq)]
pub struct P {
    x: f64,
    tag: u32,
    w: f32,
    k: Option<u16>,
}

#[inline(never)]
fn f(xs: &[f64]) -> f64 {
    let n = xs.len();
    let mut a = vec![P::default(); n];
    for (i, p) in a.iter_mut().enumerate() {
        p.x = xs[i] * xs[i];
        p.tag = i as u32;
        p.w = 0.25 * (i as f32 + 1.0);
        p.k = if i % 2 == 0 { Some(i as u16) } else { None };
    }
    let mut b = vec![P::default(); n];
    b.copy_from_slice(&a);
    let mut c = vec![P::default(); n];
    c.clone_from_slice(&b);
    c.sort_by(|p, q| q.x.partial_cmp(&p.x).unwrap());
    c.iter().enumerate().map(|(r, p)| (1.0 + 0.5 * r as f64) * p.x * (1.0 + p.tag as f64) * p.w as f64 + p.x.sin() * p.k.map_or(1.0, |k| k as f64 + 2.0)).sum()
}

#[inline(never)]
fn top(x: *const f64, n: usize) -> f64 {
    unsafe { f(std::slice::from_raw_parts(x, n)) }
}

pub fn run() -> Result<(), String> {
    let x = vec![0.5, -1.25, 2.0, 0.75, 1.5];
    reverse("reverse", &x, |x| f(x), |x, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len());
    }, TOL)
}
