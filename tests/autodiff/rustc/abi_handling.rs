//! How rustc's ABI passes f32 arguments Enzyme must see through, forward mode: a
//! `&[f32; 2]`, two references, a tuple, a struct and a nested struct by value (Dual on a
//! value: the tangent is a value of the same type), and a tuple of references.
//! After rust-lang/rust tests/codegen-llvm/autodiff/abi_handling.rs at commit
//! 2408190ee6e558a34b98d2b3b08d8eb0758adf4d (MIT OR Apache-2.0), f1 and f3..f7 with their
//! attributes. Left out: f2, `Const` on a `fn(f32) -> f32` beside an Active f32, which the
//! macros refuse with a compile error (Enzyme takes the call through a constant function
//! pointer for inactive and returns a zero derivative: tests/autodiff/errors/
//! const-fn-pointer.rs, tests/enzyme-bugs/const-fnptr-inactive.ll). Upstream's main prints
//! the results (`dbg!`); here each tangent is checked against finite differences along each
//! input direction. `Debug` derived.
use crate::harness::*;
use typetree_autodiff::autodiff_forward;

#[derive(Copy, Clone, Debug)]
struct Input {
    x: f32,
    y: f32,
}

#[derive(Copy, Clone, Debug)]
struct Wrapper {
    z: f32,
}

#[derive(Copy, Clone, Debug)]
struct NestedInput {
    x: f32,
    y: Wrapper,
}

#[autodiff_forward(df1, Dual, Dual)]
#[inline(never)]
fn f1(x: &[f32; 2]) -> f32 {
    x[0] + x[1]
}

#[autodiff_forward(df3, Dual, Dual, Dual)]
#[inline(never)]
fn f3<'a>(x: &'a f32, y: &'a f32) -> f32 {
    *x * *y
}

#[autodiff_forward(df4, Dual, Dual)]
#[inline(never)]
fn f4(x: (f32, f32)) -> f32 {
    x.0 * x.1
}

#[autodiff_forward(df5, Dual, Dual)]
#[inline(never)]
fn f5(i: Input) -> f32 {
    i.x + i.y
}

#[autodiff_forward(df6, Dual, Dual)]
#[inline(never)]
fn f6(i: NestedInput) -> f32 {
    i.x + i.y.z * i.y.z
}

#[autodiff_forward(df7, Dual, Dual)]
#[inline(never)]
fn f7(x: (&f32, &f32)) -> f32 {
    x.0 * x.1
}

pub fn run() -> Result<(), String> {
    let (x, y, z) = (2.0f32, 3.0f32, 4.0f32);
    let primals = crate::Primals::default();
    forward("df1", &[x, y], |p| f1(p) as f64, |p, t| {
        let (v, d) = df1(p, t);
        primals.tangent("df1", v as f64, f1(p) as f64, d as f64)
    }, TOL_F32)?;
    forward("df3", &(x, y), |p| f3(&p.0, &p.1) as f64, |p, t| {
        let (v, d) = df3(&p.0, &t.0, &p.1, &t.1);
        primals.tangent("df3", v as f64, f3(&p.0, &p.1) as f64, d as f64)
    }, TOL_F32)?;
    forward("df4", &(x, y), |p| f4(*p) as f64, |p, t| {
        let (v, d) = df4(*p, *t);
        primals.tangent("df4", v as f64, f4(*p) as f64, d as f64)
    }, TOL_F32)?;
    forward("df5", &[x, y], |p| f5(Input { x: p[0], y: p[1] }) as f64, |p, t| {
        let (v, d) = df5(Input { x: p[0], y: p[1] }, Input { x: t[0], y: t[1] });
        primals.tangent("df5", v as f64, f5(Input { x: p[0], y: p[1] }) as f64, d as f64)
    }, TOL_F32)?;
    let nested = |p: &[f32; 2]| NestedInput { x: p[0], y: Wrapper { z: p[1] } };
    forward("df6", &[x, z], |p| f6(nested(p)) as f64, |p, t| {
        let (v, d) = df6(nested(p), nested(t));
        primals.tangent("df6", v as f64, f6(nested(p)) as f64, d as f64)
    }, TOL_F32)?;
    forward("df7", &(x, y), |p| f7((&p.0, &p.1)) as f64, |p, t| {
        let (v, d) = df7((&p.0, &p.1), (&t.0, &t.1));
        primals.tangent("df7", v as f64, f7((&p.0, &p.1)) as f64, d as f64)
    }, TOL_F32)?;
    primals.check()
}
