//! Gradient-heavy kernels for tests/bench/bench_strong_zero.sh: each differentiated in
//! reverse mode through Enzyme's C interface, many times, the gradients summed into a
//! checksum the two builds compared must print alike.
//!   kernels ITERATIONS [KERNELS]   (KERNELS: any of m, e, p: the perceptron, the energy,
//!                                   the polynomial; default all three)
use std::hint::black_box;

extern "C" {
    fn __enzyme_autodiff(f: usize, ...) -> f64;
}
#[no_mangle]
pub static enzyme_dup: u8 = 0;
#[no_mangle]
pub static enzyme_const: u8 = 0;

/// A two-layer perceptron's squared error: tanh hidden layer, linear output.
#[inline(never)]
fn mlp(w: &[f64], x: &[f64], target: f64) -> f64 {
    const H: usize = 32;
    let n = x.len();
    let mut out = 0.0;
    for h in 0..H {
        let mut a = w[h * (n + 1) + n];
        for i in 0..n {
            a += w[h * (n + 1) + i] * x[i];
        }
        out += w[H * (n + 1) + h] * a.tanh();
    }
    let e = out - target;
    e * e
}

#[inline(never)]
fn mlp_top(w: *const f64, nw: usize, x: *const f64, nx: usize) -> f64 {
    unsafe { mlp(std::slice::from_raw_parts(w, nw), std::slice::from_raw_parts(x, nx), 0.5) }
}

/// Pairwise potential energy of particles (positions x, y, z interleaved).
#[inline(never)]
fn energy(p: &[f64]) -> f64 {
    let n = p.len() / 3;
    let mut e = 0.0;
    for i in 0..n {
        for j in i + 1..n {
            let dx = p[3 * i] - p[3 * j];
            let dy = p[3 * i + 1] - p[3 * j + 1];
            let dz = p[3 * i + 2] - p[3 * j + 2];
            let r2 = dx * dx + dy * dy + dz * dz + 0.01;
            e += 1.0 / r2.sqrt() - 0.5 / r2;
        }
    }
    e
}

#[inline(never)]
fn energy_top(p: *const f64, n: usize) -> f64 {
    unsafe { energy(std::slice::from_raw_parts(p, n)) }
}

/// A polynomial recurrence with branches (Horner's rule over clamped coefficients).
#[inline(never)]
fn poly(c: &[f64], x: f64) -> f64 {
    let mut acc = 0.0;
    for &k in c.iter().rev() {
        let k = if k > 1.0 { 1.0 + (k - 1.0) * 0.5 } else { k };
        acc = acc * x + k;
        if acc > 10.0 {
            acc = 10.0 + (acc - 10.0).ln_1p();
        }
    }
    acc * acc
}

#[inline(never)]
fn poly_top(c: *const f64, n: usize) -> f64 {
    unsafe { poly(std::slice::from_raw_parts(c, n), 0.9) }
}

fn main() {
    let iters: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(200);
    let which = std::env::args().nth(2).unwrap_or_else(|| "mep".to_string());
    let nx = 16;
    let w: Vec<f64> = (0..32 * (nx + 1) + 32).map(|i| ((i * 37 % 101) as f64) / 200.0 - 0.25).collect();
    let x: Vec<f64> = (0..nx).map(|i| (i as f64) / 10.0 - 0.7).collect();
    let p: Vec<f64> = (0..3 * 48).map(|i| ((i * 53 % 97) as f64) / 17.0).collect();
    let c: Vec<f64> = (0..64).map(|i| ((i * 29 % 41) as f64) / 20.0 - 0.3).collect();
    let (mut dw, mut dp, mut dc) = (vec![0.0; w.len()], vec![0.0; p.len()], vec![0.0; c.len()]);
    let mut sum = 0.0;
    for _ in 0..iters {
        dw.iter_mut().for_each(|v| *v = 0.0);
        dp.iter_mut().for_each(|v| *v = 0.0);
        dc.iter_mut().for_each(|v| *v = 0.0);
        unsafe {
            if which.contains('m') {
                __enzyme_autodiff(mlp_top as usize, &enzyme_dup, black_box(w.as_ptr()), dw.as_mut_ptr(),
                                  &enzyme_const, w.len(), &enzyme_const, x.as_ptr(), &enzyme_const, x.len());
            }
            if which.contains('e') {
                __enzyme_autodiff(energy_top as usize, &enzyme_dup, black_box(p.as_ptr()), dp.as_mut_ptr(),
                                  &enzyme_const, p.len());
            }
            if which.contains('p') {
                __enzyme_autodiff(poly_top as usize, &enzyme_dup, black_box(c.as_ptr()), dc.as_mut_ptr(),
                                  &enzyme_const, c.len());
            }
        }
        sum += dw.iter().sum::<f64>() + dp.iter().sum::<f64>() + dc.iter().sum::<f64>();
    }
    println!("{:.12e}", sum);
}
