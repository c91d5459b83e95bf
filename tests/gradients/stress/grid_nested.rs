//! A Vec<Vec<Cell>> grid of mixed cells (f64, u16, bool, [f64; 2], Option<Box<f64>>) diffused
//! into fresh grids, plus a BTreeMap<i32, Vec<f64>> and a VecDeque of rows built inside:
//! three levels of heap pointers (outer Vec -> row Vec -> Box) whose pointees Enzyme must type.
use crate::harness::*;
use std::collections::{BTreeMap, VecDeque};

#[derive(Clone, Debug)]
pub struct Cell {
    pub heat: f64,
    pub mat: u16,
    pub wall: bool,
    pub flux: [f64; 2],
    pub src: Option<Box<f64>>,
}
params!(Cell, heat, flux, src);

#[inline(never)]
fn neighbours(g: &Vec<Vec<Cell>>, i: usize, j: usize) -> f64 {
    let n = g.len();
    let m = g[0].len();
    let mut s = 0.0;
    for (di, dj) in [(n - 1, 0), (1, 0), (0, m - 1), (0, 1)] {
        let c = &g[(i + di) % n][(j + dj) % m];
        s += if c.wall { 0.2 * c.heat } else { c.heat };
    }
    s
}

#[inline(never)]
fn diffuse(g: &Vec<Vec<Cell>>, dt: f64) -> Vec<Vec<Cell>> {
    let mut out: Vec<Vec<Cell>> = Vec::with_capacity(g.len());
    for (i, row) in g.iter().enumerate() {
        let mut r = Vec::new();
        for (j, c) in row.iter().enumerate() {
            let mut c2 = c.clone();
            let k = 0.1 + 0.05 * c.mat as f64;
            let lap = neighbours(g, i, j) - 4.0 * c.heat;
            c2.heat += dt * (k * lap + c.src.as_deref().copied().unwrap_or(0.0));
            c2.flux = [c.flux[1] + dt * lap, c.flux[0] * (1.0 - dt)];
            r.push(c2);
        }
        out.push(r);
    }
    out
}

#[inline(never)]
fn bucket(g: &Vec<Vec<Cell>>) -> BTreeMap<i32, Vec<f64>> {
    let mut m: BTreeMap<i32, Vec<f64>> = BTreeMap::new();
    for row in g {
        for c in row {
            m.entry(c.mat as i32 - 1).or_default().push(c.heat * c.flux[0] + c.flux[1]);
        }
    }
    m
}

#[inline(never)]
fn cycle_rows(g: Vec<Vec<Cell>>) -> Vec<Vec<Cell>> {
    let mut q: VecDeque<Vec<Cell>> = g.into_iter().collect();
    q.rotate_left(1);
    let last = q.pop_back().unwrap();
    q.push_front(last);
    q.into_iter().collect()
}

#[inline(never)]
fn f(g: &Vec<Vec<Cell>>) -> f64 {
    let mut cur = diffuse(g, 0.1);
    for _ in 0..3 {
        cur = cycle_rows(diffuse(&cur, 0.1));
    }
    let mut s = 0.0;
    for (i, row) in cur.iter().enumerate() {
        for (j, c) in row.iter().enumerate() {
            s += c.heat * c.heat * (1.0 + 0.1 * (i * 3 + j) as f64) + c.flux[0] * c.flux[1];
        }
    }
    for (k, v) in bucket(&cur).iter() {
        s += (*k as f64 + 2.0) * v.iter().map(|x| x.sin()).sum::<f64>();
    }
    s
}

#[inline(never)]
fn top(g: *const Vec<Vec<Cell>>) -> f64 {
    unsafe { f(&*g) }
}

pub fn run() -> Result<(), String> {
    let g: Vec<Vec<Cell>> = (0..4)
        .map(|i| {
            (0..3)
                .map(|j| {
                    let t = (i * 3 + j) as f64;
                    Cell {
                        heat: 0.5 + 0.3 * (t * 0.7).sin(),
                        mat: ((i + j) % 3) as u16,
                        wall: (i * j) % 4 == 1,
                        flux: [0.1 * t - 0.4, 0.2],
                        src: if (i + 2 * j) % 3 == 0 { Some(Box::new(0.05 * t)) } else { None },
                    }
                })
                .collect()
        })
        .collect();
    reverse("reverse", &g, |g| f(g), |g, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), g, d);
    }, TOL)
}
