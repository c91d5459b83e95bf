//! num-complex: a polynomial over Complex<f64> evaluated with Horner's rule and its modulus,
//! differentiated w.r.t. the complex coefficients.
use crate::harness::*;
use num_complex::Complex64;

#[derive(Clone, Debug)]
pub struct Coeffs(Vec<Complex64>);
impl Params for Coeffs {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        for c in self.0.iter_mut() {
            c.re.visit(f);
            c.im.visit(f);
        }
    }
}

#[inline(never)]
fn modulus(c: &[Complex64], z: Complex64) -> f64 {
    c.iter().rev().fold(Complex64::new(0.0, 0.0), |acc, k| acc * z + k).norm()
}

#[inline(never)]
fn top(c: *const Complex64, n: usize) -> f64 {
    unsafe { modulus(std::slice::from_raw_parts(c, n), Complex64::new(0.6, -0.4)) }
}

pub fn run() -> Result<(), String> {
    let c = Coeffs(vec![Complex64::new(1.0, 0.5), Complex64::new(-0.5, 2.0), Complex64::new(0.25, -1.0)]);
    reverse("reverse", &c, |c| modulus(&c.0, Complex64::new(0.6, -0.4)), |c, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), c.0.as_ptr(), d.0.as_mut_ptr(), cnst(), c.0.len());
    }, TOL)
}
