//! A struct whose two bools and padding share one 8-byte piece (W: bytes 24..32 are Pt's
//! `n` and `on`, then six bytes of padding), combined by value through three levels of
//! #[inline(never)] functions: at -O2 LLVM's passes load the piece as one i64 without a tree
//! and OR its masked bytes, which stopped Enzyme ("cannot handle unknown binary operator")
//! until integer loads from typed places got {[-1]:Integer} (rewrite --copy-segments).
use crate::harness::*;

#[derive(Clone, Copy, Debug)]
pub struct Pt {
    x: f64,
    n: u8,
    y: f64,
    on: bool,
}
params!(Pt, x, y);

#[derive(Clone, Copy, Debug)]
pub struct W {
    inner: Pt,
    tag: u16,
    s: f64,
}
params!(W, inner, s);

impl W {
    fn lift(self, k: f64) -> W {
        let p = self.inner;
        let inner = Pt {
            x: 0.9 * p.x + 0.1 * (k * p.y).sin(),
            n: p.n.wrapping_add(3),
            y: 0.9 * p.y + 0.01 * (k * p.x).cos() * (p.n % 5) as f64,
            on: !p.on,
        };
        W { inner, tag: self.tag.wrapping_mul(3), s: 0.9 * self.s + 0.1 * (inner.x * inner.x + 1.0).ln() }
    }
    fn comb(self, o: W, t: f64) -> W {
        let (a, b) = (self.inner, o.inner);
        W {
            inner: Pt { x: (1.0 - t) * a.x + t * b.x, n: a.n, y: (1.0 - t) * a.y + t * b.y, on: a.on && b.on },
            tag: self.tag ^ o.tag,
            s: (1.0 - t) * self.s + t * o.s,
        }
    }
    fn norm(&self) -> f64 {
        self.inner.x * self.inner.x + if self.inner.on { 2.0 } else { 1.0 } * self.inner.y * self.inner.y + self.s * self.s
    }
}

#[inline(never)]
fn l0(x: W, k: f64) -> W {
    x.lift(k)
}
#[inline(never)]
fn l1(x: W, k: f64) -> W {
    let a = l0(x, k);
    let b = l0(a.comb(x, 0.1), k * 0.95);
    b.comb(a, 0.5)
}
#[inline(never)]
fn l2(x: W, k: f64) -> W {
    let a = l1(x, k);
    let b = l1(a.comb(x, 0.2), k * 0.9);
    b.comb(a, 0.5)
}
#[inline(never)]
fn l3(x: W, k: f64) -> W {
    let a = l2(x, k);
    let b = l2(a.comb(x, 0.3), k * 0.85);
    b.comb(a, 0.5)
}

#[inline(never)]
fn f(w: &W) -> f64 {
    l3(*w, 1.3).norm() + l1(*w, 0.7).norm()
}

#[inline(never)]
fn top(w: *const W) -> f64 {
    unsafe { f(&*w) }
}

pub fn run() -> Result<(), String> {
    let w = W { inner: Pt { x: -0.4, n: 1, y: 0.5, on: false }, tag: 9, s: 0.2 };
    reverse("reverse", &w, |w| f(w), |w, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), w, d);
    }, TOL)
}
