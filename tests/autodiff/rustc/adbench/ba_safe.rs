//! ADBench's bundle adjustment in safe Rust: one observation's reprojection error (Rodrigues
//! rotation, projection, radial distortion over `&[f64; 11]` cameras and slices of them),
//! and the weight error `1 - w^2`, both in reverse mode.
//! After rust-lang/rust tests/ui/autodiff/adbench/ba/src/safe.rs at commit
//! bccc40ebc2740af29bdcbb17eb5fac87a4d318bb, with `compute_zach_weight_error` from
//! tests/ui/autodiff/adbench/ba/src/lib.rs at commit c0e97e0764b2fd69f4e8bf9fac0c89e6acc19da6
//! (MIT OR Apache-2.0). The shadow of the output err holds the seed. Upstream's unused `use
//! std::convert::TryInto` is left out, and so are the objective over all observations
//! (`rust_ba_objective`), which upstream does not differentiate, and the C entry points.
#![allow(non_snake_case)]
use crate::harness::*;
use typetree_autodiff::autodiff_reverse;

#[autodiff_reverse(dcompute_zach_weight_error, Duplicated, Duplicated)]
pub fn compute_zach_weight_error(w: *const f64, err: *mut f64) {
    let w = unsafe { *w };
    unsafe {
        *err = 1. - w * w;
    }
}

fn sqsum(x: &[f64]) -> f64 {
    x.iter().map(|&v| v * v).sum()
}

#[inline]
fn cross(a: &[f64; 3], b: &[f64; 3]) -> [f64; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

fn radial_distort(rad_params: &[f64], proj: &mut [f64]) {
    let rsq = sqsum(proj);
    let l = 1. + rad_params[0] * rsq + rad_params[1] * rsq * rsq;
    proj[0] = proj[0] * l;
    proj[1] = proj[1] * l;
}

fn rodrigues_rotate_point(rot: &[f64; 3], pt: &[f64; 3], rotated_pt: &mut [f64; 3]) {
    let sqtheta = sqsum(rot);
    if sqtheta != 0. {
        let theta = sqtheta.sqrt();
        let costheta = theta.cos();
        let sintheta = theta.sin();
        let theta_inverse = 1. / theta;
        let mut w = [0.; 3];
        for i in 0..3 {
            w[i] = rot[i] * theta_inverse;
        }
        let w_cross_pt = cross(&w, &pt);
        let tmp = (w[0] * pt[0] + w[1] * pt[1] + w[2] * pt[2]) * (1. - costheta);
        for i in 0..3 {
            rotated_pt[i] = pt[i] * costheta + w_cross_pt[i] * sintheta + w[i] * tmp;
        }
    } else {
        let rot_cross_pt = cross(&rot, &pt);
        for i in 0..3 {
            rotated_pt[i] = pt[i] + rot_cross_pt[i];
        }
    }
}

fn project(cam: &[f64; 11], X: &[f64; 3], proj: &mut [f64; 2]) {
    let C = &cam[3..6];
    let mut Xo = [0.; 3];
    let mut Xcam = [0.; 3];

    Xo[0] = X[0] - C[0];
    Xo[1] = X[1] - C[1];
    Xo[2] = X[2] - C[2];

    rodrigues_rotate_point(cam.first_chunk::<3>().unwrap(), &Xo, &mut Xcam);

    proj[0] = Xcam[0] / Xcam[2];
    proj[1] = Xcam[1] / Xcam[2];

    radial_distort(&cam[9..], proj);

    proj[0] = proj[0] * cam[6] + cam[7];
    proj[1] = proj[1] * cam[6] + cam[8];
}

#[autodiff_reverse(dcompute_reproj_error, Duplicated, Duplicated, Duplicated, Const, DuplicatedOnly)]
pub fn compute_reproj_error(
    cam: *const [f64; 11],
    x: *const [f64; 3],
    w: *const [f64; 1],
    feat: *const [f64; 2],
    err: *mut [f64; 2],
) {
    let cam = unsafe { &*cam };
    let w = unsafe { *(*w).get_unchecked(0) };
    let x = unsafe { &*x };
    let feat = unsafe { &*feat };
    let err = unsafe { &mut *err };
    let mut proj = [0.; 2];
    project(cam, x, &mut proj);
    err[0] = w * (proj[0] - feat[0]);
    err[1] = w * (proj[1] - feat[1]);
}

#[derive(Clone, Debug)]
struct Obs {
    cam: [f64; 11],
    x: [f64; 3],
    w: [f64; 1],
    feat: [f64; 2], // constant
}
params!(Obs, cam, x, w);

/// Seed of the two reprojection errors' shadow.
const SEED: [f64; 2] = [1.0, -2.5];

pub fn run() -> Result<(), String> {
    // [r1 r2 r3 C1 C2 C3 f u0 v0 k1 k2]: rotated (the sqtheta != 0 branch), in front of the point
    let obs = Obs {
        cam: [0.1, -0.2, 0.3, 0.5, -0.3, -4.0, 2.0, 0.1, -0.2, 0.01, -0.002],
        x: [0.2, 0.4, 3.0],
        w: [0.8],
        feat: [0.3, -0.1],
    };
    reverse("dcompute_reproj_error", &obs, |o| {
        let mut err = [0.0; 2];
        compute_reproj_error(&o.cam, &o.x, &o.w, &o.feat, &mut err);
        SEED[0] * err[0] + SEED[1] * err[1]
    }, |o, d| unsafe {
        let (mut err, mut derr) = ([0.0f64; 2], SEED);
        dcompute_reproj_error(&o.cam, &mut d.cam, &o.x, &mut d.x, &o.w, &mut d.w, &o.feat, &mut err, &mut derr);
    }, TOL)?;
    reverse("dcompute_zach_weight_error", &0.8, |w| {
        let mut err = 0.0;
        compute_zach_weight_error(w, &mut err);
        err
    }, |w, dw| {
        let (mut err, mut derr) = (0.0f64, 1.0f64);
        dcompute_zach_weight_error(w, dw, &mut err, &mut derr);
    }, TOL)
}
