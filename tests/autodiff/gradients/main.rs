// The autodiff macros' gradient program (tests/autodiff/gradients.sh builds it through
// tools/cargo-autodiff at -O0..-O3): every activity the macros lower, each derivative checked
// against central finite differences of the original function, printed as [PASS]/[FAIL]
// lines and a closing "N passed, N failed".
#![allow(clippy::all)]

mod forward;
mod higher;
mod reports;
mod reverse;

/// The derivative of f at x by the five-point stencil (error O(h^4)); h = 1e-3 max(1, |x|).
pub fn fd(f: &dyn Fn(f64) -> f64, x: f64) -> f64 {
    let h = 1e-3 * x.abs().max(1.0);
    (-f(x + 2.0 * h) + 8.0 * f(x + h) - 8.0 * f(x - h) + f(x - 2.0 * h)) / (12.0 * h)
}

/// Finite differences of f along each element of x.
pub fn fd_grad(f: &dyn Fn(&[f64]) -> f64, x: &[f64]) -> Vec<f64> {
    (0..x.len())
        .map(|i| {
            fd(
                &|v| {
                    let mut y = x.to_vec();
                    y[i] = v;
                    f(&y)
                },
                x[i],
            )
        })
        .collect()
}

pub struct Tally {
    passed: usize,
    failed: usize,
}

impl Tally {
    /// Compares derivatives with finite differences: |g - fd| / max(1, |fd|) <= tol.
    pub fn close(&mut self, what: &str, got: &[f64], want: &[f64], tol: f64) {
        let bad = got.len() != want.len()
            || got.iter().zip(want).any(|(g, w)| !((g - w).abs() / w.abs().max(1.0) <= tol));
        if bad {
            self.failed += 1;
            println!("[FAIL] {} -- got {:?}, want {:?}", what, got, want);
        } else {
            self.passed += 1;
            println!("[PASS] {}", what);
        }
    }

    pub fn check(&mut self, what: &str, ok: bool, detail: String) {
        if ok {
            self.passed += 1;
            println!("[PASS] {}", what);
        } else {
            self.failed += 1;
            println!("[FAIL] {} -- {}", what, detail);
        }
    }
}

fn main() {
    let mut t = Tally { passed: 0, failed: 0 };
    reverse::run(&mut t);
    forward::run(&mut t);
    higher::run(&mut t);
    reports::run(&mut t);
    println!("{} passed, {} failed", t.passed, t.failed);
    std::process::exit(if t.failed == 0 { 0 } else { 1 });
}
