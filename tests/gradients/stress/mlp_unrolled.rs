//! A 3-layer 12x12 perceptron evaluated on 4 samples with every matrix-vector product written
//! out by nested macro_rules! (432 multiply-adds per forward pass at constant indices into
//! [[f64; 12]; 12] fields of a struct that also holds u64/usize/u8/bool fields). BIG.
use crate::harness::*;

#[derive(Clone, Debug)]
pub struct Net {
    pub w1: [[f64; 12]; 12],
    pub seed: u64,
    pub b1: [f64; 12],
    pub w2: [[f64; 12]; 12],
    pub layers: usize,
    pub b2: [f64; 12],
    pub w3: [[f64; 12]; 12],
    pub act: u8,
    pub b3: [f64; 12],
    pub xs: [[f64; 12]; 4],
    pub train: bool,
}
params!(Net, w1, b1, w2, b2, w3, b3, xs);

macro_rules! dot_row {
    ($w:ident, $x:ident, $i:literal) => {
        $w[$i][0] * $x[0] + $w[$i][1] * $x[1] + $w[$i][2] * $x[2] + $w[$i][3] * $x[3]
            + $w[$i][4] * $x[4] + $w[$i][5] * $x[5] + $w[$i][6] * $x[6] + $w[$i][7] * $x[7]
            + $w[$i][8] * $x[8] + $w[$i][9] * $x[9] + $w[$i][10] * $x[10] + $w[$i][11] * $x[11]
    };
}
macro_rules! matvec {
    ($out:ident, $w:ident, $b:ident, $x:ident; $($i:literal)*) => { $( $out[$i] = dot_row!($w, $x, $i) + $b[$i]; )* };
}
macro_rules! act {
    ($y:ident, $kind:expr; $($i:literal)*) => { $(
        $y[$i] = match $kind {
            0 => $y[$i].tanh(),
            1 => $y[$i] / (1.0 + $y[$i] * $y[$i]).sqrt(),
            _ => $y[$i] * (1.0 / (1.0 + (-$y[$i]).exp())),
        };
    )* };
}

#[inline(never)]
fn layer1(n: &Net, x: &[f64; 12]) -> [f64; 12] {
    let (w, b) = (&n.w1, &n.b1);
    let mut y = [0.0; 12];
    matvec!(y, w, b, x; 0 1 2 3 4 5 6 7 8 9 10 11);
    act!(y, n.act; 0 1 2 3 4 5 6 7 8 9 10 11);
    y
}

#[inline(never)]
fn layer2(n: &Net, x: &[f64; 12]) -> [f64; 12] {
    let (w, b) = (&n.w2, &n.b2);
    let mut y = [0.0; 12];
    matvec!(y, w, b, x; 0 1 2 3 4 5 6 7 8 9 10 11);
    act!(y, (n.act + 1) % 3; 0 1 2 3 4 5 6 7 8 9 10 11);
    y
}

#[inline(never)]
fn layer3(n: &Net, x: &[f64; 12]) -> [f64; 12] {
    let (w, b) = (&n.w3, &n.b3);
    let mut y = [0.0; 12];
    matvec!(y, w, b, x; 0 1 2 3 4 5 6 7 8 9 10 11);
    act!(y, (n.act + 2) % 3; 0 1 2 3 4 5 6 7 8 9 10 11);
    y
}

macro_rules! loss_terms {
    ($y:ident, $t:ident; $($i:literal)*) => { 0.0 $( + ($y[$i] - $t[$i]) * ($y[$i] - $t[$i]) )* };
}

#[inline(never)]
fn f(n: &Net) -> f64 {
    let mut loss = 0.0;
    for (s, x) in n.xs.iter().enumerate() {
        let mut h = layer1(n, x);
        if n.layers > 2 {
            h = layer2(n, &h);
        }
        let y = layer3(n, &h);
        let mut t = [0.0; 12];
        for i in 0..12 {
            t[i] = (((n.seed >> (i + s)) & 1) as f64) * 0.5 - 0.25;
        }
        loss += loss_terms!(y, t; 0 1 2 3 4 5 6 7 8 9 10 11) * if n.train { 1.0 } else { 0.5 };
    }
    loss
}

#[inline(never)]
fn top(n: *const Net) -> f64 {
    unsafe { f(&*n) }
}

pub fn run() -> Result<(), String> {
    let m = |k: usize| {
        let mut w = [[0.0; 12]; 12];
        for i in 0..12 {
            for j in 0..12 {
                w[i][j] = 0.3 * (((i * 7 + j * 3 + k * 5) % 11) as f64 / 11.0 - 0.5);
            }
        }
        w
    };
    let v = |k: usize| {
        let mut b = [0.0; 12];
        for i in 0..12 {
            b[i] = 0.05 * ((i + k) % 5) as f64 - 0.1;
        }
        b
    };
    let mut xs = [[0.0; 12]; 4];
    for s in 0..4 {
        for i in 0..12 {
            xs[s][i] = ((s * 12 + i) as f64 * 0.61).sin();
        }
    }
    let n = Net {
        w1: m(1), seed: 0xa5c3_9e17_44f0_12bd, b1: v(0), w2: m(2), layers: 3, b2: v(1),
        w3: m(3), act: 0, b3: v(2), xs, train: true,
    };
    reverse("reverse", &n, |n| f(n), |n, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), n, d);
    }, TOL)
}
