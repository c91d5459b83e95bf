//! A Vec<Result<f64, u8>> (tag plus payload) where only Ok values contribute.
use crate::harness::*;

#[derive(Clone, Debug)]
pub struct R(Vec<Result<f64, u8>>);
impl Params for R {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        for r in self.0.iter_mut() {
            if let Ok(v) = r { v.visit(f) }
        }
    }
}

#[inline(never)]
fn f(r: &[Result<f64, u8>]) -> f64 {
    r.iter().map(|x| match x { Ok(v) => v.sin(), Err(e) => *e as f64 }).sum::<f64>().powi(2)
}

#[inline(never)]
fn top(r: *const Result<f64, u8>, n: usize) -> f64 {
    unsafe { f(std::slice::from_raw_parts(r, n)) }
}

pub fn run() -> Result<(), String> {
    let r = R(vec![Ok(0.5), Err(2), Ok(1.25), Ok(-0.75)]);
    reverse("reverse", &r, |r| f(&r.0), |r, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), r.0.as_ptr(), d.0.as_mut_ptr(), cnst(), r.0.len());
    }, TOL)
}
