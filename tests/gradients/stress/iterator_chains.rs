//! Long iterator adapter chains (map/zip/filter/enumerate/skip/step_by/chain/rev/scan/flat_map/
//! take/fold/windows/chunks/peekable/cycle) over a slice of mixed samples, each chain a nest of
//! closure-specialised generic adapters: deep inlined/outlined generic code Enzyme types. BIG.
use crate::harness::*;

#[derive(Clone, Copy, Debug)]
pub struct Sample {
    pub t: f64,
    pub ch: u8,
    pub v: [f64; 2],
    pub ok: bool,
    pub q: i32,
}
params!(Sample, t, v);

#[inline(never)]
fn chain_a(s: &[Sample]) -> f64 {
    s.iter()
        .enumerate()
        .filter(|(_, x)| x.ok)
        .map(|(i, x)| x.v[0] * (i as f64 + 1.0) + x.t)
        .zip(s.iter().skip(1).step_by(2).map(|x| x.v[1].sin()))
        .map(|(a, b)| a * b)
        .chain(s.iter().rev().take(3).map(|x| x.t * x.t))
        .fold(0.0, |acc, y| acc * 0.9 + y)
}

#[inline(never)]
fn chain_b(s: &[Sample]) -> f64 {
    s.iter()
        .scan((0.0f64, 1.0f64), |st, x| {
            st.0 = 0.8 * st.0 + x.v[0] * x.v[1];
            st.1 *= 1.0 + 0.01 * x.q as f64;
            Some(st.0 * st.1)
        })
        .flat_map(|y| [y, 0.5 * y * y].into_iter())
        .enumerate()
        .filter(|(i, _)| i % 3 != 2)
        .map(|(_, y)| y.tanh())
        .sum()
}

#[inline(never)]
fn chain_c(s: &[Sample]) -> f64 {
    let ts: Vec<f64> = s.iter().map(|x| x.t).collect();
    ts.windows(3)
        .map(|w| w[0] - 2.0 * w[1] + w[2])
        .zip(s.chunks(2).map(|c| c.iter().map(|x| x.v[0] + x.ch as f64 * 0.1).product::<f64>()).cycle())
        .map(|(a, b)| a * b)
        .take_while(|_| true)
        .fold(1.0, |acc, y| acc + y * y)
        .ln()
}

#[inline(never)]
fn chain_d(s: &[Sample]) -> f64 {
    let mut it = s.iter().filter(|x| x.q >= -1).map(|x| (x.t, x.v)).peekable();
    let mut acc = 0.0;
    while let Some((t, v)) = it.next() {
        if let Some((t2, _)) = it.peek() {
            acc += (t2 - t) * v[0] + v[1] * t;
        } else {
            acc += t.exp() * 0.1;
        }
    }
    acc
}

#[inline(never)]
fn chain_e(s: &[Sample]) -> f64 {
    let groups: Vec<Vec<f64>> = (0..3u8)
        .map(|c| s.iter().filter(|x| x.ch == c).flat_map(|x| x.v.iter().copied().chain(std::iter::once(x.t))).collect())
        .collect();
    groups
        .iter()
        .enumerate()
        .map(|(i, g)| g.iter().zip(g.iter().skip(1)).map(|(a, b)| a * b).sum::<f64>() * (i as f64 + 1.0))
        .rev()
        .zip([1.0, -0.5, 0.25].iter())
        .map(|(a, w)| a * w)
        .sum()
}

#[inline(never)]
fn chain_f(s: &[Sample]) -> f64 {
    let (pos, neg): (Vec<&Sample>, Vec<&Sample>) = s.iter().partition(|x| x.q > 0);
    let mp = pos.iter().map(|x| x.v[0] * x.t).fold(f64::NEG_INFINITY, f64::max);
    let sn: f64 = neg.iter().map(|x| x.v[1]).zip(pos.iter().cycle().map(|x| x.t)).map(|(a, b)| (a + b).cos()).sum();
    let m = s.iter().map(|x| x.q as i64 * x.ch as i64).max().unwrap_or(0) as f64;
    mp + sn + 0.01 * m + s.iter().skip_while(|x| !x.ok).map(|x| x.v[0]).last().unwrap_or(0.0)
}

#[inline(never)]
fn f(s: &[Sample]) -> f64 {
    chain_a(s) + chain_b(s) + chain_c(s) + chain_d(s) + chain_e(s) + chain_f(s)
}

#[inline(never)]
fn top(s: *const Sample, n: usize) -> f64 {
    unsafe { f(std::slice::from_raw_parts(s, n)) }
}

pub fn run() -> Result<(), String> {
    let s: Vec<Sample> = (0..9)
        .map(|i| {
            let x = i as f64;
            Sample {
                t: 0.2 * x + 0.05 * x * x,
                ch: (i % 3) as u8,
                v: [0.5 + 0.3 * (x * 1.3).sin(), 0.4 - 0.1 * x],
                ok: i % 4 != 0,
                q: (i as i32 % 5) - 2,
            }
        })
        .collect();
    reverse("reverse", &s, |s| f(s), |s, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), s.as_ptr(), d.as_mut_ptr(), cnst(), s.len());
    }, TOL)
}
