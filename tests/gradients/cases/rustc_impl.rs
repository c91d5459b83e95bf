//! A method `objective(&self, x: &[f64], out: &mut f64)` writing `a + sqrt(x[0]) * b`:
//! reverse mode with self, x and the output all duplicated (rustc's impl program).
//! Translated from rust-lang/rust tests/codegen-llvm/autodiff/impl.rs at commit 053c8a0b5f857d9fe2e22ed729ebbd8c2853b344 (MIT OR Apache-2.0).
//! `#[autodiff_reverse(d_objective, Duplicated, Duplicated, Duplicated)]` becomes
//! __enzyme_autodiff with self dup, the slice's pointer dup and its length const, and out dup
//! with its shadow seeded 1.0 (upstream's dout). `Debug` derived for the harness.
use crate::harness::*;

#[derive(Clone, Debug)]
struct OptProblem {
    a: f64,
    b: f64,
}
params!(OptProblem, a, b);

impl OptProblem {
    #[inline(never)]
    fn objective(&self, x: &[f64], out: &mut f64) {
        *out = self.a + x[0].sqrt() * self.b
    }
}

#[inline(never)]
fn top(p: *const OptProblem, x: *const f64, n: usize, out: *mut f64) {
    unsafe { (&*p).objective(std::slice::from_raw_parts(x, n), &mut *out) }
}

pub fn run() -> Result<(), String> {
    let input = (OptProblem { a: 1., b: 2. }, [2.0]);
    reverse("reverse", &input, |(p, x)| {
        let mut out = 0.0;
        p.objective(x, &mut out);
        out
    }, |(p, x), (dp, dx)| unsafe {
        let (mut out, mut dout) = (0.0f64, 1.0f64);
        __enzyme_autodiff(top as usize, dup(), p, dp, dup(), x.as_ptr(), dx.as_mut_ptr(), cnst(), x.len(),
                          dup(), &mut out, &mut dout);
    }, TOL)
}
