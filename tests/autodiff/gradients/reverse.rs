// Reverse mode: Duplicated slices of structs, Active scalars (f64 and f32), Const values of
// every kind (integers, structs holding a Vec), the result Active (seeded with dret),
// ActiveOnly, Const, none; DuplicatedOnly; raw pointers; methods, a trait's derivative,
// generics; width 2 (two seeds through a Duplicated output).
use crate::{fd, fd_grad, Tally};
use typetree_autodiff::autodiff_reverse;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Particle {
    pub pos: [f64; 3],
    pub vel: [f64; 3],
    pub mass: f64,
    pub id: u32,
}

fn particles() -> Vec<Particle> {
    (0..4)
        .map(|i| {
            let f = i as f64;
            Particle { pos: [f, 0.5 - f, 1.0 + 0.1 * f], vel: [0.3, f, -0.5], mass: 1.0 + f, id: i }
        })
        .collect()
}

fn zeroed(ps: &[Particle]) -> Vec<Particle> {
    ps.iter().map(|p| Particle { pos: [0.0; 3], vel: [0.0; 3], mass: 0.0, ..*p }).collect()
}

/// Kinetic energy plus a pair potential: loops, sqrt, a slice of mixed structs.
#[autodiff_reverse(d_energy, Duplicated, Active)]
pub fn energy(ps: &[Particle]) -> f64 {
    let mut e = 0.0;
    for (i, p) in ps.iter().enumerate() {
        e += 0.5 * p.mass * p.vel.iter().map(|v| v * v).sum::<f64>();
        for q in &ps[i + 1..] {
            let d: f64 = (0..3).map(|k| (p.pos[k] - q.pos[k]).powi(2)).sum();
            e += p.mass * q.mass / (d + 1.0).sqrt();
        }
    }
    e
}

/// Every float of the particles, in a fixed order, through a closure.
fn each(ps: &mut [Particle], f: &mut dyn FnMut(&mut f64)) {
    for p in ps {
        p.pos.iter_mut().for_each(&mut *f);
        p.vel.iter_mut().for_each(&mut *f);
        f(&mut p.mass);
    }
}

fn flat(ps: &[Particle]) -> Vec<f64> {
    let mut v = Vec::new();
    each(&mut ps.to_vec(), &mut |x| v.push(*x));
    v
}

fn from_flat(ps: &[Particle], x: &[f64]) -> Vec<Particle> {
    let mut q = ps.to_vec();
    let mut i = 0;
    each(&mut q, &mut |v| {
        *v = x[i];
        i += 1
    });
    q
}

/// Mixed scalars: f64 and f32 Active, an integer Const.
#[autodiff_reverse(d_mixed, Active, Active, Const, Active)]
pub fn mixed(x: f64, y: f32, n: u32) -> f64 {
    (x * y as f64).sin() * n as f64 + x.exp() / (1.0 + (y as f64).powi(2))
}

/// f32 all the way: the derivative's result is (f32, f32, f32). Written as rustc's own
/// autodiff tests write their functions: unsafe(no_mangle) and inline(never) before the
/// attribute (syn 1's attribute parser stopped on `unsafe(...)`).
#[unsafe(no_mangle)]
#[inline(never)]
#[autodiff_reverse(d_f32, Active, Active, Active)]
pub fn f32_poly(x: f32, y: f32) -> f32 {
    x * x * y + 3.0 * y.cos()
}

/// The primal result dropped (ActiveOnly): only the gradient comes back.
#[autodiff_reverse(d_norm_only, Duplicated, Active, ActiveOnly)]
pub fn weighted_norm(x: &[f64], w: f64) -> f64 {
    w * x.iter().map(|v| v * v).sum::<f64>().sqrt()
}

pub struct Config {
    pub scale: Vec<f64>,
    pub shift: f64,
}

/// A Const struct by value that owns a Vec (moved into the function, dropped there), and an
/// output through a Duplicated `&mut`: no result.
#[autodiff_reverse(d_apply, Duplicated, Const, Duplicated)]
pub fn apply(x: &[f64], cfg: Config, out: &mut [f64]) {
    for i in 0..out.len() {
        out[i] = (x[i] * cfg.scale[i] + cfg.shift).tanh();
    }
}

/// A Const result: the derivative comes through the Duplicated output alone.
#[autodiff_reverse(d_count, Duplicated, Duplicated, Const)]
pub fn count_and_square(x: &[f64], out: &mut f64) -> f64 {
    *out = x.iter().map(|v| v * v * v).sum();
    x.len() as f64
}

/// DuplicatedOnly on the output: its primal value need not be computed.
#[autodiff_reverse(d_square_into, Duplicated, DuplicatedOnly)]
pub fn square_into(x: &[f64], out: &mut [f64]) {
    for i in 0..x.len() {
        out[i] = x[i] * x[i] * (1.0 + x[i]);
    }
}

/// Raw pointers, Duplicated, with a Const length.
#[autodiff_reverse(d_raw, Duplicated, Const, Active)]
pub unsafe fn raw_sum(p: *const f64, n: usize) -> f64 {
    let mut s = 0.0;
    for i in 0..n {
        s += (*p.add(i)).powi(3);
    }
    s
}

/// A tuple result, seeded with a tuple dret.
#[autodiff_reverse(d_polar, Duplicated, Active)]
pub fn polar(p: &[f64; 2]) -> (f64, f64) {
    ((p[0] * p[0] + p[1] * p[1]).sqrt(), p[1].atan2(p[0]))
}

/// Width 2: two lanes, each seeded through its own shadow of the output: the two rows of the
/// Jacobian in one call.
#[autodiff_reverse(d_rows, 2, Duplicated, Duplicated)]
pub fn rows(x: &[f64; 3], out: &mut [f64; 2]) {
    out[0] = x[0] * x[1] + x[2].sin();
    out[1] = x[0].exp() - x[1] * x[2];
}

pub struct Model {
    pub w: [f64; 3],
    pub bias: f64,
}

impl Model {
    /// A method, self Const.
    #[autodiff_reverse(d_loss, Const, Duplicated, Active)]
    pub fn loss(&self, x: &[f64; 3]) -> f64 {
        let y: f64 = (0..3).map(|k| self.w[k] * x[k]).sum::<f64>() + self.bias;
        (y - 1.0).powi(2)
    }

    /// A method, self Duplicated: the gradient with respect to the model's parameters.
    #[autodiff_reverse(d_loss_w, Duplicated, Const, Active)]
    pub fn loss_w(&self, x: &[f64; 3]) -> f64 {
        self.loss(x)
    }
}

pub trait Potential {
    /// The derivative is generated as a default method of the trait.
    #[autodiff_reverse(d_value, Const, Active, Active)]
    fn value(&self, r: f64) -> f64;
}

pub struct LennardJones {
    pub eps: f64,
}

impl Potential for LennardJones {
    fn value(&self, r: f64) -> f64 {
        4.0 * self.eps * (r.powi(-12) - r.powi(-6))
    }
}

/// Generic, as the .pp's d_square.
#[autodiff_reverse(d_cube, Duplicated, Active)]
pub fn cube<T: std::ops::Mul<Output = T> + Copy>(x: &T) -> T {
    *x * *x * *x
}

/// A Duplicated output the caller keeps in a variable named as one of Enzyme's markers.
#[autodiff_reverse(d_sine_into, Duplicated, Duplicated)]
pub fn sine_into(x: &f64, out: &mut f64) {
    *out = x.sin() * x
}

/// Names the derivative's parameters give again (rust-lang/rust#150331's `fn _zst(_zst: (),
/// ..)`): a parameter named as the function, a shadow named as it (`dx_0` of `x`), and the
/// seed `dret` named as it. The derivative's body calls the function all the same.
#[autodiff_reverse(d_selfnamed, Active, Active)]
pub fn selfnamed(selfnamed: f64) -> f64 {
    selfnamed * selfnamed.exp()
}

#[autodiff_reverse(d_dx_0, Duplicated, Active)]
pub fn dx_0(x: &[f64]) -> f64 {
    x.iter().map(|v| v * v * v).sum()
}

#[autodiff_reverse(d_dret, Active, Active)]
pub fn dret(x: f64) -> f64 {
    x.sin() * x
}

pub fn run(t: &mut Tally) {
    // The caller's variable is named as Enzyme's marker enzyme_const: once d_sine_into is
    // inlined, its slot reaches Enzyme's call as an alloca of that name, which Enzyme reads
    // as the marker and takes the shadow after it for a constant (no derivative reaches
    // x, silently), unless the wrapper renames it (--rename-enzyme-locals, docs/wrapper.md).
    let (x, mut dx) = (0.8, 0.0);
    let (mut enzyme_const, mut dout) = (0.0, 1.0);
    d_sine_into(&x, &mut dx, &mut enzyme_const, &mut dout);
    let f = |x: f64| {
        let mut o = 0.0;
        sine_into(&x, &mut o);
        o
    };
    t.close("reverse Duplicated output held in a variable named enzyme_const", &[dx, enzyme_const], &[fd(&f, x), f(x)], 1e-6);

    let ps = particles();
    let x = flat(&ps);
    let want = fd_grad(&|x| energy(&from_flat(&ps, x)), &x);
    let mut dps = zeroed(&ps);
    let e = d_energy(&ps, &mut dps, 1.0);
    t.close("reverse Duplicated &[Particle], Active result", &flat(&dps), &want, 1e-6);
    t.close("reverse Duplicated &[Particle]: primal result", &[e], &[energy(&ps)], 1e-12);
    t.check("reverse Duplicated &[Particle]: input unchanged", ps == particles(), format!("{:?}", ps));
    let mut dps2 = zeroed(&ps);
    d_energy(&ps, &mut dps2, 2.5);
    let scaled: Vec<f64> = want.iter().map(|g| 2.5 * g).collect();
    t.close("reverse dret seeds the result (2.5)", &flat(&dps2), &scaled, 1e-6);
    d_energy(&ps, &mut dps2, 1.0);
    let added: Vec<f64> = want.iter().map(|g| 3.5 * g).collect();
    t.close("reverse Duplicated adds into the shadow", &flat(&dps2), &added, 1e-6);

    let (x0, y0, n) = (0.7, 1.3f32, 3);
    let (v, dx, dy) = d_mixed(x0, y0, n, 1.0);
    t.close("reverse Active f64, Active f32, Const u32: primal", &[v], &[mixed(x0, y0, n)], 1e-12);
    t.close(
        "reverse Active f64, Active f32, Const u32: gradients",
        &[dx, dy as f64],
        &[fd(&|x| mixed(x, y0, n), x0), fd(&|y| mixed(x0, y as f32, n), y0 as f64)],
        1e-3,
    );

    let (v, dx, dy) = d_f32(1.5, -0.5, 1.0);
    let f = |x: f64, y: f64| f32_poly(x as f32, y as f32) as f64;
    t.close(
        "reverse f32 result and f32 Active arguments",
        &[v as f64, dx as f64, dy as f64],
        &[f(1.5, -0.5), 2.0 * 1.5 * -0.5, 1.5 * 1.5 - 3.0 * (-0.5f64).sin()],
        1e-5,
    );

    let xs = [0.5, -1.5, 2.0];
    let mut dxs = [0.0; 3];
    let dw = d_norm_only(&xs, &mut dxs, 2.0, 1.0);
    let mut want = fd_grad(&|x| weighted_norm(x, 2.0), &xs);
    want.push(fd(&|w| weighted_norm(&xs, w), 2.0));
    let mut got = dxs.to_vec();
    got.push(dw);
    t.close("reverse ActiveOnly result (no primal returned)", &got, &want, 1e-6);

    let x3 = [0.2, -0.4, 0.9];
    let cfg = || Config { scale: vec![1.0, 2.0, 0.5], shift: 0.1 };
    let seed = [1.0, -2.0, 0.5];
    let mut out = [0.0; 3];
    let mut dout = seed;
    let mut dx3 = [0.0; 3];
    d_apply(&x3, &mut dx3, cfg(), &mut out, &mut dout);
    let lin = |x: &[f64]| {
        let mut o = [0.0; 3];
        apply(x, cfg(), &mut o);
        (0..3).map(|i| seed[i] * o[i]).sum::<f64>()
    };
    t.close("reverse Const struct with a Vec by value, Duplicated &mut output", &dx3, &fd_grad(&lin, &x3), 1e-6);
    let mut o = [0.0; 3];
    apply(&x3, cfg(), &mut o);
    t.close("reverse Duplicated &mut output: primal written", &out, &o, 1e-12);

    let mut o1 = 0.0;
    let mut do1 = 1.0;
    let mut dx3 = [0.0; 3];
    let len = d_count(&x3, &mut dx3, &mut o1, &mut do1);
    t.close("reverse Const result", &[len], &[3.0], 0.0);
    let want = fd_grad(
        &|x| {
            let mut o = 0.0;
            count_and_square(x, &mut o);
            o
        },
        &x3,
    );
    t.close("reverse Const result: gradient through the output", &dx3, &want, 1e-6);

    let mut sq = [0.0; 3];
    let mut dsq = [1.0, 0.5, -1.0];
    let mut dx3 = [0.0; 3];
    unsafe { d_square_into(&x3, &mut dx3, &mut sq, &mut dsq) };
    let want: Vec<f64> =
        (0..3).map(|i| [1.0, 0.5, -1.0][i] * (2.0 * x3[i] + 3.0 * x3[i] * x3[i])).collect();
    t.close("reverse DuplicatedOnly output (unsafe fn)", &dx3, &want, 1e-12);

    let mut dp = [0.0; 3];
    let s = unsafe { d_raw(x3.as_ptr(), dp.as_mut_ptr(), 3, 1.0) };
    t.close("reverse raw pointers: primal", &[s], &[unsafe { raw_sum(x3.as_ptr(), 3) }], 1e-12);
    let want: Vec<f64> = x3.iter().map(|v| 3.0 * v * v).collect();
    t.close("reverse raw pointers: gradient", &dp, &want, 1e-12);

    let p = [0.6, 0.8];
    let mut dp = [0.0; 2];
    let (r, th) = d_polar(&p, &mut dp, (1.0, 2.0));
    let lin = |x: &[f64]| {
        let (r, th) = polar(&[x[0], x[1]]);
        r + 2.0 * th
    };
    t.close("reverse tuple result seeded with (1, 2)", &dp, &fd_grad(&lin, &p), 1e-6);
    t.close("reverse tuple result: primal", &[r, th], &[1.0, 0.8f64.atan2(0.6)], 1e-12);

    let xr = [0.3, -0.7, 1.1];
    let (mut o, mut d0, mut d1) = ([0.0; 2], [1.0, 0.0], [0.0, 1.0]);
    let (mut g0, mut g1) = ([0.0; 3], [0.0; 3]);
    d_rows(&xr, &mut g0, &mut g1, &mut o, &mut d0, &mut d1);
    let row = |k: usize| {
        move |x: &[f64]| {
            let mut o = [0.0; 2];
            rows(&[x[0], x[1], x[2]], &mut o);
            o[k]
        }
    };
    t.close("reverse width 2: lane 0 (row 0 of the Jacobian)", &g0, &fd_grad(&row(0), &xr), 1e-6);
    t.close("reverse width 2: lane 1 (row 1 of the Jacobian)", &g1, &fd_grad(&row(1), &xr), 1e-6);

    let model = || Model { w: [0.5, -1.0, 2.0], bias: 0.25 };
    let xm = [1.0, 0.5, -0.3];
    let mut dxm = [0.0; 3];
    let m = model();
    let l = m.d_loss(&xm, &mut dxm, 1.0);
    let m0 = model();
    t.close("reverse method, self Const: primal", &[l], &[m0.loss(&xm)], 1e-12);
    t.close("reverse method, self Const", &dxm, &fd_grad(&|x| m0.loss(&[x[0], x[1], x[2]]), &xm), 1e-6);
    let unchanged = m.w == m0.w && m.bias == m0.bias;
    t.check("reverse method, self Const: self unchanged", unchanged, format!("w {:?} bias {}", m.w, m.bias));
    let m = model();
    let mut dm = Model { w: [0.0; 3], bias: 0.0 };
    let x_const = [1.0, 0.5, -0.3];
    m.d_loss_w(&mut dm, &x_const, 1.0);
    let mut got = dm.w.to_vec();
    got.push(dm.bias);
    let want = fd_grad(&|p| Model { w: [p[0], p[1], p[2]], bias: p[3] }.loss(&xm), &[0.5, -1.0, 2.0, 0.25]);
    t.close("reverse method, self Duplicated (dself_0)", &got, &want, 1e-6);
    t.check("reverse method, self Duplicated: Const x unchanged", x_const == xm, format!("{:?}", x_const));

    let lj = LennardJones { eps: 0.8 };
    let (v, dr) = lj.d_value(1.2, 1.0);
    t.close("reverse trait method's generated default: primal", &[v], &[lj.value(1.2)], 1e-12);
    t.close("reverse trait method's generated default", &[dr], &[fd(&|r| lj.value(r), 1.2)], 1e-6);

    let mut dc = 0.0;
    let c = d_cube(&1.5f64, &mut dc, 1.0);
    t.close("reverse generic T = f64", &[c, dc], &[3.375, 6.75], 1e-12);
    let mut dcf = 0.0f32;
    d_cube(&2.0f32, &mut dcf, 0.5);
    t.close("reverse generic T = f32, dret 0.5", &[dcf as f64], &[6.0], 1e-6);

    let (v, g) = d_selfnamed(0.7, 1.0);
    t.close("reverse parameter named as the function: primal", &[v], &[selfnamed(0.7)], 1e-12);
    t.close("reverse parameter named as the function", &[g], &[fd(&selfnamed, 0.7)], 1e-6);
    let xs = [0.5, -1.5];
    let mut dxs = [0.0; 2];
    let v = d_dx_0(&xs, &mut dxs, 1.0);
    t.close("reverse shadow named as the function: primal", &[v], &[dx_0(&xs)], 1e-12);
    t.close("reverse shadow named as the function", &dxs, &fd_grad(&|x| dx_0(x), &xs), 1e-6);
    let (v, g) = d_dret(1.1, 1.0);
    t.close("reverse seed named as the function: primal", &[v], &[dret(1.1)], 1e-12);
    t.close("reverse seed named as the function", &[g], &[fd(&dret, 1.1)], 1e-6);
}
