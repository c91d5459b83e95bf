//! Coefficients copied out of a static table: at -O0 `let c = TABLE.rows[k]` copies 24
//! bytes from a constant `getelementptr` into the static (the copy's tree then sits on a
//! constant operand), mixed with the differentiated input.
use crate::harness::*;

pub struct Table {
    pub id: u64,
    pub rows: [[f64; 3]; 2],
}

static TABLE: Table = Table { id: 3, rows: [[0.5, -1.25, 2.0], [1.5, 0.75, -0.5]] };

#[inline(never)]
fn f(x: &[f64; 3]) -> f64 {
    let a = TABLE.rows[0];
    let b = TABLE.rows[1];
    let mut s = 0.0;
    for i in 0..3 {
        s += a[i] * x[i] * x[i] + b[i] * x[i].sin();
    }
    s * TABLE.id as f64
}

#[inline(never)]
fn top(x: *const [f64; 3]) -> f64 {
    unsafe { f(&*x) }
}

pub fn run() -> Result<(), String> {
    let x = [0.3, -1.1, 0.8];
    reverse("reverse", &x, |x| f(x), |x, d| unsafe { __enzyme_autodiff(top as usize, dup(), x, d); }, TOL)
}
