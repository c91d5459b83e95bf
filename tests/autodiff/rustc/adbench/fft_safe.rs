//! ADBench's FFT in safe Rust: an in-place radix-2 FFT then inverse FFT over `&mut [f64]`
//! (bit-reversal swaps, `split_at_mut` recursion, `as_chunks_mut` zipped pairs), reverse
//! mode of the round trip.
//! After rust-lang/rust tests/ui/autodiff/adbench/fft/src/safe.rs at commit
//! a81ca33e56c2dfba5c4af05bdef1c2a28c463a8c, crate attributes from
//! tests/ui/autodiff/adbench/fft/src/lib.rs at commit 1fb0a0b69cc87ff239b1f49a2376072e13e5468d
//! (MIT OR Apache-2.0); lib.rs's `slice_swap_unchecked` feature is left out: it serves only
//! code commented out. dfoobar gets the slice of n complex numbers upstream's `rust_dfoobar`
//! builds; data's shadow holds the seed and receives the gradient. foobar overwrites its
//! input by design, so the call gets a copy (inputs "unchanged" is then vacuous). The C entry
//! points are left out.
use crate::harness::*;
use std::f64::consts::PI;
use typetree_autodiff::autodiff_reverse;

fn bitreversal_perm<T>(data: &mut [T]) {
    let len = data.len() / 2;
    let mut j = 1;

    for i in (1..data.len()).step_by(2) {
        if j > i {
            //dbg!(&i, &j);
            data.swap(j - 1, i - 1);
            data.swap(j, i);
            //unsafe {
            //    data.swap_unchecked(j - 1, i - 1);
            //    data.swap_unchecked(j, i);
            //}
        }

        let mut m = len;
        while m >= 2 && j > m {
            j -= m;
            m >>= 1;
        }

        j += m;
    }
}

fn radix2(data: &mut [f64], i_sign: i32) {
    let n = data.len() / 2;
    if n == 1 {
        return;
    }

    let (a, b) = data.split_at_mut(n);
    // assert_eq!(a.len(), b.len());
    radix2(a, i_sign);
    radix2(b, i_sign);

    let wtemp = i_sign as f64 * (PI / n as f64).sin();
    let wpi = -i_sign as f64 * (2.0 * (PI / n as f64)).sin();
    let wpr = -2.0 * wtemp * wtemp;
    let mut wr = 1.0;
    let mut wi = 0.0;

    let (achunks, _) = a.as_chunks_mut();
    let (bchunks, _) = b.as_chunks_mut();
    for ([ax, ay], [bx, by]) in achunks.iter_mut().zip(bchunks.iter_mut()) {
        let tempr = *bx * wr - *by * wi;
        let tempi = *bx * wi + *by * wr;

        *bx = *ax - tempr;
        *by = *ay - tempi;
        *ax += tempr;
        *ay += tempi;

        let wtemp_new = wr;
        wr = wr * (wpr + 1.0) - wi * wpi;
        wi = wi * (wpr + 1.0) + wtemp_new * wpi;
    }
}

fn rescale(data: &mut [f64], scale: usize) {
    let scale = 1. / scale as f64;
    for elm in data {
        *elm *= scale;
    }
}

fn fft(data: &mut [f64]) {
    bitreversal_perm(data);
    radix2(data, 1);
}

fn ifft(data: &mut [f64]) {
    bitreversal_perm(data);
    radix2(data, -1);
    rescale(data, data.len() / 2);
}

#[autodiff_reverse(dfoobar, DuplicatedOnly)]
pub fn foobar(data: &mut [f64]) {
    fft(data);
    ifft(data);
}

const N: usize = 8; // complex numbers: 16 f64

fn seed(i: usize) -> f64 {
    1.0 + 0.25 * i as f64 - 0.1 * (i * i % 7) as f64
}

pub fn run() -> Result<(), String> {
    let data: Vec<f64> = (0..2 * N).map(|i| ((i * 7 % 11) as f64) * 0.3 - 1.0).collect();
    reverse("dfoobar", &data, |x| {
        let mut y = x.clone();
        foobar(&mut y);
        y.iter().enumerate().map(|(i, v)| seed(i) * v).sum()
    }, |x, d| unsafe {
        let mut work = x.clone();
        for (i, s) in d.iter_mut().enumerate() {
            *s = seed(i);
        }
        dfoobar(&mut work, d);
    }, TOL)
}
