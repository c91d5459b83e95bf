// Iterator and windows() code over arrays: the function's three array references are described (rustc's iter).
#[no_mangle]
#[inline(never)]
pub fn f(x: &[f64; 3], args: &[f64; 3], y: &mut [f64; 2]) {
    let s: f64 = x.iter().zip(args.iter()).map(|(a, b)| a * b).sum();
    for (i, w) in x.windows(2).enumerate() {
        y[i] = s * (w[0] + w[1]);
    }
}
