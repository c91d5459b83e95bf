//! `square(x: &f32) -> f32 { x * x }` in forward mode three ways, three attributes on one
//! function: `d_square3` (Dual, DualOnly: the tangent alone), `d_square2` (width 4, Dual,
//! DualOnly: four tangents) and `d_square1` (width 4, Dual, Dual: the primal and four
//! tangents).
//! After rust-lang/rust tests/codegen-llvm/autodiff/batched.rs at commit
//! 026270a78defcc023deb607a840f29d0753aba1a (MIT OR Apache-2.0), at its tangents 1, 2, 3, 0.
//! `#[no_mangle]` left out: scalar.rs's `square` has the symbol in this program.
use crate::harness::*;
use typetree_autodiff::autodiff_forward;

#[autodiff_forward(d_square3, Dual, DualOnly)]
#[autodiff_forward(d_square2, 4, Dual, DualOnly)]
#[autodiff_forward(d_square1, 4, Dual, Dual)]
#[inline(never)]
fn square(x: &f32) -> f32 {
    x * x
}

pub fn run() -> Result<(), String> {
    let x = 3.0f32;
    forward("d_square3", &x, |x| square(x) as f64, |x, t| d_square3(x, t) as f64, TOL_F32)?;
    let seeds = [1.0f32, 2.0, 3.0, 0.0];
    let lanes2 = d_square2(&x, &seeds[0], &seeds[1], &seeds[2], &seeds[3]);
    let lanes1 = d_square1(&x, &seeds[0], &seeds[1], &seeds[2], &seeds[3]);
    if lanes1[0] != square(&x) {
        return Err(format!("d_square1 returned {} as the primal, square gives {}", lanes1[0], square(&x)));
    }
    for (k, s) in seeds.iter().enumerate() {
        let f = |v: f64| *s as f64 * square(&(v as f32)) as f64;
        scalar(&format!("d_square2 lane {}", k), lanes2[k] as f64, f, x as f64, TOL_F32)?;
        scalar(&format!("d_square1 lane {}", k), lanes1[k + 1] as f64, f, x as f64, TOL_F32)?;
    }
    Ok(())
}
