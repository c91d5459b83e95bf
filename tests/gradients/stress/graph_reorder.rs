//! A mesh energy whose differentiated function first does integer work on the mesh's graph,
//! the way a solver orders and colours its unknowns before it assembles: degrees, a reverse
//! Cuthill-McKee ordering (breadth-first search with a queue, neighbours sorted by degree),
//! a greedy colouring, an FNV-style hash of the structure, the bandwidth of the ordering, all
//! functions of their own (#[inline(never)]) over slices of u32 and usize, several calls deep;
//! then a smoothing energy over the edges in that order, weighted per colour. None of the
//! integer work is active, but plain type analysis has to look into every call of it to type
//! its arguments and results; trees type a slice of u32 or a usize completely. INACTIVE CALLS.
use crate::harness::*;

pub const V: usize = 16;
pub const E: usize = 48;

#[derive(Clone, Debug)]
pub struct Mesh {
    pub x: [f64; V],
    pub w: [f64; 8],
    pub off: [usize; V + 1],
    pub adj: [u32; E],
    pub stiffness: f64,
}
params!(Mesh, x, w, stiffness);

#[inline(never)]
fn degree(off: &[usize], v: usize) -> usize {
    off[v + 1] - off[v]
}

#[inline(never)]
fn neighbours<'a>(off: &[usize], adj: &'a [u32], v: usize) -> &'a [u32] {
    &adj[off[v]..off[v + 1]]
}

#[inline(never)]
fn degrees(off: &[usize], out: &mut [u32]) {
    for v in 0..out.len() {
        out[v] = degree(off, v) as u32;
    }
}

/// Insertion sort of `items` by `key[item]`, ties by the item itself.
#[inline(never)]
fn sort_by_key(items: &mut [u32], key: &[u32]) {
    for i in 1..items.len() {
        let it = items[i];
        let mut j = i;
        while j > 0 && before(it, items[j - 1], key) {
            items[j] = items[j - 1];
            j -= 1;
        }
        items[j] = it;
    }
}

#[inline(never)]
fn before(a: u32, b: u32, key: &[u32]) -> bool {
    let (ka, kb) = (key[a as usize], key[b as usize]);
    ka < kb || (ka == kb && a < b)
}

#[inline(never)]
fn min_degree_unvisited(deg: &[u32], seen: &[bool]) -> Option<usize> {
    let mut best: Option<usize> = None;
    for v in 0..deg.len() {
        if !seen[v] && best.map_or(true, |b| deg[v] < deg[b]) {
            best = Some(v);
        }
    }
    best
}

/// Breadth-first from `start`, appending to `order` at `len`; returns the new length.
#[inline(never)]
fn bfs(off: &[usize], adj: &[u32], deg: &[u32], start: usize, seen: &mut [bool],
       order: &mut [u32], mut len: usize) -> usize {
    let mut head = len;
    let mut buf = [0u32; V];
    seen[start] = true;
    order[len] = start as u32;
    len += 1;
    while head < len {
        let v = order[head] as usize;
        head += 1;
        let nb = neighbours(off, adj, v);
        let mut k = 0;
        for &u in nb {
            if !seen[u as usize] {
                seen[u as usize] = true;
                buf[k] = u;
                k += 1;
            }
        }
        sort_by_key(&mut buf[..k], deg);
        for i in 0..k {
            order[len] = buf[i];
            len += 1;
        }
    }
    len
}

#[inline(never)]
fn reverse_in_place(order: &mut [u32]) {
    let n = order.len();
    for i in 0..n / 2 {
        order.swap(i, n - 1 - i);
    }
}

/// Reverse Cuthill-McKee: every component from its vertex of least degree.
#[inline(never)]
fn rcm(off: &[usize], adj: &[u32], order: &mut [u32]) {
    let mut deg = [0u32; V];
    let mut seen = [false; V];
    degrees(off, &mut deg);
    let mut len = 0;
    while let Some(s) = min_degree_unvisited(&deg, &seen) {
        len = bfs(off, adj, &deg, s, &mut seen, order, len);
    }
    reverse_in_place(&mut order[..len]);
}

#[inline(never)]
fn inverse(order: &[u32], pos: &mut [u32]) {
    for (i, &v) in order.iter().enumerate() {
        pos[v as usize] = i as u32;
    }
}

#[inline(never)]
fn bandwidth(off: &[usize], adj: &[u32], pos: &[u32]) -> u32 {
    let mut b = 0;
    for v in 0..pos.len() {
        for &u in neighbours(off, adj, v) {
            let d = (pos[v] as i64 - pos[u as usize] as i64).unsigned_abs() as u32;
            b = b.max(d);
        }
    }
    b
}

/// Greedy colouring in the given order: the least colour no coloured neighbour has.
#[inline(never)]
fn colour(off: &[usize], adj: &[u32], order: &[u32], col: &mut [u32]) -> u32 {
    let mut most = 0;
    for c in col.iter_mut() {
        *c = u32::MAX;
    }
    for &v in order {
        let mut used = 0u64;
        for &u in neighbours(off, adj, v as usize) {
            let c = col[u as usize];
            if c != u32::MAX {
                used |= 1 << c;
            }
        }
        let c = (!used).trailing_zeros();
        col[v as usize] = c;
        most = most.max(c + 1);
    }
    most
}

#[inline(never)]
fn fnv(words: &[u32], mut h: u64) -> u64 {
    for &w in words {
        h ^= w as u64;
        h = h.wrapping_mul(0x100_0000_01b3);
    }
    h
}

#[inline(never)]
fn structure_hash(off: &[usize], adj: &[u32]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325;
    for v in 0..off.len() - 1 {
        h = fnv(neighbours(off, adj, v), h ^ v as u64);
    }
    h
}

/// The energy: edge springs in the ordering's sequence, weighted by the colours of their
/// ends, plus a quartic term per vertex; the structure's hash and bandwidth pick constants.
#[inline(never)]
fn energy(m: &Mesh) -> f64 {
    let mut order = [0u32; V];
    let mut pos = [0u32; V];
    let mut col = [0u32; V];
    rcm(&m.off, &m.adj, &mut order);
    inverse(&order, &mut pos);
    let colours = colour(&m.off, &m.adj, &order, &mut col);
    let band = bandwidth(&m.off, &m.adj, &pos);
    let h = structure_hash(&m.off, &m.adj);
    let scale = 1.0 + ((h % 7) as f64) * 0.01 + band as f64 * 0.001 + colours as f64 * 0.002;
    let mut e = 0.0;
    for (i, &v) in order.iter().enumerate() {
        let v = v as usize;
        let xv = m.x[v];
        for &u in neighbours(&m.off, &m.adj, v) {
            let u = u as usize;
            let wc = m.w[(col[v] as usize + 2 * col[u] as usize) % 8];
            let d = xv - m.x[u];
            e += m.stiffness * wc * d * d * scale;
        }
        e += 0.05 * xv * xv * xv * xv * (1.0 + 0.01 * i as f64);
    }
    e
}

#[inline(never)]
fn top(m: *const Mesh) -> f64 {
    unsafe { energy(&*m) }
}

/// A 4x4 grid with its diagonals one way: every vertex's neighbours, ascending.
fn grid() -> ([usize; V + 1], [u32; E]) {
    let mut off = [0usize; V + 1];
    let mut adj = [0u32; E];
    let mut k = 0;
    for v in 0..V {
        let (r, c) = ((v / 4) as i32, (v % 4) as i32);
        for (dr, dc) in [(-1, -1), (-1, 0), (0, -1), (0, 1), (1, 0), (1, 1)] {
            let (rr, cc) = (r + dr, c + dc);
            if (0..4).contains(&rr) && (0..4).contains(&cc) && k < E {
                adj[k] = (rr * 4 + cc) as u32;
                k += 1;
            }
        }
        off[v + 1] = k;
    }
    (off, adj)
}

pub fn run() -> Result<(), String> {
    let (off, adj) = grid();
    let mut x = [0.0; V];
    for i in 0..V {
        x[i] = (i as f64 * 0.83).sin();
    }
    let mut w = [0.0; 8];
    for i in 0..8 {
        w[i] = 0.5 + 0.1 * i as f64;
    }
    let m = Mesh { x, w, off, adj, stiffness: 0.8 };
    reverse("reverse", &m, |m| energy(m), |m, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), m, d);
    }, TOL)
}
