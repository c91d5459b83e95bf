//! A slice of an enum whose variants hold a float and an integer at the same bytes (a
//! direct tag: Num(f64), Int(i64), Pair(f32, f64)) copied with run-time lengths: to_vec,
//! clone_from_slice. No piece list holds for every element; each element is copied by the
//! variant it holds (annotate --typed-copy-loops). Left memcpys, Enzyme typed them from the
//! tag and the gradient came out zero at -O2, silently (random_cases.py seed 3, case 2).
//! Memmoves of such enums (copy_within) are not copied by variant: docs/limits.md.
//! enum_copy_niche is the same with a niche.
use crate::harness::*;

#[derive(Clone, Copy, Debug)]
pub enum Value {
    Num(f64),
    Int(i64),
    Pair(f32, f64),
}

impl Params for Value {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        match self {
            Value::Num(x) => x.visit(f),
            Value::Int(_) => {}
            Value::Pair(a, b) => {
                a.visit(f);
                b.visit(f)
            }
        }
    }
}

fn value(v: &Value) -> f64 {
    match *v {
        Value::Num(x) => x * x,
        Value::Int(i) => 0.5 * i as f64,
        Value::Pair(a, b) => (a as f64) * b.sin(),
    }
}

#[inline(never)]
fn values(xs: &[Value]) -> f64 {
    let v = xs.to_vec();
    let mut w = vec![xs[0]; xs.len()];
    w.clone_from_slice(xs);
    v.iter().zip(w.iter()).enumerate().map(|(i, (a, b))| value(a) * (1.0 + i as f64) + value(b)).sum()
}

#[inline(never)]
fn top_values(p: *const Value, n: usize) -> f64 {
    unsafe { values(std::slice::from_raw_parts(p, n)) }
}

pub fn run() -> Result<(), String> {
    let xs = vec![Value::Num(0.7), Value::Pair(1.5, -0.4), Value::Int(3), Value::Num(-1.2), Value::Pair(-0.6, 0.9)];
    reverse("values reverse", &xs, |v| values(v), |v, d| unsafe {
        __enzyme_autodiff(top_values as usize, dup(), v.as_ptr(), d.as_mut_ptr(), cnst(), v.len());
    }, TOL_F32)?;
    forward("values forward", &xs, |v| values(v), |v, t| unsafe {
        __enzyme_fwddiff(top_values as usize, dup(), v.as_ptr(), t.as_ptr(), cnst(), v.len())
    }, TOL_F32)
}
