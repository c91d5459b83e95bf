//! Rust-defined `extern "C"` functions called from the differentiated code: repr(C) structs
//! of floats in two SSE registers, a 24-byte one passed byval and returned through sret, a
//! float beside an integer (one SSE and one integer register), two f32 packed in one
//! register, and a single-field repr(C) newtype in both ABIs (Rust ABI: a scalar).
use crate::harness::*;

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct Pt2 {
    x: f64,
    y: f64,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct Pt3 {
    x: f64,
    y: f64,
    z: f64,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct Meters {
    v: f64,
}

#[derive(Clone, Debug)]
pub struct Input {
    p: Pt2,
    q: Pt3,
    m: Meters,
}
params!(Pt2, x, y);
params!(Pt3, x, y, z);
params!(Meters, v);
params!(Input, p, q, m);

#[inline(never)]
extern "C" fn norm2(p: Pt2) -> f64 {
    p.x * p.x + p.y * p.y
}

#[inline(never)]
extern "C" fn scale3(q: Pt3, k: f64) -> Pt3 {
    Pt3 { x: q.x * k, y: q.y * k * k, z: q.z.sin() * k }
}

#[inline(never)]
extern "C" fn cube_c(m: Meters) -> Meters {
    Meters { v: m.v * m.v * m.v }
}

#[inline(never)]
fn twice(m: Meters) -> Meters {
    Meters { v: 2.0 * m.v + m.v * m.v }
}

#[inline(never)]
fn f(i: &Input) -> f64 {
    let s = scale3(i.q, norm2(i.p));
    s.x + s.y * s.z + cube_c(twice(i.m)).v
}

#[inline(never)]
fn top(i: *const Input) -> f64 {
    unsafe { f(&*i) }
}

pub fn run() -> Result<(), String> {
    let i = Input {
        p: Pt2 { x: 0.6, y: -0.8 },
        q: Pt3 { x: 1.5, y: -0.5, z: 0.7 },
        m: Meters { v: 0.4 },
    };
    reverse("reverse", &i, |i| f(i), |i, d| unsafe { __enzyme_autodiff(top as usize, dup(), i, d); }, TOL)?;
    forward("forward", &i, |i| f(i), |i, t| unsafe { __enzyme_fwddiff(top as usize, dup(), i, t) }, TOL)
}
