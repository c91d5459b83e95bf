// Forward mode: Dual scalars and slices, Dual by value (an array), Const, the result Dual,
// DualOnly, Const and none (an output through a Dual `&mut`), widths 1 and 3, Dualv, a
// method.
use crate::{fd, fd_grad, Tally};
use typetree_autodiff::autodiff_forward;

#[autodiff_forward(t_scalar, Dual, Const, Dual)]
pub fn scalar(x: f64, k: f64) -> f64 {
    (k * x).sin() * x.exp()
}

#[autodiff_forward(t_dot, Dual, Dual, Dual)]
pub fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y * y).sum()
}

/// A Const slice that reaches the arithmetic through zip's calls (at -O0, Enzyme takes a
/// constant pointer out of a call for its own shadow without runtime activity checks).
#[autodiff_forward(t_weighted, Dual, Const, Dual)]
pub fn weighted(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y * x).sum()
}

#[autodiff_forward(t_rosen3, 3, Dual, Dual)]
#[autodiff_forward(t_rosen3_only, 3, Dual, DualOnly)]
#[autodiff_forward(t_rosen_only, Dual, DualOnly)]
#[autodiff_forward(t_rosen_v, 3, Dualv, Dual)]
pub fn rosenbrock(x: &[f64]) -> f64 {
    (0..x.len() - 1).map(|i| 100.0 * (x[i + 1] - x[i] * x[i]).powi(2) + (1.0 - x[i]).powi(2)).sum()
}

#[autodiff_forward(t_array, Dual, Dual)]
pub fn by_value(p: [f64; 3]) -> f64 {
    p[0] * p[1] - p[2].cos()
}

#[autodiff_forward(t_into, Dual, Dual)]
pub fn into(x: &[f64; 2], out: &mut f64) {
    *out = x[0].ln() + x[0] * x[1];
}

/// A Const result that depends on the Dual input: computed, not differentiated.
#[autodiff_forward(t_scaled, Dual, Dual, Const)]
pub fn scaled(x: &[f64; 2], out: &mut f64) -> f64 {
    *out = x[0] * x[1].exp();
    x[0] + x[1]
}

#[autodiff_forward(t_f32, Dual, Dual)]
pub fn f32_fn(x: f32) -> f32 {
    x.sqrt() * 3.0
}

pub struct Spring {
    pub k: f64,
}

impl Spring {
    #[autodiff_forward(t_energy, Const, Dual, Dual)]
    pub fn energy(&self, x: f64) -> f64 {
        0.5 * self.k * x * x * x.cos()
    }
}

/// A unit parameter named as the function (rust-lang/rust#150331's signature) and Dual
/// tangents named by their prefix: the derivative's body calls the function all the same.
#[autodiff_forward(t_unitnamed, Const, Dual, Dual)]
pub fn unitnamed(unitnamed: (), d: f64) -> f64 {
    let () = unitnamed;
    d.sin() * d
}

#[autodiff_forward(t_bx_0, Dual, Dual)]
pub fn bx_0(x: f64) -> f64 {
    x.exp() / (1.0 + x * x)
}

pub fn run(t: &mut Tally) {
    let (v, dv) = t_scalar(0.4, 1.0, 2.0);
    t.close("forward Dual scalar, Const scalar: primal", &[v], &[scalar(0.4, 2.0)], 1e-12);
    t.close("forward Dual scalar, Const scalar", &[dv], &[fd(&|x| scalar(x, 2.0), 0.4)], 1e-6);

    let (a, b) = ([1.0, 2.0, -0.5], [0.5, -1.0, 3.0]);
    let (da, db) = ([0.0, 1.0, 0.0], [1.0, 0.0, 1.0]);
    let (_, dv) = t_dot(&a, &da, &b, &db);
    let want = fd_grad(&|x| dot(x, &b), &a)[1] + fd_grad(&|y| dot(&a, y), &b)[0] + fd_grad(&|y| dot(&a, y), &b)[2];
    t.close("forward Dual slices: tangent along two directions", &[dv], &[want], 1e-6);

    let (v, dv) = t_weighted(&a, &[0.0, 0.0, 1.0], &b);
    t.close("forward Dual slice, Const slice through zip: primal", &[v], &[weighted(&a, &b)], 1e-12);
    t.close("forward Dual slice, Const slice through zip", &[dv], &[fd_grad(&|x| weighted(x, &b), &a)[2]], 1e-6);

    let x = [0.5, 1.2, -0.3, 0.8];
    let g = fd_grad(&rosenbrock, &x);
    let e = |k: usize| {
        let mut v = [0.0; 4];
        v[k] = 1.0;
        v
    };
    let (e0, e1, e2) = (e(0), e(1), e(2));
    let r = t_rosen3(&x, &e0, &e1, &e2);
    t.close("forward width 3: [primal, 3 tangents]", &r, &[rosenbrock(&x), g[0], g[1], g[2]], 1e-6);
    let r = t_rosen3_only(&x, &e0, &e1, &e2);
    t.close("forward width 3, DualOnly result: [3 tangents]", &r, &[g[0], g[1], g[2]], 1e-6);
    let e3 = e(3);
    let r = t_rosen_only(&x, &e3);
    t.close("forward DualOnly result: the tangent", &[r], &[g[3]], 1e-6);
    let mut lanes = Vec::new();
    for k in [3, 1, 0] {
        lanes.extend_from_slice(&e(k));
    }
    let r = t_rosen_v(&x, &lanes);
    t.close("forward Dualv: 3 lanes from one buffer", &r, &[rosenbrock(&x), g[3], g[1], g[0]], 1e-6);

    let p = [0.7, -1.1, 0.4];
    let (v, dv) = t_array(p, [0.0, 0.0, 1.0]);
    t.close("forward Dual [f64; 3] by value: primal", &[v], &[by_value(p)], 1e-12);
    t.close("forward Dual [f64; 3] by value", &[dv], &[fd(&|z| by_value([p[0], p[1], z]), p[2])], 1e-6);

    let (mut o, mut dout) = (0.0, 0.0);
    let xi = [1.5, 2.0];
    t_into(&xi, &[1.0, 0.0], &mut o, &mut dout);
    let mut want = 0.0;
    into(&xi, &mut want);
    t.close("forward no result, Dual &mut output: primal", &[o], &[want], 1e-12);
    let f = |v: f64| {
        let mut o = 0.0;
        into(&[v, 2.0], &mut o);
        o
    };
    t.close("forward no result, Dual &mut output: tangent", &[dout], &[fd(&f, 1.5)], 1e-6);

    let (mut o, mut dout) = (0.0, 0.0);
    let xs = [0.5, 0.25];
    let r = t_scaled(&xs, &[0.0, 1.0], &mut o, &mut dout);
    t.close("forward Const result: primal", &[r], &[0.75], 1e-12);
    t.close("forward Const result: tangent through the output", &[dout], &[0.5 * 0.25f64.exp()], 1e-12);

    let (v, dv) = t_f32(4.0, 1.0);
    t.close("forward f32", &[v as f64, dv as f64], &[6.0, 0.75], 1e-6);

    let s = Spring { k: 3.0 };
    let (v, dv) = s.t_energy(0.9, 1.0);
    t.close("forward method, self Const: primal", &[v], &[s.energy(0.9)], 1e-12);
    t.close("forward method, self Const", &[dv], &[fd(&|x| s.energy(x), 0.9)], 1e-6);

    let (v, dv) = t_unitnamed((), 0.8, 1.0);
    t.close("forward parameter named as the function: primal", &[v], &[unitnamed((), 0.8)], 1e-12);
    t.close("forward parameter named as the function", &[dv], &[fd(&|d| unitnamed((), d), 0.8)], 1e-6);
    let (v, dv) = t_bx_0(0.3, 1.0);
    t.close("forward tangent named as the function: primal", &[v], &[bx_0(0.3)], 1e-12);
    t.close("forward tangent named as the function", &[dv], &[fd(&bx_0, 0.3)], 1e-6);
}
