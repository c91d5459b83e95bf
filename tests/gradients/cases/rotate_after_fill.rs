//! A slice of `Reading { Single(f64), Triple(f64, Option<f32>, f64) }` filled into a Vec
//! (`vec![xs[0]; n + 1]` + `copy_from_slice`), then copied (`to_vec`) and rotated by one.
//! For a rotation by one element std moves the first element out to a stack buffer, the
//! rest down, and the buffer back to the end: the copy back gets its segment list from the
//! `getelementptr %Reading` that addresses the end, but the copy out of the buffer's first
//! element had none, and Enzyme, typing it from what the rest of the function told it of
//! the buffer, moved part of the element's derivative: 2% off at -O0, silently, where plain
//! Enzyme stops (random_cases.py seed 10, case 6). The base of such a getelementptr points
//! at an element too (emit/rewrite/ir_elem_ptrs.c).
use crate::harness::*;

#[derive(Clone, Copy, Debug)]
pub enum Reading {
    Single(f64),
    Triple(f64, Option<f32>, f64),
}

impl Params for Reading {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        match self {
            Reading::Single(a) => a.visit(f),
            Reading::Triple(a, b, c) => {
                a.visit(f);
                if let Some(v) = b {
                    v.visit(f);
                }
                c.visit(f);
            }
        }
    }
}

fn value(r: &Reading) -> f64 {
    let mut acc = 0.1f64;
    match r {
        Reading::Single(a) => acc = acc * 0.93 + 1.3 * a,
        Reading::Triple(a, b, c) => {
            acc = acc * 0.93 + a.tanh();
            if let Some(v) = *b {
                acc = acc * 0.93 + (v as f64) * acc.cos();
            } else {
                acc += 0.5;
            }
            acc = acc * 0.93 + (0.4 * c).exp();
        }
    }
    acc
}

#[inline(never)]
fn fill_rotate(xs: &[Reading]) -> f64 {
    let mut acc = 0.0;
    {
        let mut v = vec![xs[0]; xs.len() + 1];
        v[1..].copy_from_slice(xs);
        acc += v.iter().enumerate().map(|(i, r)| value(r) * (1.0 + 0.1 * i as f64)).sum::<f64>();
    }
    {
        let mut v = xs.to_vec();
        v.rotate_left(1);
        acc += v.iter().enumerate().map(|(i, r)| value(r) * (1.0 + 0.1 * i as f64)).sum::<f64>();
    }
    acc + 0.05 * acc * acc
}

#[inline(never)]
fn top(p: *const Reading, n: usize) -> f64 {
    unsafe { fill_rotate(std::slice::from_raw_parts(p, n)) }
}

pub fn run() -> Result<(), String> {
    let xs = vec![
        Reading::Single(-1.199080),
        Reading::Single(-0.277651),
        Reading::Triple(-0.502241, Some(-1.221365), -0.658869),
        Reading::Single(1.333327),
        Reading::Triple(-1.350302, Some(-1.036109), 0.427220),
    ];
    reverse("reverse", &xs, |x| fill_rotate(x), |x, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len());
    }, TOL_F32)?;
    forward("forward", &xs, |x| fill_rotate(x), |x, t| unsafe {
        __enzyme_fwddiff(top as usize, dup(), x.as_ptr(), t.as_ptr(), cnst(), x.len())
    }, TOL_F32)
}
