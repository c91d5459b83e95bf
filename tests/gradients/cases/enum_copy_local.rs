//! Whole values of an enum whose variants disagree on a byte's kind, copied one at a time:
//! through a local (`let mut c = *s`) and by value into a function, memcpys of a constant
//! length. `Pulse(Option<f32>)` holds an f32 at bytes 4..8, where `Wave`'s `Shape` holds the
//! upper half of a double, and the enum's niche is `Shape`'s own Option tag. No tree types
//! those bytes for every variant, and Enzyme took the f32's derivative for part of a
//! double's (wrong by 22% at every level, random_cases.py seed 3, case 8); each copy now goes
//! by the variant the value holds (annotate --typed-copy-loops; enum_copy_values and
//! enum_copy_niche copy slices of such enums).
use crate::harness::*;

#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub struct Shape {
    a: f64,
    w: Option<f32>,
    b: f64,
}

#[derive(Clone, Copy, Debug)]
pub enum Sig {
    Pulse(Option<f32>),
    Wave(f64, Shape),
    Step(u8, f64),
}

impl Params for Sig {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        match self {
            Sig::Pulse(p) => p.visit(f),
            Sig::Wave(x, s) => {
                x.visit(f);
                s.a.visit(f);
                s.w.visit(f);
                s.b.visit(f);
            }
            Sig::Step(_, y) => y.visit(f),
        }
    }
}

#[inline(never)]
fn level(s: &Sig) -> f64 {
    match s {
        Sig::Pulse(Some(v)) => {
            let u = (v * v * 0.5f32 + v) as f64;
            0.2 + u * u
        }
        Sig::Pulse(None) => 0.5,
        Sig::Wave(x, sh) => {
            let w = match sh.w { Some(w) => w as f64 * 1.3, None => 0.3 };
            x.sin() + 0.9 * sh.a + w * x.cos() + sh.b * sh.b
        }
        Sig::Step(k, y) => y * y * (1.0 + 0.01 * *k as f64),
    }
}

fn damp(s: &mut Sig, k: f64) {
    match s {
        Sig::Pulse(Some(v)) => *v *= k as f32,
        Sig::Pulse(None) => {}
        Sig::Wave(x, sh) => {
            *x *= k;
            sh.a *= k;
            if let Some(w) = &mut sh.w {
                *w *= k as f32;
            }
        }
        Sig::Step(_, y) => *y *= k,
    }
}

#[inline(never)]
fn by_value(s: Sig) -> f64 {
    level(&s) * 0.5 + 0.1
}

#[inline(never)]
fn signal(s: &mut Sig) -> f64 {
    let mut c = *s;
    damp(&mut c, 0.9);
    level(&c) * level(s) + by_value(*s)
}

#[inline(never)]
fn signals(p: *const Sig, n: usize) -> f64 {
    let mut acc = 0.0;
    for i in 0..n {
        acc += signal(&mut { unsafe { *p.add(i) } }) * (1.0 + 0.25 * i as f64);
    }
    acc
}

pub fn run() -> Result<(), String> {
    let shape = Shape { a: 1.08, w: Some(1.25), b: 1.31 };
    let x = vec![Sig::Pulse(Some(-0.47)), Sig::Wave(0.6, shape), Sig::Step(3, 0.8),
                 Sig::Pulse(Some(0.9))];
    reverse("reverse", &x, |v| signals(v.as_ptr(), v.len()), |v, d| unsafe {
        __enzyme_autodiff(signals as usize, dup(), v.as_ptr(), d.as_mut_ptr(), cnst(), v.len());
    }, TOL_F32)?;
    forward("forward", &x, |v| signals(v.as_ptr(), v.len()), |v, t| unsafe {
        __enzyme_fwddiff(signals as usize, dup(), v.as_ptr(), t.as_ptr(), cnst(), v.len())
    }, TOL_F32)
}
