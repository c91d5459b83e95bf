//! Values of an enum whose variants disagree on a byte's kind pushed into a Vec through the
//! references a slice iterator yields (`for e in xs.iter() { v.push(*e) }`). At -O0 `e` is
//! loaded from the unnamed Option<&Ev> that `next` returned and kept in a register; its
//! alloca is stored for the debugger only. The copy `*e` then had no place and reached
//! Enzyme untyped: the push loop alone gave a zero gradient, silently (random_cases.py
//! seed 5, case 3), and with `w[j] = *e` Enzyme stopped ("Cannot deduce type of copy").
//! A pointer stored into a typed place now points to what that place's pointer points to.
use crate::harness::*;

#[derive(Clone, Copy, Debug)]
pub enum Ev {
    Gap(Option<f64>),
    Hit(f64, i64),
    Mark((f64, bool)),
}

impl Params for Ev {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        match self {
            Ev::Gap(o) => o.visit(f),
            Ev::Hit(x, _) => x.visit(f),
            Ev::Mark((x, _)) => x.visit(f),
        }
    }
}

#[inline(never)]
fn weight(e: &Ev) -> f64 {
    match e {
        Ev::Gap(Some(x)) => 0.5 * x * x,
        Ev::Gap(None) => 0.25,
        Ev::Hit(x, n) => x.sin() * (1.0 + 0.1 * *n as f64),
        Ev::Mark((x, b)) => if *b { 1.3 * x } else { x.cos() },
    }
}

#[inline(never)]
fn events(xs: &[Ev]) -> f64 {
    let mut v: Vec<Ev> = Vec::new();
    for e in xs.iter() {
        v.push(*e);
        v.push(*e);
    }
    let mut w = vec![Ev::Gap(None); xs.len()];
    for (j, e) in xs.iter().enumerate() {
        w[j] = *e;
    }
    v.iter().enumerate().map(|(i, e)| weight(e) * (1.0 + 0.1 * i as f64)).sum::<f64>()
        + w.iter().map(|e| weight(e) * weight(e)).sum::<f64>()
}

#[inline(never)]
fn top(p: *const Ev, n: usize) -> f64 {
    events(unsafe { std::slice::from_raw_parts(p, n) })
}

pub fn run() -> Result<(), String> {
    let x = vec![Ev::Mark((0.61, true)), Ev::Hit(0.28, -1), Ev::Gap(Some(0.9)), Ev::Mark((-0.4, false))];
    reverse("reverse", &x, |v| top(v.as_ptr(), v.len()), |v, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), v.as_ptr(), d.as_mut_ptr(), cnst(), v.len());
    }, TOL_F32)?;
    forward("forward", &x, |v| top(v.as_ptr(), v.len()), |v, t| unsafe {
        __enzyme_fwddiff(top as usize, dup(), v.as_ptr(), t.as_ptr(), cnst(), v.len())
    }, TOL_F32)
}
