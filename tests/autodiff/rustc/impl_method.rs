//! A method `objective(&self, x: &[f64], out: &mut f64)` writing `a + sqrt(x[0]) * b`:
//! reverse mode with self, x and the output all Duplicated.
//! After rust-lang/rust tests/codegen-llvm/autodiff/impl.rs at commit
//! 053c8a0b5f857d9fe2e22ed729ebbd8c2853b344 (MIT OR Apache-2.0): `d_objective` generated
//! beside the method in the `impl`, its output's shadow seeded 1.0 (upstream's dout).
//! `Clone, Debug` derived for the checks.
use crate::harness::*;
use typetree_autodiff::autodiff_reverse;

#[derive(Clone, Debug)]
struct OptProblem {
    a: f64,
    b: f64,
}
params!(OptProblem, a, b);

impl OptProblem {
    #[autodiff_reverse(d_objective, Duplicated, Duplicated, Duplicated)]
    fn objective(&self, x: &[f64], out: &mut f64) {
        *out = self.a + x[0].sqrt() * self.b
    }
}

pub fn run() -> Result<(), String> {
    let input = (OptProblem { a: 1., b: 2. }, [2.0]);
    reverse("d_objective", &input, |(p, x)| {
        let mut out = 0.0;
        p.objective(x, &mut out);
        out
    }, |(p, x), (dp, dx)| {
        let (mut out, mut dout) = (0.0f64, 1.0f64);
        p.d_objective(dp, x, dx, &mut out, &mut dout);
    }, TOL)
}
