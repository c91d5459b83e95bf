// Higher-order derivatives through the macros: a generated derivative called inside a
// function that is itself differentiated. Forward over reverse (Hessian-vector products of a
// 10-variable function, by value and through a method), forward over forward (a second
// derivative), reverse over forward and reverse over reverse (second derivatives, one
// through a Vec the inner function collects), and rust-lang/rust#160567's shape (a reverse derivative with Const inputs
// only, called from a forward-differentiated function; rustc nightly stops on it with "No
// forward mode derivative found for __enzyme_autodiff"). Each checked against central
// finite differences of the first derivative.
use crate::{fd, fd_grad, Tally};
use typetree_autodiff::{autodiff_forward, autodiff_reverse};

const N: usize = 10;

#[autodiff_reverse(d_energy, Duplicated, Active)]
pub fn energy(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        let j = (i + 1) % x.len();
        s += x[i] * x[i] * x[j] + (0.3 * x[i]).sin() * x[j].exp() * 0.1;
    }
    s
}

/// The gradient of energy, added into g (Duplicated adds); its forward derivative along
/// (v, 0) is H v.
#[autodiff_forward(hvp, Dual, Dual)]
pub fn gradient(x: &[f64], g: &mut [f64]) {
    d_energy(x, g, 1.0);
}

pub struct Model {
    pub scale: f64,
}

impl Model {
    #[autodiff_reverse(d_loss, Const, Duplicated, Active)]
    pub fn loss(&self, x: &[f64]) -> f64 {
        x.iter().enumerate().map(|(i, a)| self.scale * a * a * a / (1.0 + i as f64)).sum()
    }

    #[autodiff_forward(hvp_loss, Const, Dual, Dual)]
    pub fn grad_loss(&self, x: &[f64], g: &mut [f64]) {
        self.d_loss(x, g, 1.0);
    }
}

#[autodiff_forward(d_wave, Dual, Dual)]
#[autodiff_reverse(r_wave, Active, Active)]
pub fn wave(x: f64) -> f64 {
    (2.0 * x).sin() * x.exp()
}

/// wave' through the generated forward derivative; its own forward derivative is wave'',
/// and so is its reverse derivative.
#[autodiff_forward(dd_wave, Dual, Dual)]
#[autodiff_reverse(r_wave_slope, Active, Active)]
pub fn wave_slope(x: f64) -> f64 {
    d_wave(x, 1.0).1
}

/// wave' through the generated reverse derivative, differentiated in reverse again.
#[autodiff_reverse(rr_wave, Active, Active)]
pub fn wave_slope_rr(x: f64) -> f64 {
    r_wave(x, 1.0).1
}

/// The sum of cubes through a collected Vec; its forward derivative along ones, taken in
/// reverse, is the gradient of sum(3 v^2): 6 v.
#[autodiff_forward(d_cubes, Dual, Dual)]
pub fn cubes(v: &[f64]) -> f64 {
    let w: Vec<f64> = v.iter().map(|a| a * a * a).collect();
    w.iter().sum()
}

#[autodiff_reverse(r_cubes_slope, Duplicated, Active)]
pub fn cubes_slope(v: &[f64]) -> f64 {
    let ones = vec![1.0; v.len()];
    d_cubes(v, &ones).1
}

#[autodiff_reverse(d_eval, Const)]
pub fn eval(out: &mut [f64]) {
    out[0] = 2.0 * out[0];
}

/// rust-lang/rust#160567: the reverse call has nothing to differentiate; the forward one
/// carries the tangent of out through `eval`'s primal work, doubled.
#[autodiff_forward(hvp_eval, Dual)]
pub fn grad_eval(out: &mut [f64]) {
    d_eval(out);
    out[0] += 1.0;
}

fn point() -> (Vec<f64>, Vec<f64>) {
    let x = (0..N).map(|i| 0.3 + 0.17 * i as f64 - 0.05 * (i * i) as f64 / 3.0).collect();
    let v = (0..N).map(|i| if i % 3 == 0 { 1.0 } else { -0.5 + 0.1 * i as f64 }).collect();
    (x, v)
}

/// Central finite differences of grad along v: (grad(x + hv) - grad(x - hv)) / 2h.
fn fd_along(grad: &dyn Fn(&[f64]) -> Vec<f64>, x: &[f64], v: &[f64]) -> Vec<f64> {
    let h = 1e-5;
    let at = |s: f64| -> Vec<f64> {
        let y: Vec<f64> = x.iter().zip(v).map(|(a, b)| a + s * h * b).collect();
        grad(&y)
    };
    let (p, m) = (at(1.0), at(-1.0));
    p.iter().zip(&m).map(|(a, b)| (a - b) / (2.0 * h)).collect()
}

pub fn run(t: &mut Tally) {
    let (x, v) = point();
    let grad = |y: &[f64]| {
        let mut g = vec![0.0; y.len()];
        gradient(y, &mut g);
        g
    };
    let (x0, v0) = (x.clone(), v.clone());
    let mut g = vec![0.0; N];
    let mut hv = vec![0.0; N];
    hvp(&x, &v, &mut g, &mut hv);
    t.close("forward over reverse: Hessian-vector product, 10 variables", &hv, &fd_along(&grad, &x, &v), 1e-6);
    t.close("forward over reverse: the gradient beside it", &g, &grad(&x), 1e-12);
    t.check("forward over reverse: x and v unchanged", x == x0 && v == v0, format!("{:?} {:?}", x, v));

    let m = Model { scale: 0.7 };
    let grad_m = |y: &[f64]| {
        let mut g = vec![0.0; y.len()];
        m.grad_loss(y, &mut g);
        g
    };
    let mut g = vec![0.0; N];
    let mut hv = vec![0.0; N];
    m.hvp_loss(&x, &v, &mut g, &mut hv);
    t.close("forward over reverse: method, Const self", &hv, &fd_along(&grad_m, &x, &v), 1e-6);

    for &a in &[0.4, -1.3] {
        let (slope, curvature) = dd_wave(a, 1.0);
        t.close(&format!("forward over forward: wave'' at {}", a), &[curvature], &[fd(&|y| wave_slope(y), a)], 1e-6);
        t.close(&format!("forward over forward: wave' at {}", a), &[slope], &[fd(&|y| wave(y), a)], 1e-6);
    }

    let mut out = [1.5];
    let mut out_t = [1.0];
    hvp_eval(&mut out, &mut out_t);
    t.close("rust-lang/rust#160567: reverse Const inside forward", &[out[0], out_t[0]], &[4.0, 2.0], 1e-12);

    for a in [0.3, -1.1] {
        let (slope, curvature) = r_wave_slope(a, 1.0);
        t.close(&format!("reverse over forward: wave'' at {}", a), &[curvature], &[fd(&|y| wave_slope(y), a)], 1e-6);
        t.close(&format!("reverse over forward: wave' at {}", a), &[slope], &[fd(&|y| wave(y), a)], 1e-6);
        let (slope, curvature) = rr_wave(a, 1.0);
        t.close(&format!("reverse over reverse: wave'' at {}", a), &[curvature], &[fd(&|y| wave_slope(y), a)], 1e-6);
        t.close(&format!("reverse over reverse: wave' at {}", a), &[slope], &[fd(&|y| wave(y), a)], 1e-6);
    }
    let v = [0.5, -1.0, 2.0];
    let mut g = [0.0; 3];
    let s = r_cubes_slope(&v, &mut g, 1.0);
    t.close("reverse over forward through a collected Vec: the slope", &[s], &[3.0 * (0.25 + 1.0 + 4.0)], 1e-12);
    t.close("reverse over forward through a collected Vec: its gradient", &g, &fd_grad(&cubes_slope, &v), 1e-6);
}
