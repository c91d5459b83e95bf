//! ADBench's bundle adjustment over raw pointers: one observation's reprojection error
//! (Rodrigues rotation, projection, radial distortion through `*const f64` offsets), reverse
//! mode.
//! After rust-lang/rust tests/ui/autodiff/adbench/ba/src/unsafe.rs at commit
//! 1fb0a0b69cc87ff239b1f49a2376072e13e5468d (MIT OR Apache-2.0). The shadow of the output err
//! holds the seed. The weight error is in ba_safe; the objective over all observations (not
//! differentiated upstream) and the C entry points are left out.
#![allow(non_snake_case)]
use crate::harness::*;
use typetree_autodiff::autodiff_reverse;

unsafe fn sqsum(x: *const f64, n: usize) -> f64 {
    let mut sum = 0.;
    for i in 0..n {
        let v = unsafe { *x.add(i) };
        sum += v * v;
    }
    sum
}

#[inline]
unsafe fn cross(a: *const f64, b: *const f64, out: *mut f64) {
    *out.add(0) = *a.add(1) * *b.add(2) - *a.add(2) * *b.add(1);
    *out.add(1) = *a.add(2) * *b.add(0) - *a.add(0) * *b.add(2);
    *out.add(2) = *a.add(0) * *b.add(1) - *a.add(1) * *b.add(0);
}

unsafe fn radial_distort(rad_params: *const f64, proj: *mut f64) {
    let rsq = sqsum(proj, 2);
    let l = 1. + *rad_params.add(0) * rsq + *rad_params.add(1) * rsq * rsq;
    *proj.add(0) = *proj.add(0) * l;
    *proj.add(1) = *proj.add(1) * l;
}

unsafe fn rodrigues_rotate_point(rot: *const f64, pt: *const f64, rotated_pt: *mut f64) {
    let sqtheta = sqsum(rot, 3);
    if sqtheta != 0. {
        let theta = sqtheta.sqrt();
        let costheta = theta.cos();
        let sintheta = theta.sin();
        let theta_inverse = 1. / theta;
        let mut w = [0.; 3];
        for i in 0..3 {
            w[i] = *rot.add(i) * theta_inverse;
        }
        let mut w_cross_pt = [0.; 3];
        cross(w.as_ptr(), pt, w_cross_pt.as_mut_ptr());
        let tmp = (w[0] * *pt.add(0) + w[1] * *pt.add(1) + w[2] * *pt.add(2)) * (1. - costheta);
        for i in 0..3 {
            *rotated_pt.add(i) = *pt.add(i) * costheta + w_cross_pt[i] * sintheta + w[i] * tmp;
        }
    } else {
        let mut rot_cross_pt = [0.; 3];
        cross(rot, pt, rot_cross_pt.as_mut_ptr());
        for i in 0..3 {
            *rotated_pt.add(i) = *pt.add(i) + rot_cross_pt[i];
        }
    }
}

unsafe fn project(cam: *const f64, X: *const f64, proj: *mut f64) {
    let C = cam.add(3);
    let mut Xo = [0.; 3];
    let mut Xcam = [0.; 3];

    Xo[0] = *X.add(0) - *C.add(0);
    Xo[1] = *X.add(1) - *C.add(1);
    Xo[2] = *X.add(2) - *C.add(2);

    rodrigues_rotate_point(cam, Xo.as_ptr(), Xcam.as_mut_ptr());

    *proj.add(0) = Xcam[0] / Xcam[2];
    *proj.add(1) = Xcam[1] / Xcam[2];

    radial_distort(cam.add(9), proj);
    *proj.add(0) = *proj.add(0) * *cam.add(6) + *cam.add(7);
    *proj.add(1) = *proj.add(1) * *cam.add(6) + *cam.add(8);
}

#[autodiff_reverse(dcompute_reproj_error, Duplicated, Duplicated, Duplicated, Const, DuplicatedOnly)]
pub unsafe fn compute_reproj_error(
    cam: *const f64,
    x: *const f64,
    w: *const f64,
    feat: *const f64,
    err: *mut f64,
) {
    let mut proj = [0.; 2];
    project(cam, x, proj.as_mut_ptr());
    *err.add(0) = *w * (proj[0] - *feat.add(0));
    *err.add(1) = *w * (proj[1] - *feat.add(1));
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
        unsafe { compute_reproj_error(o.cam.as_ptr(), o.x.as_ptr(), o.w.as_ptr(), o.feat.as_ptr(), err.as_mut_ptr()) };
        SEED[0] * err[0] + SEED[1] * err[1]
    }, |o, d| unsafe {
        let (mut err, mut derr) = ([0.0f64; 2], SEED);
        dcompute_reproj_error(o.cam.as_ptr(), d.cam.as_mut_ptr(), o.x.as_ptr(), d.x.as_mut_ptr(), o.w.as_ptr(),
                              d.w.as_mut_ptr(), o.feat.as_ptr(), err.as_mut_ptr(), derr.as_mut_ptr());
    }, TOL)
}
