//! A struct holding Option<&f64> (a nullable pointer niche) and Option<u32> fields.
use crate::harness::*;

#[derive(Clone, Debug)]
pub struct Cfg {
    base: f64,
    extra: f64,
    limit: Option<u32>,
}
params!(Cfg, base, extra);

struct View<'a> {
    base: &'a f64,
    extra: Option<&'a f64>,
    limit: Option<u32>,
}

#[inline(never)]
fn eval(v: &View) -> f64 {
    let e = v.extra.map_or(0.0, |e| *e * *e);
    (*v.base * 2.0 + e) * v.limit.unwrap_or(1) as f64
}

#[inline(never)]
fn top(c: *const Cfg) -> f64 {
    let c = unsafe { &*c };
    eval(&View { base: &c.base, extra: Some(&c.extra), limit: c.limit })
}

pub fn run() -> Result<(), String> {
    let c = Cfg { base: 1.5, extra: -0.75, limit: Some(3) };
    reverse("reverse", &c, |c| eval(&View { base: &c.base, extra: Some(&c.extra), limit: c.limit }), |c, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), c, d);
    }, TOL)
}
