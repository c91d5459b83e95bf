//! A 5x4 linear map over f32 slices (`&[f32]` in, `&mut [f32]` out, with length asserts) in
//! forward mode three ways: `d_square1` (Dual, Dual) along one direction, `d_square2`
//! (width 4, Dualv: one shadow holding four directions) and `d_square3` (width 4, Dual: four
//! shadows), all giving the same four tangents along the unit vectors.
//! After rust-lang/rust tests/codegen-llvm/autodiff/autodiffv2.rs at commit
//! 8a7762a158fa419d0359306773373d47ab1650fc (MIT OR Apache-2.0). `#[no_mangle]` left out
//! (scalar.rs's `square` has the symbol in this program).
use crate::harness::*;
use typetree_autodiff::autodiff_forward;

#[autodiff_forward(d_square2, 4, Dualv, Dualv)]
#[autodiff_forward(d_square3, 4, Dual, Dual)]
#[autodiff_forward(d_square1, Dual, Dual)]
fn square(x: &[f32], y: &mut [f32]) {
    assert!(x.len() >= 4);
    assert!(y.len() >= 5);
    y[0] = 4.3 * x[0] + 1.2 * x[1] + 3.4 * x[2] + 2.1 * x[3];
    y[1] = 2.3 * x[0] + 4.5 * x[1] + 1.7 * x[2] + 6.4 * x[3];
    y[2] = 1.1 * x[0] + 3.3 * x[1] + 2.5 * x[2] + 4.7 * x[3];
    y[3] = 5.2 * x[0] + 1.4 * x[1] + 2.6 * x[2] + 3.8 * x[3];
    y[4] = 1.0 * x[0] + 2.0 * x[1] + 3.0 * x[2] + 4.0 * x[3];
}

/// The unit vector z_i of R^4.
fn z(i: usize) -> Vec<f32> {
    (0..4).map(|k| if k == i { 1.0 } else { 0.0 }).collect()
}

pub fn run() -> Result<(), String> {
    let x1 = vec![0.0f32, 1.0, 2.0, 3.0];
    let primal = |x: &Vec<f32>, k: usize| {
        let mut y = vec![0.0f32; 5];
        square(x, &mut y);
        y[k] as f64
    };
    // d_square1: one tangent direction per call (the harness's unit tangents).
    for k in 0..5 {
        forward(&format!("d_square1, tangent of y[{}]", k), &x1, |x| primal(x, k), |x, t| {
            let (mut y, mut dy) = (vec![0.0f32; 5], vec![0.0f32; 5]);
            d_square1(x, t, &mut y, &mut dy);
            dy[k] as f64
        }, TOL_F32)?;
    }
    // The want: column i of the Jacobian, from d_square1 (checked above) along z_i.
    let column = |i: usize| {
        let (mut y, mut dy) = (vec![0.0f32; 5], vec![0.0f32; 5]);
        d_square1(&x1, &z(i), &mut y, &mut dy);
        dy
    };
    // d_square2: the four directions in one shadow, lane after lane.
    let bx: Vec<f32> = (0..4).flat_map(z).collect();
    let (mut y, mut by) = (vec![0.0f32; 5], vec![0.0f32; 20]);
    d_square2(&x1, &bx, &mut y, &mut by);
    for i in 0..4 {
        if by[5 * i..5 * i + 5] != column(i)[..] {
            return Err(format!("d_square2 lane {}: {:?}, d_square1 along z{} gives {:?}", i, &by[5 * i..5 * i + 5], i + 1, column(i)));
        }
    }
    // d_square3: four shadows.
    let (mut y, mut b0, mut b1, mut b2, mut b3) =
        (vec![0.0f32; 5], vec![0.0f32; 5], vec![0.0f32; 5], vec![0.0f32; 5], vec![0.0f32; 5]);
    d_square3(&x1, &z(0), &z(1), &z(2), &z(3), &mut y, &mut b0, &mut b1, &mut b2, &mut b3);
    for (i, b) in [b0, b1, b2, b3].iter().enumerate() {
        if *b != column(i) {
            return Err(format!("d_square3 lane {}: {:?}, d_square1 along z{} gives {:?}", i, b, i + 1, column(i)));
        }
    }
    if primal(&x1, 4) != y[4] as f64 {
        return Err(format!("d_square3 wrote y = {:?}", y));
    }
    Ok(())
}
