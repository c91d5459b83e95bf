//! f32: a struct holding a Vec<f32> of weights, an f32 bias and a length, with constant
//! f32 inputs (which must stay unchanged too).
use crate::harness::*;

#[derive(Clone, Debug)]
pub struct Net {
    w: Vec<f32>,
    b: f32,
    n: usize,
    xs: Vec<f32>, // constant input
}
params!(Net, w, b);

#[inline(never)]
fn loss(net: &Net, xs: &[f32]) -> f32 {
    let mut s = 0.0f32;
    for i in 0..net.n {
        let z = net.w[i] * xs[i] + net.b;
        s += z.tanh();
    }
    s * s
}

#[inline(never)]
fn top(net: *const Net, xs: *const f32, n: usize) -> f32 {
    unsafe { loss(&*net, std::slice::from_raw_parts(xs, n)) }
}

pub fn run() -> Result<(), String> {
    let net = Net { w: vec![0.1, -0.2, 0.3], b: 0.05, n: 3, xs: vec![1.0, 2.0, -1.0] };
    reverse("reverse", &net, |n| loss(n, &n.xs) as f64, |n, d| unsafe {
        f32api::__enzyme_autodiff(top as usize, dup(), n, d, cnst(), n.xs.as_ptr(), cnst(), n.xs.len());
    }, TOL_F32)
}
