//! A union of an f32 and an i32 read as the f32: reverse mode of its square (rustc's
//! type-analysis union program).
//! Translated from rust-lang/rust tests/run-make/autodiff/type-trees/type-analysis/union/union.rs at commit 3c009e9f25e71f4c1b5dc6d9d7940bcad56808e1 (MIT OR Apache-2.0).
//! The same program: tests/ui/autodiff/type-trees/type-analysis/union.rs at
//! a422615215f422d78d6084895cbeb2b5d814f067.
//! `#[autodiff_reverse(d_square, Duplicated, Active)]` becomes __enzyme_autodiff with the union
//! dup (f32 result: f32api; seed 1.0); `#[no_mangle]` dropped; `Clone, Copy` derived and
//! `Debug`, `Params` written for the harness (upstream only runs the primal).
use crate::harness::*;

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

#[inline(never)]
fn callee(x: &MyUnion) -> f32 {
    unsafe { x.f * x.f }
}

#[inline(never)]
fn top(x: *const MyUnion) -> f32 {
    callee(unsafe { &*x })
}

pub fn run() -> Result<(), String> {
    let x = MyUnion { f: 7.0 };
    reverse("reverse", &x, |x| callee(x) as f64, |x, d| unsafe {
        f32api::__enzyme_autodiff(top as usize, dup(), x, d);
    }, TOL_F32)
}
