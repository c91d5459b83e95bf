//! A trait method `f(&self, x: f64) -> f64` with `self` constant and x active, its
//! derivative a method `df` of the same trait (rustc's trait program).
//! Translated from rust-lang/rust tests/codegen-llvm/autodiff/trait.rs at commit 27855c4c21b93acfe2dff9c9a7a9b95f5b34129c (MIT OR Apache-2.0).
//! `#[autodiff_reverse(df, Const, Active, Active)]` generated `df`; here `df` is written out
//! with __enzyme_autodiff on a wrapper calling `f` (self const, x active, the result's seed
//! 1.0, times upstream's `seed`), returning (primal, derivative) as the generated one does.
//! Checked at upstream's x = 1 (where the derivative is 0) and at x = 2.5. `Debug` derived.
use crate::harness::*;

#[derive(Debug)]
struct Foo {
    a: f64,
}

trait MyTrait {
    fn f(&self, x: f64) -> f64;
    fn df(&self, x: f64, seed: f64) -> (f64, f64);
}

impl MyTrait for Foo {
    #[inline(never)]
    fn f(&self, x: f64) -> f64 {
        self.a * 0.25 * (x * x - 1.0 - 2.0 * x.ln())
    }

    fn df(&self, x: f64, seed: f64) -> (f64, f64) {
        let dx = unsafe { __enzyme_autodiff(top as usize, cnst(), self as *const Foo, out(), x) };
        (self.f(x), seed * dx)
    }
}

#[inline(never)]
fn top(foo: *const Foo, x: f64) -> f64 {
    unsafe { (*foo).f(x) }
}

pub fn run() -> Result<(), String> {
    let foo = Foo { a: 3.0f64 };
    for x in [1.0, 2.5] {
        let before = format!("{:?}", foo);
        let (_, g) = foo.df(x, 1.0);
        if format!("{:?}", foo) != before {
            return Err(format!("df: primal input changed by the call: before {} after {:?}", before, foo));
        }
        scalar(&format!("df at {}", x), g, |v| foo.f(v), x, TOL)?;
    }
    Ok(())
}
