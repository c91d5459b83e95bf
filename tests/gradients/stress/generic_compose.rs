//! Statically composed signal pipelines: Compose<A, Compose<B, ...>> nested 11 deep, Repeat<S, N>
//! and Dual<A, B> wrappers, every apply #[inline(never)]: each nesting is a distinct
//! monomorphization (~60 functions) taking/returning a mixed Sig {f64, [f64; 2], u32, bool}. BIG.
use crate::harness::*;
use std::fmt::Debug;

#[derive(Clone, Copy, Debug)]
pub struct Sig {
    v: f64,
    d: [f64; 2],
    n: u32,
    hot: bool,
}
params!(Sig, v, d);

pub trait Stage: Clone + Debug + Params {
    fn apply(&self, x: Sig) -> Sig;
}

#[derive(Clone, Debug)]
pub struct Scale {
    k: f64,
    id: u8,
}
params!(Scale, k);
impl Stage for Scale {
    #[inline(never)]
    fn apply(&self, x: Sig) -> Sig {
        Sig { v: x.v * self.k, d: [x.d[0] * self.k, x.d[1] + 0.01 * self.id as f64], n: x.n + 1, hot: x.hot }
    }
}

#[derive(Clone, Debug)]
pub struct Warp {
    a: f64,
    b: f32,
}
params!(Warp, a);
impl Stage for Warp {
    #[inline(never)]
    fn apply(&self, x: Sig) -> Sig {
        let v = x.v + self.a * (x.d[0] * self.b as f64).sin();
        Sig { v, d: [x.d[1], x.d[0] * 0.9 + 0.1 * v], n: x.n ^ 3, hot: !x.hot }
    }
}

#[derive(Clone, Debug)]
pub struct Mix {
    w: [f64; 2],
    mode: u16,
}
params!(Mix, w);
impl Stage for Mix {
    #[inline(never)]
    fn apply(&self, x: Sig) -> Sig {
        let m = if self.mode % 2 == 0 { 1.0 } else { -1.0 };
        Sig { v: self.w[0] * x.v + m * self.w[1] * x.d[0] * x.d[1], d: x.d, n: x.n, hot: x.hot }
    }
}

#[derive(Clone, Debug)]
pub struct Clip {
    lim: f64,
}
params!(Clip, lim);
impl Stage for Clip {
    #[inline(never)]
    fn apply(&self, x: Sig) -> Sig {
        let v = self.lim * (x.v / self.lim).tanh();
        Sig { v, d: [x.d[0].tanh(), x.d[1] * if x.hot { 0.8 } else { 1.1 }], n: x.n.wrapping_mul(5), hot: x.hot }
    }
}

#[derive(Clone, Debug)]
pub struct Compose<A, B> {
    a: A,
    b: B,
    tag: u32,
}
impl<A: Params, B: Params> Params for Compose<A, B> {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        self.a.visit(f);
        self.b.visit(f);
    }
}
impl<A: Stage, B: Stage> Stage for Compose<A, B> {
    #[inline(never)]
    fn apply(&self, x: Sig) -> Sig {
        let mut y = self.b.apply(self.a.apply(x));
        y.n = y.n.wrapping_add(self.tag);
        y
    }
}

#[derive(Clone, Debug)]
pub struct Repeat<S, const N: usize> {
    s: S,
}
impl<S: Params, const N: usize> Params for Repeat<S, N> {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        self.s.visit(f)
    }
}
impl<S: Stage, const N: usize> Stage for Repeat<S, N> {
    #[inline(never)]
    fn apply(&self, x: Sig) -> Sig {
        let mut y = x;
        for _ in 0..N {
            y = self.s.apply(y);
        }
        y
    }
}

/// Runs both branches and averages them (a fork in the data flow).
#[derive(Clone, Debug)]
pub struct Dual<A, B> {
    a: A,
    b: B,
    t: f64,
}
impl<A: Params, B: Params> Params for Dual<A, B> {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        self.a.visit(f);
        self.b.visit(f);
        self.t.visit(f);
    }
}
impl<A: Stage, B: Stage> Stage for Dual<A, B> {
    #[inline(never)]
    fn apply(&self, x: Sig) -> Sig {
        let (p, q) = (self.a.apply(x), self.b.apply(x));
        let t = 0.5 + 0.1 * self.t.sin();
        Sig { v: (1.0 - t) * p.v + t * q.v, d: [p.d[0], q.d[1]], n: p.n.max(q.n), hot: p.hot || q.hot }
    }
}

fn c<A, B>(a: A, b: B) -> Compose<A, B> {
    Compose { a, b, tag: 1 }
}

type Front = Compose<Scale, Compose<Warp, Compose<Mix, Compose<Clip, Compose<Repeat<Warp, 3>, Compose<Scale,
    Compose<Mix, Compose<Compose<Clip, Warp>, Compose<Repeat<Compose<Scale, Mix>, 2>, Compose<Warp, Compose<Clip, Scale>>>>>>>>>>>;
type Back = Dual<Compose<Mix, Compose<Warp, Repeat<Clip, 2>>>, Compose<Repeat<Dual<Scale, Warp>, 2>, Compose<Mix, Clip>>>;

#[derive(Clone, Debug)]
pub struct Input {
    front: Front,
    back: Back,
    sigs: [Sig; 3],
}
params!(Input, front, back, sigs);

#[inline(never)]
fn run_stage<S: Stage>(s: &S, x: Sig) -> f64 {
    let y = s.apply(x);
    y.v * y.v + y.d[0] * y.d[1] + 0.001 * (y.n % 7) as f64
}

#[inline(never)]
fn f(p: &Input) -> f64 {
    let mut s = 0.0;
    for (i, x) in p.sigs.iter().enumerate() {
        let y = p.front.apply(*x);
        s += (i as f64 + 1.0) * run_stage(&p.back, y);
        s += run_stage(&p.front.b.b.b, *x);
    }
    s
}

#[inline(never)]
fn top(p: *const Input) -> f64 {
    unsafe { f(&*p) }
}

pub fn run() -> Result<(), String> {
    let sc = |k: f64, id: u8| Scale { k, id };
    let wp = |a: f64, b: f32| Warp { a, b };
    let mx = |w0: f64, w1: f64, mode: u16| Mix { w: [w0, w1], mode };
    let cl = |lim: f64| Clip { lim };
    let front: Front = c(sc(1.1, 2), c(wp(0.3, 1.5), c(mx(0.9, 0.2, 1), c(cl(2.0), c(Repeat { s: wp(-0.2, 0.7) },
        c(sc(0.8, 5), c(mx(1.05, -0.1, 2), c(c(cl(1.5), wp(0.25, -1.0)), c(Repeat { s: c(sc(0.95, 1), mx(1.0, 0.05, 4)) },
        c(wp(0.1, 2.0), c(cl(3.0), sc(1.2, 0))))))))))));
    let back: Back = Dual {
        a: c(mx(0.7, 0.3, 3), c(wp(0.4, 0.5), Repeat { s: cl(1.8) })),
        b: c(Repeat { s: Dual { a: sc(0.9, 3), b: wp(0.15, 1.2), t: 0.3 } }, c(mx(1.1, -0.2, 0), cl(2.5))),
        t: -0.4,
    };
    let sigs = [
        Sig { v: 0.5, d: [0.2, -0.3], n: 1, hot: true },
        Sig { v: -0.8, d: [0.6, 0.1], n: 7, hot: false },
        Sig { v: 1.2, d: [-0.4, 0.9], n: 3, hot: true },
    ];
    let p = Input { front, back, sigs };
    reverse("reverse", &p, |p| f(p), |p, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), p, d);
    }, TOL)
}
