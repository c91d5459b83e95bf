//! Mutually recursive repr(C) structs (NodeA with an f32 and an `Option<Box<NodeB>>`, NodeB
//! with an f64 and an `Option<Box<NodeA>>`): reverse mode of the root's value (rustc's
//! recursion-depth type-tree program).
//! Translated from rust-lang/rust tests/run-make/autodiff/type-trees/recursion-depth-typetree/test.rs at commit ae74103bab58db1905e2071b35f18e77f21d61c3 (MIT OR Apache-2.0).
//! `#[autodiff_reverse(d_test, Duplicated, Active)]` becomes __enzyme_autodiff with the node
//! dup (f32 result: f32api; seed 1.0); `#[no_mangle]` dropped; `Clone, Debug` derived for the
//! harness. Upstream's node has `b_ref: None`; here it holds a chain A -> B -> A, whose
//! values (f64 and f32) must get zero derivatives through shadows of the same shape.
use crate::harness::*;

// Create mutually recursive types that would cause cycles
#[derive(Clone, Debug)]
#[repr(C)]
struct NodeA {
    value: f32,
    b_ref: Option<Box<NodeB>>,
}

#[derive(Clone, Debug)]
#[repr(C)]
struct NodeB {
    value: f64,
    a_ref: Option<Box<NodeA>>, // Mutual recursion: A -> B -> A -> B...
}
params!(NodeA, value, b_ref);
params!(NodeB, value, a_ref);

#[inline(never)]
fn test_recursion_depth(node: &NodeA) -> f32 {
    node.value
}

#[inline(never)]
fn top(node: *const NodeA) -> f32 {
    test_recursion_depth(unsafe { &*node })
}

pub fn run() -> Result<(), String> {
    let inner = NodeA { value: 3.0, b_ref: None };
    let node = NodeA { value: 1.0, b_ref: Some(Box::new(NodeB { value: 2.0, a_ref: Some(Box::new(inner)) })) };
    reverse("reverse", &node, |n| test_recursion_depth(n) as f64, |n, d| unsafe {
        f32api::__enzyme_autodiff(top as usize, dup(), n, d);
    }, TOL_F32)
}
