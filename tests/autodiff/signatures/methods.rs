// Methods: receivers of every kind in inherent impls, generic impls, trait impls (the
// derivative a trait method), trait declarations without and with a default body.
#![feature(autodiff)]
#![allow(dead_code, unused_variables)]
use std::autodiff::{autodiff_forward, autodiff_reverse};

pub struct Model { w: [f64; 2] }

impl Model {
    #[autodiff_reverse(d_loss, Const, Duplicated, Active)]
    pub fn loss(&self, x: &[f64]) -> f64 { self.w[0] * x[0] }

    #[autodiff_reverse(d_self_dup, Duplicated, Active, Active)]
    fn self_dup(&self, x: f64) -> f64 { self.w[0] * x }

    #[autodiff_reverse(d_mut_self, Duplicated, Active)]
    fn mut_self(&mut self) -> f64 { self.w[0] }

    #[autodiff_forward(d_by_value, Const, Dual, Dual)]
    fn by_value(self, x: f64) -> f64 { x }

    #[autodiff_reverse(d_new, Active, Active)]
    fn scale_new(k: f64) -> Self { Model { w: [k, k] } }

    #[autodiff_reverse(d_self_arg, Duplicated, Active)]
    fn self_arg(m: &Self) -> f64 { m.w[0] }
}

pub struct Wrap<T>(T);
impl<T: Copy + Into<f64>> Wrap<T> {
    #[autodiff_reverse(d_get, Const, Active, Active)]
    fn get(&self, k: f64) -> f64 { self.0.into() * k }
}

trait Energy {
    #[autodiff_reverse(d_energy, Const, Active, Active)]
    fn energy(&self, x: f64) -> f64;

    #[autodiff_forward(d_default, Const, Dual, Dual)]
    fn with_default(&self, x: f64) -> f64 { x * x }
}

trait Declares {
    fn f(&self, x: f64) -> f64;
    fn df(&self, x: f64, dret: f64) -> (f64, f64);
}
impl Declares for Model {
    #[autodiff_reverse(df, Const, Active, Active)]
    fn f(&self, x: f64) -> f64 { self.w[1] * x }
}

fn main() {}
