//! A union of an f32 and an i32 read as the f32: reverse mode of its square.
//! After rust-lang/rust tests/run-make/autodiff/type-trees/type-analysis/union/union.rs at
//! commit 3c009e9f25e71f4c1b5dc6d9d7940bcad56808e1 (MIT OR Apache-2.0). `Clone, Copy`
//! derived and `Debug`, `Params` written for the checks.
use crate::harness::*;
use typetree_autodiff::autodiff_reverse;

#[allow(dead_code)]
#[derive(Clone, Copy)]
union MyUnion {
    f: f32,
    i: i32,
}

impl std::fmt::Debug for MyUnion {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "MyUnion {{ f: {:?} }}", unsafe { self.f })
    }
}

impl Params for MyUnion {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        f(Slot::F32(unsafe { &mut self.f }))
    }
}

#[autodiff_reverse(d_square, Duplicated, Active)]
fn callee(x: &MyUnion) -> f32 {
    unsafe { x.f * x.f }
}

pub fn run() -> Result<(), String> {
    let x = MyUnion { f: 7.0 };
    reverse("d_square", &x, |x| callee(x) as f64, |x, d| {
        d_square(x, d, 1.0);
    }, TOL_F32)
}
