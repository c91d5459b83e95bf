//! rand_distr: Normal::new(mu, sigma) sampled (ziggurat) with a small deterministic
//! generator passed in as a constant (reparameterisation: each sample is mu + sigma * z),
//! the mean of squares differentiated w.r.t. mu and sigma. (A ChaCha generator is not
//! used: its run-time CPU feature detection, llvm.x86.xgetbv, is beyond Enzyme.)
use crate::harness::*;
use rand::RngCore;
use rand_distr::{Distribution, Normal};

/// A 64-bit linear congruential generator (Knuth's MMIX constants).
pub struct Lcg(u64);
impl RngCore for Lcg {
    fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        for b in dest.iter_mut() {
            *b = self.next_u32() as u8;
        }
    }
    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand::Error> {
        self.fill_bytes(dest);
        Ok(())
    }
}

#[inline(never)]
fn moment(p: &[f64; 2], rng: &mut Lcg) -> f64 {
    let d = Normal::new(p[0], p[1]).unwrap();
    (0..16).map(|_| {
        let x: f64 = d.sample(rng);
        x * x
    }).sum::<f64>() / 16.0
}

#[inline(never)]
fn top(p: *const [f64; 2], rng: *mut Lcg) -> f64 {
    unsafe { moment(&*p, &mut *rng) }
}

pub fn run() -> Result<(), String> {
    let p = [0.5, 1.5];
    reverse("reverse", &p, |p| moment(p, &mut Lcg(7)), |p, d| unsafe {
        let mut rng = Lcg(7);
        __enzyme_autodiff(top as usize, dup(), p, d, cnst(), &mut rng as *mut Lcg);
    }, TOL)
}
