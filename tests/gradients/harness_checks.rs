// The gradient suite's checks (tests/gradients/harness.rs includes this file; so does the
// autodiff macros' program of rustc's tests, tests/autodiff/rustc/main.rs, which calls Enzyme
// through the macros and so must not define harness.rs's marker globals a second time): the
// walk over a case's differentiable scalars, finite differences, and the two checks every
// case makes (gradient against central finite differences, primal inputs unchanged). Items
// only: it is include!d into a module named `harness` (params! names that path).

use std::fmt::Debug;

/// A differentiable scalar of a case's input.
pub enum Slot<'a> {
    F64(&'a mut f64),
    F32(&'a mut f32),
}

/// Every differentiable scalar of a value, in a fixed order. A shadow (the value Enzyme
/// accumulates the gradient into) is a clone with every slot set to zero; integers,
/// lengths and pointers stay as they are.
pub trait Params {
    fn visit(&mut self, f: &mut dyn FnMut(Slot));
}

impl Params for f64 {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        f(Slot::F64(self))
    }
}
impl Params for f32 {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        f(Slot::F32(self))
    }
}
impl<T: Params, const N: usize> Params for [T; N] {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        for x in self.iter_mut() {
            x.visit(f)
        }
    }
}
impl<T: Params> Params for Vec<T> {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        for x in self.iter_mut() {
            x.visit(f)
        }
    }
}
impl<T: Params + ?Sized> Params for Box<T> {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        (**self).visit(f)
    }
}
impl<T: Params> Params for Option<T> {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        if let Some(x) = self {
            x.visit(f)
        }
    }
}
impl<A: Params, B: Params> Params for (A, B) {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        self.0.visit(f);
        self.1.visit(f)
    }
}
impl<A: Params, B: Params, C: Params> Params for (A, B, C) {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        self.0.visit(f);
        self.1.visit(f);
        self.2.visit(f)
    }
}

/// Implements Params for a struct by listing its differentiable fields.
#[macro_export]
macro_rules! params {
    ($t:ty $(, $field:ident)*) => {
        impl $crate::harness::Params for $t {
            fn visit(&mut self, f: &mut dyn FnMut($crate::harness::Slot)) {
                $( $crate::harness::Params::visit(&mut self.$field, f); )*
                let _ = f;
            }
        }
    };
}

fn read<T: Params>(x: &mut T) -> Vec<(f64, bool)> {
    let mut v = Vec::new();
    x.visit(&mut |s| match s {
        Slot::F64(p) => v.push((*p, false)),
        Slot::F32(p) => v.push((*p as f64, true)),
    });
    v
}

fn set<T: Params>(x: &mut T, i: usize, value: f64) {
    let mut k = 0;
    x.visit(&mut |s| {
        if k == i {
            match s {
                Slot::F64(p) => *p = value,
                Slot::F32(p) => *p = value as f32,
            }
        }
        k += 1;
    });
}

/// A clone of x with every differentiable scalar zero: the shadow Enzyme accumulates into.
pub fn zeroed<T: Params + Clone>(x: &T) -> T {
    let mut d = x.clone();
    d.visit(&mut |s| match s {
        Slot::F64(p) => *p = 0.0,
        Slot::F32(p) => *p = 0.0,
    });
    d
}

/// The derivative of f along slot i by the five-point central stencil
/// (-f(x+2h) + 8f(x+h) - 8f(x-h) + f(x-2h)) / 12h: truncation error O(h^4).
/// h = 1e-3 * max(1, |x_i|) for f64 (rounding error ~ 1e-13 |f| / h); 1e-2 for f32.
/// Two estimates: that one and, for an f32 slot, its Richardson extrapolation with h/2,
/// (16 D(h/2) - D(h)) / 15, whose truncation error is O(h^6). An f32 slot's h is large
/// (its rounding error grows as h shrinks), and where f varies fast the stencil alone is
/// off by more than the tolerance: random_cases.py seed 11, case 2, `((c*c*0.5 + c) as
/// f64)^2` of an f32 c inside cos() chains, gave 17.1352 where the derivative is 17.1752
/// (Enzyme: 17.1750), the extrapolation 17.1748. A gradient is right when it matches
/// either estimate; for an f64 slot both are the stencil.
fn fd_slot<T: Params + Clone>(x: &T, f: &dyn Fn(&T) -> f64, i: usize, xi: f64, is_f32: bool) -> [f64; 2] {
    let h = if is_f32 { 1e-2 } else { 1e-3 } * xi.abs().max(1.0);
    let at = |d: f64| {
        let mut y = x.clone();
        set(&mut y, i, xi + d);
        f(&y)
    };
    let d = |h: f64| (-at(2.0 * h) + 8.0 * at(h) - 8.0 * at(-h) + at(-2.0 * h)) / (12.0 * h);
    let one = d(h);
    [one, if is_f32 { (16.0 * d(h / 2.0) - one) / 15.0 } else { one }]
}

/// The error measure of the suite: |g - fd| / max(1, |fd|) (relative for derivatives of
/// magnitude above one, absolute below).
pub fn error(g: f64, fd: f64) -> f64 {
    if g.is_nan() {
        return f64::INFINITY;
    }
    (g - fd).abs() / fd.abs().max(1.0)
}

/// Default tolerance on `error` for f64 cases.
pub const TOL: f64 = 1e-6;
/// Tolerance for f32 cases: the f32 finite differences themselves carry ~1e-5 of rounding
/// error (eps_f32 = 6e-8 over h = 1e-2), and Enzyme's f32 arithmetic rounds differently.
pub const TOL_F32: f64 = 1e-3;

fn compare(what: &str, g: &[(f64, bool)], fd: &[[f64; 2]], tol: f64) -> Result<(), String> {
    let mut worst = 0.0f64;
    let mut at = 0;
    for i in 0..fd.len() {
        let e = error(g[i].0, fd[i][0]).min(error(g[i].0, fd[i][1]));
        if !(e <= worst) {
            worst = e;
            at = i;
        }
    }
    if worst <= tol {
        return Ok(());
    }
    let show = |v: &mut dyn Iterator<Item = f64>| {
        v.take(8).map(|x| format!("{:.6e}", x)).collect::<Vec<_>>().join(", ")
    };
    let extrapolated = if fd[at][1] != fd[at][0] {
        format!(", extrapolated {:.9e}", fd[at][1])
    } else {
        String::new()
    };
    Err(format!(
        "{}: error {:.3e} > {:.0e} at slot {} (enzyme {:.9e}, finite differences {:.9e}{}); enzyme [{}], fd [{}]",
        what,
        worst,
        tol,
        at,
        g[at].0,
        fd[at][0],
        extrapolated,
        show(&mut g.iter().map(|p| p.0)),
        show(&mut fd.iter().map(|p| p[0]))
    ))
}

fn unchanged<T: Debug>(what: &str, before: &str, x: &T) -> Result<(), String> {
    let after = format!("{:?}", x);
    if after == before {
        return Ok(());
    }
    let cut = |s: &str| s.chars().take(300).collect::<String>();
    Err(format!("{}: primal input changed by the call: before {} after {}", what, cut(before), cut(&after)))
}

/// Reverse mode: `grad(x, dx)` runs __enzyme_autodiff with x's shadow dx (zeroed before);
/// afterwards dx must hold df/dx (checked slot by slot against finite differences of f,
/// which runs the original code) and x must be unchanged (all of it, integers included:
/// compared through its Debug form).
pub fn reverse<T: Params + Clone + Debug>(
    what: &str,
    x: &T,
    f: impl Fn(&T) -> f64,
    grad: impl FnOnce(&T, &mut T),
    tol: f64,
) -> Result<(), String> {
    let before = format!("{:?}", x);
    let mut dx = zeroed(x);
    grad(x, &mut dx);
    unchanged(what, &before, x)?;
    let g = read(&mut dx);
    let mut x0 = x.clone();
    let slots = read(&mut x0);
    let fd: Vec<[f64; 2]> = (0..slots.len()).map(|i| fd_slot(x, &f, i, slots[i].0, slots[i].1)).collect();
    compare(what, &g, &fd, tol)
}

/// Forward mode: for every slot i, `tangent(x, t)` runs __enzyme_fwddiff with the unit
/// tangent t = e_i and returns the derivative of f along it; it must match finite
/// differences, and neither x nor t may change.
pub fn forward<T: Params + Clone + Debug>(
    what: &str,
    x: &T,
    f: impl Fn(&T) -> f64,
    tangent: impl Fn(&T, &T) -> f64,
    tol: f64,
) -> Result<(), String> {
    let before = format!("{:?}", x);
    let mut x0 = x.clone();
    let slots = read(&mut x0);
    let mut g = Vec::new();
    let mut fd = Vec::new();
    for i in 0..slots.len() {
        let mut t = zeroed(x);
        set(&mut t, i, 1.0);
        let tb = format!("{:?}", t);
        g.push((tangent(x, &t), slots[i].1));
        unchanged(what, &before, x)?;
        unchanged(&format!("{} (tangent)", what), &tb, &t)?;
        fd.push(fd_slot(x, &f, i, slots[i].0, slots[i].1));
    }
    compare(what, &g, &fd, tol)
}

/// A scalar derivative checked against finite differences (active scalar arguments).
pub fn scalar(what: &str, got: f64, f: impl Fn(f64) -> f64, x: f64, tol: f64) -> Result<(), String> {
    let fd = fd_slot(&x, &|v: &f64| f(*v), 0, x, false);
    compare(what, &[(got, false)], &[fd], tol)
}
