//! Self-referential (`Option<Box<Node>>`), mutually recursive through a Vec (GraphNodeA ->
//! Vec<GraphNodeB> -> Option<Box<GraphNodeA>>) and eight-deep nested structs: reverse mode
//! of a scaled field of each.
//! After rust-lang/rust tests/run-make/autodiff/type-trees/recursion-typetree/test.rs at
//! commit 44aa5a9eb97fa676e4a834f646bbaad6d6e2c2a0 (MIT OR Apache-2.0). `Clone, Debug`
//! derived for the checks. Upstream's inputs end at the root (`next: None`, `connections:
//! vec![]`); here every link is filled, so the shadows have the same shape and the nested
//! floats must get zero derivatives.
use crate::harness::*;
use typetree_autodiff::autodiff_reverse;

#[derive(Clone, Debug)]
struct Node {
    value: f64,
    next: Option<Box<Node>>,
}

#[derive(Clone, Debug)]
struct GraphNodeA {
    value: f64,
    connections: Vec<GraphNodeB>,
}

#[derive(Clone, Debug)]
struct GraphNodeB {
    weight: f64,
    target: Option<Box<GraphNodeA>>,
}

#[autodiff_reverse(d_test_node, Duplicated, Active)]
#[no_mangle]
fn test_node(node: &Node) -> f64 {
    node.value * 2.0
}

#[autodiff_reverse(d_test_graph, Duplicated, Active)]
#[no_mangle]
fn test_graph(a: &GraphNodeA) -> f64 {
    a.value * 3.0
}

#[derive(Clone, Debug)]
struct Level1 {
    val: f64,
    next: Option<Box<Level2>>,
}
#[derive(Clone, Debug)]
struct Level2 {
    val: f64,
    next: Option<Box<Level3>>,
}
#[derive(Clone, Debug)]
struct Level3 {
    val: f64,
    next: Option<Box<Level4>>,
}
#[derive(Clone, Debug)]
struct Level4 {
    val: f64,
    next: Option<Box<Level5>>,
}
#[derive(Clone, Debug)]
struct Level5 {
    val: f64,
    next: Option<Box<Level6>>,
}
#[derive(Clone, Debug)]
struct Level6 {
    val: f64,
    next: Option<Box<Level7>>,
}
#[derive(Clone, Debug)]
struct Level7 {
    val: f64,
    next: Option<Box<Level8>>,
}
#[derive(Clone, Debug)]
struct Level8 {
    val: f64,
}

#[autodiff_reverse(d_test_deep, Duplicated, Active)]
#[no_mangle]
fn test_deep(deep: &Level1) -> f64 {
    deep.val * 4.0
}

params!(Node, value, next);
params!(GraphNodeA, value, connections);
params!(GraphNodeB, weight, target);
params!(Level1, val, next);
params!(Level2, val, next);
params!(Level3, val, next);
params!(Level4, val, next);
params!(Level5, val, next);
params!(Level6, val, next);
params!(Level7, val, next);
params!(Level8, val);

fn some<T>(x: T) -> Option<Box<T>> {
    Some(Box::new(x))
}

pub fn run() -> Result<(), String> {
    let node = Node { value: 1.0, next: some(Node { value: -0.5, next: None }) };
    let leaf = GraphNodeA { value: 0.25, connections: vec![] };
    let graph = GraphNodeA {
        value: 2.0,
        connections: vec![GraphNodeB { weight: 0.5, target: some(leaf) }, GraphNodeB { weight: 1.5, target: None }],
    };
    let l8 = Level8 { val: 8.0 };
    let l7 = Level7 { val: 7.0, next: some(l8) };
    let l6 = Level6 { val: 6.0, next: some(l7) };
    let l5 = Level5 { val: 5.5, next: some(l6) };
    let l4 = Level4 { val: 4.0, next: some(l5) };
    let l3 = Level3 { val: 3.0, next: some(l4) };
    let l2 = Level2 { val: 2.0, next: some(l3) };
    let deep = Level1 { val: 5.0, next: some(l2) };

    reverse("d_test_node", &node, |n| test_node(n), |n, d| {
        d_test_node(n, d, 1.0);
    }, TOL)?;
    reverse("d_test_graph", &graph, |g| test_graph(g), |g, d| {
        d_test_graph(g, d, 1.0);
    }, TOL)?;
    reverse("d_test_deep", &deep, |l| test_deep(l), |l, d| {
        d_test_deep(l, d, 1.0);
    }, TOL)
}
