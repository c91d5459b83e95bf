//! A small dense linear-algebra library over slices, every routine a function of its own
//! (#[inline(never)]): level-1 kernels (dot, axpy, scal, nrm2), level-2 (gemv, a residual),
//! a preconditioned conjugate-gradient solve calling them in its loop, and a Newton-like outer
//! iteration calling the solver, six to eight calls deep. Every argument is a slice of f64,
//! an f64 or a usize: the types a tree describes completely, so Enzyme's type analysis of a
//! call needs nothing from the callee, while without trees it analyses each callee again for
//! every shape of what the caller knows of its arguments so far. CALLS.
use crate::harness::*;

pub const N: usize = 6;

#[derive(Clone, Debug)]
pub struct Problem {
    pub a: [f64; N * N],
    pub b: [f64; N],
    pub x0: [f64; N],
    pub damping: f64,
}
params!(Problem, a, b, x0, damping);

#[inline(never)]
fn dot(x: &[f64], y: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        s += x[i] * y[i];
    }
    s
}

#[inline(never)]
fn axpy(alpha: f64, x: &[f64], y: &mut [f64]) {
    for i in 0..y.len() {
        y[i] += alpha * x[i];
    }
}

#[inline(never)]
fn scal(alpha: f64, x: &mut [f64]) {
    for v in x.iter_mut() {
        *v *= alpha;
    }
}

#[inline(never)]
fn copy(x: &[f64], y: &mut [f64]) {
    for i in 0..y.len() {
        y[i] = x[i];
    }
}

#[inline(never)]
fn nrm2(x: &[f64]) -> f64 {
    dot(x, x).sqrt()
}

#[inline(never)]
fn row<'a>(a: &'a [f64], n: usize, i: usize) -> &'a [f64] {
    &a[i * n..(i + 1) * n]
}

/// y = alpha * A x + beta * y, one dot per row.
#[inline(never)]
fn gemv(alpha: f64, a: &[f64], n: usize, x: &[f64], beta: f64, y: &mut [f64]) {
    for i in 0..n {
        let r = dot(row(a, n, i), x);
        y[i] = alpha * r + beta * y[i];
    }
}

/// S = A^T A + d I, column by column through gemv.
#[inline(never)]
fn normal_matrix(a: &[f64], n: usize, d: f64, s: &mut [f64]) {
    let mut col = [0.0; N];
    let mut tmp = [0.0; N];
    let mut at = [0.0; N * N];
    for i in 0..n {
        for j in 0..n {
            at[j * n + i] = a[i * n + j];
        }
    }
    for j in 0..n {
        for i in 0..n {
            col[i] = a[i * n + j];
        }
        gemv(1.0, &at, n, &col, 0.0, &mut tmp);
        axpy(d, &unit(n, j), &mut tmp);
        for i in 0..n {
            s[i * n + j] = tmp[i];
        }
    }
}

#[inline(never)]
fn unit(n: usize, j: usize) -> [f64; N] {
    let mut e = [0.0; N];
    if j < n {
        e[j] = 1.0;
    }
    e
}

/// r = b - A x
#[inline(never)]
fn residual(a: &[f64], n: usize, x: &[f64], b: &[f64], r: &mut [f64]) {
    copy(b, r);
    gemv(-1.0, a, n, x, 1.0, r);
}

/// z = r / diag(A) (Jacobi preconditioner)
#[inline(never)]
fn precondition(a: &[f64], n: usize, r: &[f64], z: &mut [f64]) {
    for i in 0..n {
        z[i] = r[i] / a[i * n + i];
    }
}

/// A fixed number of preconditioned CG steps on A x = b from x (A symmetric positive definite).
#[inline(never)]
fn pcg(a: &[f64], n: usize, b: &[f64], x: &mut [f64], steps: usize) {
    let mut r = [0.0; N];
    let mut z = [0.0; N];
    let mut p = [0.0; N];
    let mut q = [0.0; N];
    residual(a, n, x, b, &mut r);
    precondition(a, n, &r, &mut z);
    copy(&z, &mut p);
    let mut rz = dot(&r, &z);
    for _ in 0..steps {
        gemv(1.0, a, n, &p, 0.0, &mut q);
        let alpha = rz / dot(&p, &q);
        axpy(alpha, &p, x);
        axpy(-alpha, &q, &mut r);
        precondition(a, n, &r, &mut z);
        let rz2 = dot(&r, &z);
        scal(rz2 / rz, &mut p);
        axpy(1.0, &z, &mut p);
        rz = rz2;
    }
}

/// Least squares through the normal equations: (A^T A + d I) x = A^T b.
#[inline(never)]
fn least_squares(a: &[f64], n: usize, b: &[f64], d: f64, x: &mut [f64]) {
    let mut s = [0.0; N * N];
    let mut rhs = [0.0; N];
    let mut at = [0.0; N * N];
    for i in 0..n {
        for j in 0..n {
            at[j * n + i] = a[i * n + j];
        }
    }
    normal_matrix(a, n, d, &mut s);
    gemv(1.0, &at, n, b, 0.0, &mut rhs);
    pcg(&s, n, &rhs, x, n);
}

/// Two refinement rounds: solve, measure the residual of the original system, solve for the
/// correction, and score the result.
#[inline(never)]
fn refine(a: &[f64], n: usize, b: &[f64], d: f64, x: &mut [f64]) -> f64 {
    let mut r = [0.0; N];
    let mut dx = [0.0; N];
    least_squares(a, n, b, d, x);
    for _ in 0..2 {
        residual(a, n, x, b, &mut r);
        scal(0.0, &mut dx);
        least_squares(a, n, &r, d, &mut dx);
        axpy(1.0, &dx, x);
    }
    residual(a, n, x, b, &mut r);
    nrm2(&r) + dot(x, x)
}

#[inline(never)]
fn f(p: &Problem) -> f64 {
    let mut x = p.x0;
    let s = refine(&p.a, N, &p.b, p.damping, &mut x);
    s + 0.5 * dot(&x, &p.b)
}

#[inline(never)]
fn top(p: *const Problem) -> f64 {
    unsafe { f(&*p) }
}

pub fn run() -> Result<(), String> {
    let mut a = [0.0; N * N];
    for i in 0..N {
        for j in 0..N {
            a[i * N + j] = if i == j { 2.0 + 0.3 * i as f64 } else { 0.2 * ((i * 5 + j * 3) % 7) as f64 / 7.0 - 0.1 };
        }
    }
    let mut b = [0.0; N];
    let mut x0 = [0.0; N];
    for i in 0..N {
        b[i] = (i as f64 * 0.7).sin();
        x0[i] = 0.1 * (i as f64 * 1.3).cos();
    }
    let p = Problem { a, b, x0, damping: 0.05 };
    reverse("reverse", &p, |p| f(p), |p, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), p, d);
    }, TOL)
}
