//! Vec of a data enum with float, integer and float-pair payloads (niche-free tagged layout).
use crate::harness::*;

#[derive(Clone, Debug)]
pub enum Value {
    F(f64),
    I(i64),
    P(f64, f64),
    Nothing,
}
impl Params for Value {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        match self {
            Value::F(x) => x.visit(f),
            Value::P(a, b) => { a.visit(f); b.visit(f) }
            _ => {}
        }
    }
}

#[inline(never)]
fn weigh(v: &Value) -> f64 {
    match v {
        Value::F(x) => x * x,
        Value::I(i) => *i as f64,
        Value::P(a, b) => a * b.exp(),
        Value::Nothing => 1.0,
    }
}

#[inline(never)]
fn total(vs: &[Value]) -> f64 {
    vs.iter().map(weigh).product()
}

#[inline(never)]
fn top(v: *const Value, n: usize) -> f64 {
    unsafe { total(std::slice::from_raw_parts(v, n)) }
}

pub fn run() -> Result<(), String> {
    let vs = vec![Value::F(1.5), Value::I(3), Value::P(0.5, -0.25), Value::Nothing, Value::F(-0.75)];
    reverse("reverse", &vs, |v| total(v), |v, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), v.as_ptr(), d.as_mut_ptr(), cnst(), v.len());
    }, TOL)
}
