//! numeric: an FFT and polynomial roots over num-complex, exact rational arithmetic
//! (num-rational, num-integer), Monte Carlo statistics from four generators (rand's StdRng,
//! rand_chacha, rand_pcg, rand_xorshift) and rand_distr's distributions, f16/bf16
//! round trips (half), libm's functions against std's (approx). Prints one checksum line
//! per part and a total.
use approx::{assert_relative_eq, relative_eq};
use half::{bf16, f16};
use num_complex::Complex64;
use num_integer::Integer;
use num_rational::Rational64;
use num_traits::{Float, One, Zero};
use rand::{Rng, RngCore, SeedableRng};
use rand_distr::{Beta, Distribution, Exp, Gamma, Normal, Poisson, StandardNormal, UnitCircle};

/// A running checksum of f64 values (their exact bits) and integers.
struct Sum(u64);

impl Sum {
    fn f(&mut self, x: f64) {
        self.u(x.to_bits());
    }
    fn u(&mut self, x: u64) {
        self.0 = (self.0 ^ x).wrapping_mul(0x100000001b3).rotate_left(17);
    }
}

/// Radix-2 Cooley-Tukey, in place; `inverse` scales by 1/n.
#[inline(never)]
fn fft(a: &mut [Complex64], inverse: bool) {
    let n = a.len();
    let mut j = 0;
    for i in 1..n {
        let mut bit = n >> 1;
        while j & bit != 0 {
            j ^= bit;
            bit >>= 1;
        }
        j |= bit;
        if i < j {
            a.swap(i, j);
        }
    }
    let mut len = 2;
    while len <= n {
        let ang = 2.0 * std::f64::consts::PI / len as f64 * if inverse { 1.0 } else { -1.0 };
        let w = Complex64::from_polar(1.0, ang);
        for chunk in a.chunks_mut(len) {
            let mut wk = Complex64::one();
            let (lo, hi) = chunk.split_at_mut(len / 2);
            for (u, v) in lo.iter_mut().zip(hi.iter_mut()) {
                let t = *v * wk;
                *v = *u - t;
                *u += t;
                wk *= w;
            }
        }
        len <<= 1;
    }
    if inverse {
        let s = 1.0 / n as f64;
        a.iter_mut().for_each(|x| *x = x.scale(s));
    }
}

/// All roots of a polynomial (coefficients lowest first) by Durand-Kerner iteration.
#[inline(never)]
fn roots(coef: &[Complex64]) -> Vec<Complex64> {
    let n = coef.len() - 1;
    let lead = coef[n];
    let eval = |z: Complex64| coef.iter().rev().fold(Complex64::zero(), |acc, c| acc * z + c) / lead;
    let mut r: Vec<Complex64> = (0..n).map(|k| Complex64::new(0.4, 0.9).powu(k as u32)).collect();
    for _ in 0..500 {
        let mut delta: f64 = 0.0;
        for i in 0..n {
            let mut d = Complex64::one();
            for j in 0..n {
                if i != j {
                    d *= r[i] - r[j];
                }
            }
            let step = eval(r[i]) / d;
            r[i] -= step;
            delta = delta.max(step.norm());
        }
        if delta < 1e-14 {
            break;
        }
    }
    r
}

#[inline(never)]
fn complex_part(sum: &mut Sum) {
    let sig: Vec<Complex64> = (0..256)
        .map(|i| {
            let t = i as f64 / 256.0;
            Complex64::new((6.0 * t * 6.283185307179586).sin() + 0.5 * (17.0 * t * 6.283185307179586).cos(), 0.0)
        })
        .collect();
    let mut a = sig.clone();
    fft(&mut a, false);
    let peak = a[..128].iter().enumerate().max_by(|x, y| x.1.norm().partial_cmp(&y.1.norm()).unwrap()).unwrap().0;
    assert_eq!(peak, 6);
    for x in a.iter().step_by(16) {
        sum.f(x.re);
        sum.f(x.im);
    }
    fft(&mut a, true);
    for (x, y) in a.iter().zip(&sig) {
        assert!(relative_eq!(x.re, y.re, epsilon = 1e-12));
    }
    // a quintic with real coefficients: every root's residual is checked
    let c: Vec<Complex64> = [-9.0, 4.5, -8.5, 1.5, -0.5, -1.0].iter().map(|&x| Complex64::new(x, 0.0)).collect();
    let mut r = roots(&c);
    r.sort_by(|x, y| (x.re, x.im).partial_cmp(&(y.re, y.im)).unwrap());
    for z in &r {
        let v = c.iter().rev().fold(Complex64::zero(), |acc, k| acc * z + k);
        assert!(v.norm() < 1e-9, "residual {} at {}", v.norm(), z);
        sum.f((z.re * 1e6).round());
        sum.f((z.im * 1e6).round());
    }
    sum.f(Complex64::new(0.3, 1.7).exp().ln().norm_sqr());
}

#[inline(never)]
fn rational_part(sum: &mut Sum) {
    // the harmonic numbers H_1..H_20 exactly, and Egyptian fractions of 13/97
    let mut h = Rational64::zero();
    for k in 1..=20i64 {
        h += Rational64::new(1, k);
    }
    sum.u(*h.numer() as u64);
    sum.u(*h.denom() as u64);
    let mut r = Rational64::new(13, 97);
    let mut denoms = Vec::new();
    while !r.is_zero() && denoms.len() < 8 {
        let d = r.denom().div_ceil(r.numer());
        denoms.push(d);
        r -= Rational64::new(1, d);
    }
    for d in &denoms {
        sum.u(*d as u64);
    }
    let (mut g, mut l) = (0i64, 1i64);
    for k in [84i64, 126, 210, 330, 462] {
        g = g.gcd(&k);
        l = l.lcm(&k);
    }
    sum.u(g as u64);
    sum.u(l as u64);
    let (q, m) = (-17i64).div_mod_floor(&5);
    sum.u(q as u64 ^ (m as u64) << 8);
    assert_eq!(num_integer::Roots::sqrt(&1_000_000_007i64), 31622);
}

fn moments(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0);
    (mean, var)
}

#[inline(never)]
fn random_part(sum: &mut Sum) {
    let mut std_rng = rand::rngs::StdRng::seed_from_u64(1);
    let mut chacha = rand_chacha::ChaCha8Rng::seed_from_u64(2);
    let mut pcg = rand_pcg::Pcg64::seed_from_u64(3);
    let mut xs = rand_xorshift::XorShiftRng::seed_from_u64(4);
    let n = 20_000;
    let normal = Normal::new(2.0, 0.5).unwrap();
    let a: Vec<f64> = (0..n).map(|_| normal.sample(&mut std_rng)).collect();
    let (m, v) = moments(&a);
    assert!((m - 2.0).abs() < 0.02 && (v - 0.25).abs() < 0.02, "normal {} {}", m, v);
    sum.f(m);
    sum.f(v);
    let gamma = Gamma::new(3.0, 2.0).unwrap();
    let b: Vec<f64> = (0..n).map(|_| gamma.sample(&mut chacha)).collect();
    let (m, v) = moments(&b);
    assert!((m - 6.0).abs() < 0.15 && (v - 12.0).abs() < 0.8, "gamma {} {}", m, v);
    sum.f(m);
    sum.f(v);
    let exp = Exp::new(4.0).unwrap();
    let beta = Beta::new(2.0, 5.0).unwrap();
    let c: Vec<f64> = (0..n).map(|_| exp.sample(&mut pcg) + beta.sample(&mut pcg)).collect();
    let (m, _) = moments(&c);
    assert!((m - (0.25 + 2.0 / 7.0)).abs() < 0.01, "exp+beta {}", m);
    sum.f(m);
    let poisson = Poisson::new(3.5).unwrap();
    let k: u64 = (0..n).map(|_| poisson.sample(&mut xs) as u64).sum();
    sum.u(k);
    // pi from the unit circle's points and a Monte Carlo quarter disc
    let inside = (0..n).filter(|_| {
        let (x, y): (f64, f64) = (xs.gen(), xs.gen());
        x * x + y * y < 1.0
    }).count();
    let pi = 4.0 * inside as f64 / n as f64;
    assert!((pi - std::f64::consts::PI).abs() < 0.05, "pi {}", pi);
    sum.f(pi);
    let on: [f64; 2] = UnitCircle.sample(&mut chacha);
    assert_relative_eq!(on[0] * on[0] + on[1] * on[1], 1.0, epsilon = 1e-12);
    let z: f64 = StandardNormal.sample(&mut std_rng);
    sum.f(z);
    sum.u(std_rng.next_u64() ^ chacha.next_u64() ^ pcg.next_u64() ^ xs.next_u64());
    let mut deck: Vec<u32> = (0..52).collect();
    use rand::seq::SliceRandom;
    deck.shuffle(&mut pcg);
    sum.u(deck.iter().take(5).fold(0u64, |a, &c| a * 53 + c as u64));
}

/// A generic Newton iteration for sqrt, over any Float (num-traits).
fn newton_sqrt<T: Float>(x: T) -> T {
    let two = T::one() + T::one();
    let mut y = x / two + T::one();
    for _ in 0..60 {
        y = (y + x / y) / two;
    }
    y
}

#[inline(never)]
fn float_part(sum: &mut Sum) {
    let mut worst16: f64 = 0.0;
    for i in 0..2000 {
        let x = (i as f64 - 1000.0) * 0.0137;
        let h = f16::from_f64(x);
        let b = bf16::from_f64(x);
        worst16 = worst16.max((h.to_f64() - x).abs());
        sum.u(h.to_bits() as u64 | (b.to_bits() as u64) << 16);
        assert_eq!(f16::from_bits(h.to_bits()), h);
        let y = 0.1 + i as f64 * 0.01;
        assert!(relative_eq!(libm::exp(y), y.exp(), max_relative = 1e-15));
        assert!(relative_eq!(libm::log1p(y), y.ln_1p(), max_relative = 1e-15));
        assert!(relative_eq!(newton_sqrt(y), y.sqrt(), max_relative = 1e-15));
        sum.f(libm::erf(y - 10.0) + libm::tgamma(1.0 + y * 0.01) + libm::sinh(y * 0.001));
    }
    sum.f(worst16);
    sum.f(newton_sqrt(2.0f32) as f64);
    sum.f(libm::j0(2.5) + libm::fma(1.5, 2.5, -0.25));
}

fn main() {
    let mut total = Sum(0xcbf29ce484222325);
    for (name, part) in [
        ("num_complex", complex_part as fn(&mut Sum)),
        ("num_rational", rational_part),
        ("rand", random_part),
        ("half_libm", float_part),
    ] {
        let mut s = Sum(0xcbf29ce484222325);
        part(&mut s);
        println!("{} {:016x}", name, s.0);
        total.u(s.0);
    }
    println!("numeric {:016x}", total.0);
}
