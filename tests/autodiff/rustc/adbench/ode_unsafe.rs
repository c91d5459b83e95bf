//! ADBench's 2-D Brusselator right-hand side over raw pointers: a 32x32 five-point stencil
//! reading two grids and writing two outputs through `*const f64`/`*mut f64` offsets,
//! reverse mode into both grids and the three parameters.
//! After rust-lang/rust tests/ui/autodiff/adbench/ode-real/src/unsf.rs at commit
//! bccc40ebc2740af29bdcbb17eb5fac87a4d318bb, inputs as in
//! tests/ui/autodiff/adbench/ode-real/src/lib.rs at commit
//! 70e63c6c020fc3eb7acf02bce5f8453a0dfbb010 (MIT OR Apache-2.0): p = [3.4, 1, 10], t = 2.1,
//! the grids from `init_brusselator`, whose `#[expect(unused)]` is dropped since it is used
//! here. The shadows of the outputs d_u and d_v hold the seed. Upstream's `#[no_mangle]` is
//! left out, and so are `lorenz` and the C entry points, which upstream does not
//! differentiate.
#![allow(non_snake_case, non_upper_case_globals)]
use crate::harness::*;
use typetree_autodiff::autodiff_reverse;

const N: usize = 32;
const xmin: f64 = 0.;
const xmax: f64 = 1.;
const ymin: f64 = 0.;
const ymax: f64 = 1.;

#[inline(always)]
fn range(min: f64, max: f64, i: usize, N_var: usize) -> f64 {
    (max - min) / (N_var as f64 - 1.) * i as f64 + min
}

fn brusselator_f(x: f64, y: f64, t: f64) -> f64 {
    let eq1 = (x - 0.3) * (x - 0.3) + (y - 0.6) * (y - 0.6) <= 0.1 * 0.1;
    let eq2 = t >= 1.1;
    if eq1 && eq2 {
        5.0
    } else {
        0.0
    }
}

unsafe fn init_brusselator(u: *mut f64, v: *mut f64) {
    for i in 0..N {
        for j in 0..N {
            let x = range(xmin, xmax, i, N);
            let y = range(ymin, ymax, j, N);
            *u.add(N * i + j) = 22.0 * (y * (1.0 - y)) * (y * (1.0 - y)).sqrt();
            *v.add(N * i + j) = 27.0 * (x * (1.0 - x)) * (x * (1.0 - x)).sqrt();
        }
    }
}

#[autodiff_reverse(dbrusselator_2d_loop_unsf, Duplicated, Duplicated, Duplicated, Duplicated, Duplicated, Const)]
pub unsafe fn brusselator_2d_loop_unsf(
    d_u: *mut f64,
    d_v: *mut f64,
    u: *const f64,
    v: *const f64,
    p: *const f64,
    t: f64,
) {
    let A = *p.add(0);
    let B = *p.add(1);
    let alpha = *p.add(2);
    let dx = 1. / (N - 1) as f64;
    let alpha = alpha / (dx * dx);
    for i in 0..N {
        for j in 0..N {
            let x = range(xmin, xmax, i, N);
            let y = range(ymin, ymax, j, N);
            let ip1 = if i == N - 1 { i } else { i + 1 };
            let im1 = if i == 0 { i } else { i - 1 };
            let jp1 = if j == N - 1 { j } else { j + 1 };
            let jm1 = if j == 0 { j } else { j - 1 };
            let u2v = *u.add(N * i + j) * *u.add(N * i + j) * *v.add(N * i + j);
            *d_u.add(N * i + j) = alpha
                * (*u.add(N * im1 + j)
                    + *u.add(N * ip1 + j)
                    + *u.add(N * i + jp1)
                    + *u.add(N * i + jm1)
                    - 4. * *u.add(N * i + j))
                + B
                + u2v
                - (A + 1.) * *u.add(N * i + j)
                + brusselator_f(x, y, t);
            *d_v.add(N * i + j) = alpha
                * (*v.add(N * im1 + j)
                    + *v.add(N * ip1 + j)
                    + *v.add(N * i + jp1)
                    + *v.add(N * i + jm1)
                    - 4. * *v.add(N * i + j))
                + A * *u.add(N * i + j)
                - u2v;
        }
    }
}

#[derive(Clone, Debug)]
struct State {
    u: [f64; N * N],
    v: [f64; N * N],
    p: [f64; 3],
}
params!(State, u, v, p);

/// Seeds of the two outputs' shadows.
fn seed(i: usize, k: usize) -> f64 {
    ((i * (37 + k) % 101) as f64) / 50.0 - 1.0
}

pub fn run() -> Result<(), String> {
    let mut s = State { u: [0.; N * N], v: [0.; N * N], p: [3.4, 1., 10.] };
    unsafe { init_brusselator(s.u.as_mut_ptr(), s.v.as_mut_ptr()) };
    let t = 2.1;
    reverse("dbrusselator_2d_loop_unsf", &s, |s| {
        let (mut du, mut dv) = ([0.; N * N], [0.; N * N]);
        unsafe { brusselator_2d_loop_unsf(du.as_mut_ptr(), dv.as_mut_ptr(), s.u.as_ptr(), s.v.as_ptr(), s.p.as_ptr(), t) };
        (0..N * N).map(|i| seed(i, 0) * du[i] + seed(i, 1) * dv[i]).sum()
    }, |s, d| unsafe {
        let (mut du, mut dv) = ([0.; N * N], [0.; N * N]);
        let mut sdu: [f64; N * N] = std::array::from_fn(|i| seed(i, 0));
        let mut sdv: [f64; N * N] = std::array::from_fn(|i| seed(i, 1));
        dbrusselator_2d_loop_unsf(du.as_mut_ptr(), sdu.as_mut_ptr(), dv.as_mut_ptr(), sdv.as_mut_ptr(),
                                  s.u.as_ptr(), d.u.as_mut_ptr(), s.v.as_ptr(), d.v.as_mut_ptr(),
                                  s.p.as_ptr(), d.p.as_mut_ptr(), t);
    }, TOL)
}
