//! Two Active f32 arguments and an Active f64 result, `(x * x * y) as f64`: the derivative
//! returns `(f64, f32, f32)`, which rustc returns through an sret buffer.
//! After rust-lang/rust tests/codegen-llvm/autodiff/sret.rs at commit
//! 68df0653056afea2ebccb91367817e50b5be4df2 (MIT OR Apache-2.0): `df(x, y, 1.0)`.
use crate::harness::*;
use typetree_autodiff::autodiff_reverse;

#[autodiff_reverse(df, Active, Active, Active)]
#[no_mangle]
#[inline(never)]
fn primal(x: f32, y: f32) -> f64 {
    (x * x * y) as f64
}

pub fn run() -> Result<(), String> {
    let p = [3.0f32, 2.5];
    let mut y = 0.0;
    reverse("df", &p, |p| primal(p[0], p[1]), |p, d| {
        let (r, dx, dy) = df(p[0], p[1], 1.0);
        y = r;
        *d = [dx, dy];
    }, TOL_F32)?;
    if y != primal(p[0], p[1]) {
        return Err(format!("df returned {} as the primal, primal gives {}", y, primal(p[0], p[1])));
    }
    Ok(())
}
