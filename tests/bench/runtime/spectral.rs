// Run-time benchmark: spectral norm (closures, f64 reductions, Vec temporaries).
fn a(i: usize, j: usize) -> f64 { 1.0 / (((i + j) * (i + j + 1) / 2 + i + 1) as f64) }
fn mul_av(v: &[f64], out: &mut [f64]) {
    for (i, o) in out.iter_mut().enumerate() { *o = v.iter().enumerate().map(|(j, x)| a(i, j) * x).sum(); }
}
fn mul_atv(v: &[f64], out: &mut [f64]) {
    for (i, o) in out.iter_mut().enumerate() { *o = v.iter().enumerate().map(|(j, x)| a(j, i) * x).sum(); }
}
fn main() {
    let n = 700;
    let mut u = vec![1.0; n];
    let mut v = vec![0.0; n];
    let mut t = vec![0.0; n];
    for _ in 0..10 {
        mul_av(&u, &mut t); mul_atv(&t, &mut v);
        mul_av(&v, &mut t); mul_atv(&t, &mut u);
    }
    let vbv: f64 = u.iter().zip(&v).map(|(a, b)| a * b).sum();
    let vv: f64 = v.iter().map(|x| x * x).sum();
    println!("{:.9}", (vbv / vv).sqrt());
}
