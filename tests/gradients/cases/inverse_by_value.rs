//! A 6x6 Gauss-Jordan inverse of a matrix passed by value, `inverse(m: [[f64; N]; N])`,
//! written out at constant indices: rustc passes the argument as a pointer to the caller's
//! copy, marked `dead_on_return`, and the callee eliminates in that copy in place. The
//! derivative needs no value of the inverse in the forward pass, so Enzyme's reverse of
//! `inverse` reads the copy's last values again after the call; with the attribute kept,
//! the passes after Enzyme delete the stores that wrote them (tests/enzyme-bugs/
//! dead-on-return-reload.ll), and the gradient is wrong at -O1..-O3, silently, with and
//! without trees (the wrapper deletes the attribute before Enzyme). `square(&m)` reads the
//! matrix after the call. Reduced from the stress program gauss_jordan6.
use crate::harness::*;

const N: usize = 6;

#[derive(Clone, Debug)]
pub struct System {
    pub m: [[f64; N]; N],
    pub id: u32,
    pub shift: f64,
    pub flags: [bool; N],
}
params!(System, m, shift);

macro_rules! gj_cols {
    ($a:ident, $b:ident, $k:literal, $i:literal, $f:ident; $($j:literal)*) => { $(
        $a[$i][$j] -= $f * $a[$k][$j];
        $b[$i][$j] -= $f * $b[$k][$j];
    )* };
}
macro_rules! gj_rows {
    ($a:ident, $b:ident, $k:literal; $($i:literal)*) => { $(
        if $i != $k {
            let f = $a[$i][$k] / $a[$k][$k];
            gj_cols!($a, $b, $k, $i, f; 0 1 2 3 4 5);
        }
    )* };
}
macro_rules! gj_norm_row {
    ($a:ident, $b:ident, $i:literal; $($j:literal)*) => { $( $b[$i][$j] /= $a[$i][$i]; )* };
}
macro_rules! gj_all {
    ($a:ident, $b:ident; $($k:literal)*) => { $( gj_rows!($a, $b, $k; 0 1 2 3 4 5); )* };
}
macro_rules! gj_norm {
    ($a:ident, $b:ident; $($i:literal)*) => { $( gj_norm_row!($a, $b, $i; 0 1 2 3 4 5); )* };
}

#[inline(never)]
fn inverse(m: [[f64; N]; N]) -> [[f64; N]; N] {
    let mut a = m;
    let mut b = [[0.0; N]; N];
    for i in 0..N {
        b[i][i] = 1.0;
    }
    gj_all!(a, b; 0 1 2 3 4 5);
    gj_norm!(a, b; 0 1 2 3 4 5);
    b
}

#[inline(never)]
fn square(a: &[[f64; N]; N]) -> [[f64; N]; N] {
    let mut c = [[0.0; N]; N];
    for i in 0..N {
        for j in 0..N {
            c[i][j] = a[i][0] * a[0][j] + a[i][1] * a[1][j] + a[i][2] * a[2][j]
                + a[i][3] * a[3][j] + a[i][4] * a[4][j] + a[i][5] * a[5][j];
        }
    }
    c
}

#[inline(never)]
fn f(s: &System) -> f64 {
    let mut m = s.m;
    for i in 0..N {
        m[i][i] += s.shift * if s.flags[i] { 1.0 } else { 0.5 };
    }
    let inv = inverse(m);
    let m2 = square(&m);
    let mut t = 0.0;
    for i in 0..N {
        for j in 0..N {
            t += inv[i][j] * (1.0 + 0.1 * (i + 2 * j) as f64) + m2[i][j] * 0.01;
        }
    }
    t + s.id as f64 * 0.001
}

#[inline(never)]
fn top(s: *const System) -> f64 {
    unsafe { f(&*s) }
}

pub fn run() -> Result<(), String> {
    let mut m = [[0.0; N]; N];
    for i in 0..N {
        for j in 0..N {
            m[i][j] = if i == j { 4.0 + 0.5 * i as f64 } else { 0.15 * (((i * 5 + j * 3) % 7) as f64 - 3.0) };
        }
    }
    let s = System { m, id: 12, shift: 0.6, flags: [true, false, true, true, false, true] };
    reverse("reverse", &s, |s| f(s), |s, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), s, d);
    }, TOL)?;
    forward("forward", &s, |s| f(s), |s, t| unsafe { __enzyme_fwddiff(top as usize, dup(), s, t) }, TOL)
}
