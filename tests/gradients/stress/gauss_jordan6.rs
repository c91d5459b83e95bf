//! A 6x6 Gauss-Jordan inverse, a Doolittle LU with determinant and two triangular solves,
//! all written out by nested macro_rules! (~1000 straight-line statements over [[f64; 6]; 6]
//! fields of a mixed struct, at constant indices): large blocks of 2-D array loads/stores. BIG.
use crate::harness::*;

#[derive(Clone, Debug)]
pub struct System {
    pub m: [[f64; 6]; 6],
    pub id: u32,
    pub rhs: [f64; 6],
    pub flags: [bool; 6],
    pub shift: f64,
    pub order: [u8; 6],
}
params!(System, m, rhs, shift);

// Gauss-Jordan without pivoting (the matrices are diagonally dominant).
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
macro_rules! gj_all {
    ($a:ident, $b:ident; $($k:literal)*) => { $( gj_rows!($a, $b, $k; 0 1 2 3 4 5); )* };
}
macro_rules! gj_norm_row {
    ($a:ident, $b:ident, $i:literal; $($j:literal)*) => { $( $b[$i][$j] /= $a[$i][$i]; )* };
}
macro_rules! gj_norm {
    ($a:ident, $b:ident; $($i:literal)*) => { $( gj_norm_row!($a, $b, $i; 0 1 2 3 4 5); )* };
}

#[inline(never)]
fn inverse(m: [[f64; 6]; 6]) -> [[f64; 6]; 6] {
    let mut a = m;
    let mut b = [[0.0; 6]; 6];
    for i in 0..6 {
        b[i][i] = 1.0;
    }
    gj_all!(a, b; 0 1 2 3 4 5);
    gj_norm!(a, b; 0 1 2 3 4 5);
    b
}

// Doolittle LU: for each k, row k of U then column k of L, each entry a written-out sum.
macro_rules! lu_u {
    ($a:ident, $l:ident, $u:ident, $k:literal; $($j:literal)*) => { $(
        if $j >= $k {
            let mut s = $a[$k][$j];
            for p in 0..$k {
                s -= $l[$k][p] * $u[p][$j];
            }
            $u[$k][$j] = s;
        }
    )* };
}
macro_rules! lu_l {
    ($a:ident, $l:ident, $u:ident, $k:literal; $($i:literal)*) => { $(
        if $i > $k {
            let mut s = $a[$i][$k];
            for p in 0..$k {
                s -= $l[$i][p] * $u[p][$k];
            }
            $l[$i][$k] = s / $u[$k][$k];
        }
    )* };
}
macro_rules! lu_all {
    ($a:ident, $l:ident, $u:ident; $($k:literal)*) => { $(
        lu_u!($a, $l, $u, $k; 0 1 2 3 4 5);
        lu_l!($a, $l, $u, $k; 0 1 2 3 4 5);
    )* };
}

#[derive(Clone, Copy, Debug)]
struct Lu {
    l: [[f64; 6]; 6],
    det: f64,
    u: [[f64; 6]; 6],
    n: usize,
}

#[inline(never)]
fn lu(a: &[[f64; 6]; 6]) -> Lu {
    let mut l = [[0.0; 6]; 6];
    let mut u = [[0.0; 6]; 6];
    for i in 0..6 {
        l[i][i] = 1.0;
    }
    lu_all!(a, l, u; 0 1 2 3 4 5);
    let det = u[0][0] * u[1][1] * u[2][2] * u[3][3] * u[4][4] * u[5][5];
    Lu { l, det, u, n: 6 }
}

macro_rules! fwd_sub {
    ($l:ident, $b:ident, $y:ident; $($i:literal)*) => { $(
        $y[$i] = $b[$i];
        for j in 0..$i {
            $y[$i] -= $l[$i][j] * $y[j];
        }
    )* };
}
macro_rules! back_sub {
    ($u:ident, $y:ident, $x:ident; $($i:literal)*) => { $(
        $x[$i] = $y[$i];
        for j in ($i + 1)..6 {
            $x[$i] -= $u[$i][j] * $x[j];
        }
        $x[$i] /= $u[$i][$i];
    )* };
}

#[inline(never)]
fn solve(f: &Lu, b: &[f64; 6]) -> [f64; 6] {
    let (l, u) = (&f.l, &f.u);
    let mut y = [0.0; 6];
    let mut x = [0.0; 6];
    fwd_sub!(l, b, y; 0 1 2 3 4 5);
    back_sub!(u, y, x; 5 4 3 2 1 0);
    x
}

macro_rules! matmul_row {
    ($a:ident, $b:ident, $c:ident, $i:literal; $($j:literal)*) => { $(
        $c[$i][$j] = $a[$i][0] * $b[0][$j] + $a[$i][1] * $b[1][$j] + $a[$i][2] * $b[2][$j]
            + $a[$i][3] * $b[3][$j] + $a[$i][4] * $b[4][$j] + $a[$i][5] * $b[5][$j];
    )* };
}
macro_rules! matmul {
    ($a:ident, $b:ident, $c:ident; $($i:literal)*) => { $( matmul_row!($a, $b, $c, $i; 0 1 2 3 4 5); )* };
}

#[inline(never)]
fn square(a: &[[f64; 6]; 6]) -> [[f64; 6]; 6] {
    let mut c = [[0.0; 6]; 6];
    matmul!(a, a, c; 0 1 2 3 4 5);
    c
}

#[inline(never)]
fn f(s: &System) -> f64 {
    let mut m = s.m;
    for i in 0..6 {
        m[i][i] += s.shift * if s.flags[i] { 1.0 } else { 0.5 };
    }
    let inv = inverse(m);
    let m2 = square(&m);
    let fac = lu(&m2);
    let mut rhs = s.rhs;
    for i in 0..6 {
        rhs[i] *= 1.0 + 0.1 * s.order[i] as f64;
    }
    let x = solve(&fac, &rhs);
    let mut t = 0.0;
    for i in 0..6 {
        for j in 0..6 {
            t += inv[i][j] * (1.0 + 0.1 * (i + 2 * j) as f64);
        }
        t += x[i] * x[i] * (fac.n - i) as f64;
    }
    t + fac.det.ln() + s.id as f64 * 0.001
}

#[inline(never)]
fn top(s: *const System) -> f64 {
    unsafe { f(&*s) }
}

pub fn run() -> Result<(), String> {
    let mut m = [[0.0; 6]; 6];
    for i in 0..6 {
        for j in 0..6 {
            m[i][j] = if i == j { 4.0 + 0.5 * i as f64 } else { 0.3 * (((i * 5 + j * 3) % 7) as f64 - 3.0) * 0.5 };
        }
    }
    let s = System {
        m,
        id: 12,
        rhs: [1.0, -0.5, 0.25, 2.0, -1.5, 0.75],
        flags: [true, false, true, true, false, true],
        shift: 0.6,
        order: [5, 3, 1, 0, 2, 4],
    };
    reverse("reverse", &s, |s| f(s), |s, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), s, d);
    }, TOL)?;
    forward("forward", &s, |s| f(s), |s, t| unsafe { __enzyme_fwddiff(top as usize, dup(), s, t) }, TOL)
}
