//! Places that hold one variant of an enum, then another: `Count`'s integers lie where
//! `Pair`'s and `Mix`'s floats do. `to_vec` + `sort_by` move elements between slots of other
//! variants, and `swap` exchanges two (ptr::swap's memmove of one value); a local array's
//! slots are overwritten by copies of other variants, integer over float and float over
//! integer. Copies of such enums go by variant (annotate
//! --typed-copy-loops) through a function Enzyme differentiates by the wrapper's rule
//! (emit/body/ir_body_variant.c): without it, Enzyme mirrored `Count`'s integers into the
//! shadow, and a float copied over them later took those bits as its adjoint (the harness's
//! shadow holds the inputs' integers: -3 reads as a NaN double). random_cases.py seed 12,
//! case 9 was NaN there at every level where plain Enzyme stops.
use crate::harness::*;

#[derive(Clone, Copy, Debug)]
pub enum Sample {
    Pair(f64, f64),
    Count(i64, i64),
    Mix(u32, f64),
}

impl Params for Sample {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        match self {
            Sample::Pair(a, b) => {
                a.visit(f);
                b.visit(f);
            }
            Sample::Count(_, _) => {}
            Sample::Mix(_, x) => x.visit(f),
        }
    }
}

#[inline(never)]
fn value(s: &Sample) -> f64 {
    match s {
        Sample::Pair(a, b) => a * b + a.sin(),
        Sample::Count(n, m) => 0.1 * (*n as f64) + 0.01 * (*m as f64),
        Sample::Mix(k, x) => (0.3 * x).exp() * (1.0 + 0.1 * *k as f64),
    }
}

#[inline(never)]
fn f(p: *const Sample, n: usize) -> f64 {
    let s = unsafe { std::slice::from_raw_parts(p, n) };
    let mut v = s.to_vec();
    v.sort_by(|a, b| value(a).partial_cmp(&value(b)).unwrap());
    // ptr::swap's memmove of one value, by variant too
    let last = v.len() - 1;
    v.swap(0, last);
    let mut acc = 0.0;
    for (i, e) in v.iter().enumerate() {
        acc += value(e) * (1.0 + 0.2 * i as f64);
    }
    let mut arr = [s[0], s[1], s[2]];
    // a float over an integer: slot 1 held Count
    arr[1] = arr[0];
    let first = value(&arr[0]);
    // an integer over a float: slot 0 held Pair, read above
    arr[0] = s[1];
    // a float over a float of another variant: slot 2 held Mix
    arr[2] = s[3];
    acc += first * 0.7;
    for (i, e) in arr.iter().enumerate() {
        acc += value(e) * (0.5 + 0.3 * i as f64);
    }
    acc
}

pub fn run() -> Result<(), String> {
    let x = vec![
        Sample::Pair(1.3, -0.4),
        Sample::Count(-3, 7),
        Sample::Mix(2, 0.9),
        Sample::Pair(0.2, 1.1),
        Sample::Count(5, -11),
    ];
    reverse("reverse", &x, |v| f(v.as_ptr(), v.len()), |v, d| unsafe {
        __enzyme_autodiff(f as usize, dup(), v.as_ptr(), d.as_mut_ptr(), cnst(), v.len());
    }, TOL)?;
    forward("forward", &x, |v| f(v.as_ptr(), v.len()), |v, t| unsafe {
        __enzyme_fwddiff(f as usize, dup(), v.as_ptr(), t.as_ptr(), cnst(), v.len())
    }, TOL)
}
