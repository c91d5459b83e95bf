// Run-time benchmark: dense matrix products over Vec<f64> with iterators.
fn matmul(a: &[f64], b: &[f64], c: &mut [f64], n: usize) {
    for i in 0..n {
        for k in 0..n {
            let aik = a[i * n + k];
            for (cj, bj) in c[i * n..(i + 1) * n].iter_mut().zip(&b[k * n..(k + 1) * n]) {
                *cj += aik * bj;
            }
        }
    }
}

fn main() {
    let n = 220;
    let a: Vec<f64> = (0..n * n).map(|i| ((i * 7 % 13) as f64) * 0.1).collect();
    let b: Vec<f64> = (0..n * n).map(|i| ((i * 5 % 11) as f64) * 0.2).collect();
    let mut c = vec![0.0; n * n];
    for _ in 0..12 { matmul(&a, &b, &mut c, n); }
    println!("{:.9e}", c.iter().sum::<f64>());
}
