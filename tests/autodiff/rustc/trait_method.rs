//! A trait method `f(&self, x: f64) -> f64` declared with the attribute, self Const and x
//! Active: its derivative `df` is a default method of the trait, which the impl's `f`
//! fills in.
//! After rust-lang/rust tests/codegen-llvm/autodiff/trait.rs at commit
//! 27855c4c21b93acfe2dff9c9a7a9b95f5b34129c (MIT OR Apache-2.0). Checked at upstream's
//! x = 1 (where the derivative is 0) and at x = 2.5. `Debug` derived.
use crate::harness::*;
use typetree_autodiff::autodiff_reverse;

#[derive(Debug)]
struct Foo {
    a: f64,
}

trait MyTrait {
    #[autodiff_reverse(df, Const, Active, Active)]
    fn f(&self, x: f64) -> f64;
}

impl MyTrait for Foo {
    fn f(&self, x: f64) -> f64 {
        self.a * 0.25 * (x * x - 1.0 - 2.0 * x.ln())
    }
}

pub fn run() -> Result<(), String> {
    let foo = Foo { a: 3.0f64 };
    for x in [1.0, 2.5] {
        let before = format!("{:?}", foo);
        let (y, g) = foo.df(x, 1.0);
        if format!("{:?}", foo) != before {
            return Err(format!("df: primal input changed by the call: before {} after {:?}", before, foo));
        }
        if y != foo.f(x) {
            return Err(format!("df returned {} as the primal, f gives {}", y, foo.f(x)));
        }
        scalar(&format!("df at {}", x), g, |v| foo.f(v), x, TOL)?;
    }
    Ok(())
}
