//! collections: a weighted graph (petgraph: Dijkstra, strongly connected components,
//! minimum spanning tree, topological order) checked against a hand-written Dijkstra over
//! hashbrown/indexmap/fnv/rustc-hash maps, a sieve in bit-vec and fixedbitset, word counts,
//! smallvec/arrayvec buffers and itertools/either pipelines. Prints one checksum line per
//! part and a total.
use arrayvec::ArrayVec;
use bit_vec::BitVec;
use either::Either;
use fixedbitset::FixedBitSet;
use fnv::FnvHashMap;
use hashbrown::{HashMap, HashSet};
use indexmap::{IndexMap, IndexSet};
use itertools::Itertools;
use ordered_float::OrderedFloat;
use petgraph::algo::{dijkstra, kosaraju_scc, min_spanning_tree, toposort};
use petgraph::data::FromElements;
use petgraph::graph::{DiGraph, NodeIndex, UnGraph};
use rand::{Rng, SeedableRng};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// A running checksum of integers and f64 values (their exact bits).
struct Sum(u64);

impl Sum {
    fn f(&mut self, x: f64) {
        self.u(x.to_bits());
    }
    fn u(&mut self, x: u64) {
        self.0 = (self.0 ^ x).wrapping_mul(0x100000001b3).rotate_left(17);
    }
}

type Edges = Vec<(u32, u32, f64)>;

fn random_edges(n: u32, m: usize, seed: u64) -> Edges {
    let mut rng = rand_pcg::Pcg32::seed_from_u64(seed);
    (0..m)
        .map(|_| (rng.gen_range(0..n), rng.gen_range(0..n), (rng.gen_range(1..1000) as f64) * 0.125))
        .filter(|e| e.0 != e.1)
        .collect()
}

/// Dijkstra over an adjacency map of SmallVecs, distances in a hashbrown map.
#[inline(never)]
fn shortest(n: u32, edges: &Edges, src: u32) -> HashMap<u32, f64> {
    let mut adj: FxHashMap<u32, SmallVec<[(u32, f64); 4]>> = FxHashMap::default();
    for &(a, b, w) in edges {
        adj.entry(a).or_default().push((b, w));
    }
    let mut dist: HashMap<u32, f64> = HashMap::with_capacity(n as usize);
    let mut heap = BinaryHeap::new();
    heap.push(Reverse((OrderedFloat(0.0), src)));
    while let Some(Reverse((OrderedFloat(d), u))) = heap.pop() {
        if dist.contains_key(&u) {
            continue;
        }
        dist.insert(u, d);
        if let Some(out) = adj.get(&u) {
            for &(v, w) in out {
                if !dist.contains_key(&v) {
                    heap.push(Reverse((OrderedFloat(d + w), v)));
                }
            }
        }
    }
    dist
}

#[inline(never)]
fn graph_part(sum: &mut Sum) {
    let n = 300;
    let edges = random_edges(n, 1500, 11);
    let mut g = DiGraph::<u32, f64>::new();
    let nodes: Vec<NodeIndex> = (0..n).map(|i| g.add_node(i)).collect();
    for &(a, b, w) in &edges {
        g.add_edge(nodes[a as usize], nodes[b as usize], w);
    }
    let by_petgraph = dijkstra(&g, nodes[0], None, |e| *e.weight());
    let mine = shortest(n, &edges, 0);
    assert_eq!(by_petgraph.len(), mine.len());
    let mut reached: Vec<(u32, f64)> = by_petgraph.iter().map(|(k, v)| (g[*k], *v)).collect();
    reached.sort_by_key(|p| p.0);
    for (k, d) in &reached {
        assert_eq!(mine[k], *d);
        sum.f(*d);
    }
    let scc = kosaraju_scc(&g);
    let mut sizes: Vec<usize> = scc.iter().map(|c| c.len()).collect();
    sizes.sort_unstable();
    sum.u(sizes.len() as u64);
    sum.u(*sizes.last().unwrap() as u64);
    let ug = UnGraph::<u32, f64>::from_edges(edges.iter().map(|&(a, b, w)| (a, b, w)));
    let mst = UnGraph::<u32, f64>::from_elements(min_spanning_tree(&ug));
    let total: f64 = mst.edge_weights().sum();
    sum.f(total);
    // a DAG: edges only from lower to higher numbers
    let mut dag = DiGraph::<u32, ()>::new();
    let dn: Vec<NodeIndex> = (0..50).map(|i| dag.add_node(i)).collect();
    for &(a, b, _) in edges.iter().take(200) {
        let (a, b) = (a % 50, b % 50);
        if a < b {
            dag.update_edge(dn[a as usize], dn[b as usize], ());
        }
    }
    let order = toposort(&dag, None).expect("acyclic");
    let pos: IndexMap<u32, usize> = order.iter().enumerate().map(|(i, n)| (dag[*n], i)).collect();
    for e in dag.raw_edges() {
        assert!(pos[&dag[e.source()]] < pos[&dag[e.target()]]);
    }
    sum.u(order.iter().take(10).fold(0u64, |h, n| h.wrapping_mul(31).wrapping_add(dag[*n] as u64)));
}

#[inline(never)]
fn sieve_part(sum: &mut Sum) {
    let n = 100_000;
    let mut bv = BitVec::from_elem(n, true);
    let mut fb = FixedBitSet::with_capacity(n);
    fb.insert_range(2..n);
    bv.set(0, false);
    bv.set(1, false);
    let mut i = 2;
    while i * i < n {
        if bv[i] {
            let mut j = i * i;
            while j < n {
                bv.set(j, false);
                fb.set(j, false);
                j += i;
            }
        }
        i += 1;
    }
    let primes: Vec<usize> = fb.ones().collect();
    assert_eq!(primes.len(), bv.iter().filter(|b| *b).count());
    assert_eq!(primes.len(), 9592);
    sum.u(primes.len() as u64);
    sum.u(primes.iter().rev().take(5).map(|&p| p as u64).sum());
    // twin primes, gaps counted in a hashbrown map and an IndexMap (insertion order kept)
    let mut gaps: HashMap<usize, u32> = HashMap::new();
    let mut first: IndexMap<usize, usize> = IndexMap::new();
    for (a, b) in primes.iter().tuple_windows() {
        *gaps.entry(b - a).or_insert(0) += 1;
        first.entry(b - a).or_insert(*a);
    }
    sum.u(gaps[&2] as u64);
    for (g, p) in first.iter().take(20) {
        sum.u((*g as u64) << 32 | *p as u64);
    }
    sum.u(bv.to_bytes().iter().fold(0u64, |h, b| h.rotate_left(5) ^ *b as u64));
}

#[inline(never)]
fn words_part(sum: &mut Sum) {
    let text = "the quick brown fox jumps over the lazy dog while the dog sleeps and the fox \
                runs over hills and over rivers to the quick river bank where a brown dog waits";
    let mut fnv: FnvHashMap<&str, u32> = FnvHashMap::default();
    let mut fx: FxHashMap<&str, u32> = FxHashMap::default();
    let mut order: IndexSet<&str> = IndexSet::new();
    for w in text.split_whitespace() {
        *fnv.entry(w).or_insert(0) += 1;
        *fx.entry(w).or_insert(0) += 1;
        order.insert(w);
    }
    assert_eq!(fnv.len(), fx.len());
    let top: Vec<(&str, u32)> = fnv
        .iter()
        .map(|(w, c)| (*w, *c))
        .sorted_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)))
        .take(5)
        .collect();
    for (w, c) in &top {
        assert_eq!(fx[w], *c);
        sum.u(w.bytes().fold(*c as u64, |h, b| h.wrapping_mul(131).wrapping_add(b as u64)));
    }
    sum.u(order.get_index_of("river").unwrap() as u64);
    let lens: HashSet<usize> = order.iter().map(|w| w.len()).collect();
    sum.u(lens.iter().sorted().fold(0u64, |h, l| h * 10 + *l as u64));
    // group by first letter; Either splits short from long words
    for (k, g) in &order.iter().sorted().group_by(|w| w.as_bytes()[0]) {
        let (short, long): (Vec<&str>, Vec<&str>) = g.partition_map(|w| {
            if w.len() <= 3 { Either::Left(*w) } else { Either::Right(*w) }
        });
        sum.u((k as u64) << 16 | (short.len() as u64) << 8 | long.len() as u64);
    }
    let sides: Vec<Either<usize, &str>> = order
        .iter()
        .map(|w| if w.len() <= 3 { Either::Left(w.len()) } else { Either::Right(*w) })
        .collect();
    let left: usize = sides.iter().filter_map(|e| e.as_ref().left().copied()).sum();
    let right: usize = sides.iter().filter(|e| e.is_right()).map(|e| e.as_ref().either(|n| *n, |w| w.len())).sum();
    sum.u((left as u64) << 20 | right as u64);
    let mut ring: ArrayVec<u32, 16> = ArrayVec::new();
    for (i, w) in text.split(' ').enumerate() {
        if ring.is_full() {
            ring.remove(0);
        }
        ring.push(w.len() as u32 * 100 + i as u32);
    }
    sum.u(ring.iter().map(|&x| x as u64).sum());
    let merged: Vec<u32> = (0..20u32).step_by(3).merge((0..20).step_by(4)).dedup().collect();
    sum.u(merged.iter().fold(0u64, |h, x| h * 3 + *x as u64));
    let cart: u64 = (1..4u64).cartesian_product(1..5u64).map(|(a, b)| a * b).sum();
    sum.u(cart);
}

fn main() {
    let mut total = Sum(0xcbf29ce484222325);
    for (name, part) in [
        ("petgraph", graph_part as fn(&mut Sum)),
        ("sieve", sieve_part),
        ("words", words_part),
    ] {
        let mut s = Sum(0xcbf29ce484222325);
        part(&mut s);
        println!("{} {:016x}", name, s.0);
        total.u(s.0);
    }
    println!("collections {:016x}", total.0);
}
