//! Unrolled RK4 and RK 3/8 steps of a 12-state ODE (four coupled nonlinear oscillators) whose
//! right-hand side and stage updates are macro-written over [f64; 12] at constant indices, with
//! parameters in a mixed struct (f64, f32, u16, u8, bool, [f64; 4]): long load/store chains. BIG.
use crate::harness::*;

#[derive(Clone, Debug)]
pub struct Ode {
    pub y0: [f64; 12],
    pub k: [f64; 4],
    pub steps: u16,
    pub c: f64,
    pub gamma: f32,
    pub mode: u8,
    pub couple: f64,
    pub on: bool,
}
params!(Ode, y0, k, c, gamma, couple);

macro_rules! osc {
    ($y:ident, $d:ident, $p:ident, $g:ident, $o:literal, $x:literal, $v:literal, $z:literal, $xl:literal, $xr:literal) => {
        $d[$x] = $y[$v];
        $d[$v] = -$p.k[$o] * $y[$x] - $p.c * $y[$v] + $p.couple * ($y[$xl] - 2.0 * $y[$x] + $y[$xr])
            + 0.1 * $y[$z] * $y[$x];
        $d[$z] = -$g * $y[$z] + 0.1 * $y[$x] * $y[$v] - 0.05 * $y[$z] * $y[$z] * $y[$z];
    };
}

#[inline(never)]
fn rhs(y: &[f64; 12], p: &Ode) -> [f64; 12] {
    let mut d = [0.0; 12];
    let g = p.gamma as f64 * if p.on { 1.0 } else { 0.0 };
    osc!(y, d, p, g, 0, 0, 1, 2, 9, 3);
    osc!(y, d, p, g, 1, 3, 4, 5, 0, 6);
    osc!(y, d, p, g, 2, 6, 7, 8, 3, 9);
    osc!(y, d, p, g, 3, 9, 10, 11, 6, 0);
    d
}

macro_rules! axpy {
    ($out:ident = $y:ident + $h:expr, $k:ident; $($i:literal)*) => { $( $out[$i] = $y[$i] + $h * $k[$i]; )* };
}
macro_rules! rk4_sum {
    ($out:ident, $y:ident, $h:ident, $k1:ident, $k2:ident, $k3:ident, $k4:ident; $($i:literal)*) => { $(
        $out[$i] = $y[$i] + $h / 6.0 * ($k1[$i] + 2.0 * $k2[$i] + 2.0 * $k3[$i] + $k4[$i]);
    )* };
}
macro_rules! rk38_stage3 {
    ($out:ident, $y:ident, $h:ident, $k1:ident, $k2:ident; $($i:literal)*) => { $(
        $out[$i] = $y[$i] + $h * (-$k1[$i] / 3.0 + $k2[$i]);
    )* };
}
macro_rules! rk38_stage4 {
    ($out:ident, $y:ident, $h:ident, $k1:ident, $k2:ident, $k3:ident; $($i:literal)*) => { $(
        $out[$i] = $y[$i] + $h * ($k1[$i] - $k2[$i] + $k3[$i]);
    )* };
}
macro_rules! rk38_sum {
    ($out:ident, $y:ident, $h:ident, $k1:ident, $k2:ident, $k3:ident, $k4:ident; $($i:literal)*) => { $(
        $out[$i] = $y[$i] + $h / 8.0 * ($k1[$i] + 3.0 * $k2[$i] + 3.0 * $k3[$i] + $k4[$i]);
    )* };
}

#[inline(never)]
fn rk4(y: [f64; 12], p: &Ode, h: f64) -> [f64; 12] {
    let mut t = [0.0; 12];
    let mut out = [0.0; 12];
    let k1 = rhs(&y, p);
    axpy!(t = y + 0.5 * h, k1; 0 1 2 3 4 5 6 7 8 9 10 11);
    let k2 = rhs(&t, p);
    axpy!(t = y + 0.5 * h, k2; 0 1 2 3 4 5 6 7 8 9 10 11);
    let k3 = rhs(&t, p);
    axpy!(t = y + h, k3; 0 1 2 3 4 5 6 7 8 9 10 11);
    let k4 = rhs(&t, p);
    rk4_sum!(out, y, h, k1, k2, k3, k4; 0 1 2 3 4 5 6 7 8 9 10 11);
    out
}

#[inline(never)]
fn rk38(y: [f64; 12], p: &Ode, h: f64) -> [f64; 12] {
    let mut t = [0.0; 12];
    let mut out = [0.0; 12];
    let k1 = rhs(&y, p);
    axpy!(t = y + h / 3.0, k1; 0 1 2 3 4 5 6 7 8 9 10 11);
    let k2 = rhs(&t, p);
    rk38_stage3!(t, y, h, k1, k2; 0 1 2 3 4 5 6 7 8 9 10 11);
    let k3 = rhs(&t, p);
    rk38_stage4!(t, y, h, k1, k2, k3; 0 1 2 3 4 5 6 7 8 9 10 11);
    let k4 = rhs(&t, p);
    rk38_sum!(out, y, h, k1, k2, k3, k4; 0 1 2 3 4 5 6 7 8 9 10 11);
    out
}

macro_rules! sq_sum {
    ($y:ident, $w:ident; $($i:literal)*) => { 0.0 $( + $y[$i] * $y[$i] * (1.0 + 0.1 * $i as f64) + $w * $y[$i] )* };
}

#[inline(never)]
fn f(p: &Ode) -> f64 {
    let mut y = p.y0;
    let mut acc = 0.0;
    for s in 0..p.steps {
        y = if (s as u8 + p.mode) % 3 == 0 { rk38(y, p, 0.05) } else { rk4(y, p, 0.05) };
        let w = 0.01 * s as f64;
        acc += 0.1 * sq_sum!(y, w; 0 1 2 3 4 5 6 7 8 9 10 11);
    }
    acc
}

#[inline(never)]
fn top(p: *const Ode) -> f64 {
    unsafe { f(&*p) }
}

pub fn run() -> Result<(), String> {
    let mut y0 = [0.0; 12];
    for i in 0..12 {
        y0[i] = 0.4 * ((i as f64) * 0.9).sin() + 0.1;
    }
    let p = Ode { y0, k: [1.0, 1.5, 0.8, 2.0], steps: 24, c: 0.1, gamma: 0.5, mode: 1, couple: 0.3, on: true };
    reverse("reverse", &p, |p| f(p), |p, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), p, d);
    }, TOL_F32)?;
    // Every float is a slot (gamma too): a forward tangent is a clone of the input with
    // the slots zeroed, so a float left out would carry its primal value as a tangent.
    forward("forward", &p, |p| f(p), |p, t| unsafe { __enzyme_fwddiff(top as usize, dup(), p, t) }, TOL_F32)
}
