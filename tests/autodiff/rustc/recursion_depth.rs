//! Mutually recursive repr(C) structs (NodeA with an f32 and an `Option<Box<NodeB>>`, NodeB
//! with an f64 and an `Option<Box<NodeA>>`), reverse mode of the root's value.
//! After rust-lang/rust tests/run-make/autodiff/type-trees/recursion-depth-typetree/test.rs
//! at commit ae74103bab58db1905e2071b35f18e77f21d61c3 (MIT OR Apache-2.0). `Clone, Debug`
//! derived for the checks. Upstream's node has `b_ref: None`; here it holds a chain
//! A -> B -> A, whose values must get zero derivatives through shadows of the same shape.
use crate::harness::*;
use typetree_autodiff::autodiff_reverse;

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
    a_ref: Option<Box<NodeA>>,
}
params!(NodeA, value, b_ref);
params!(NodeB, value, a_ref);

#[autodiff_reverse(d_test, Duplicated, Active)]
#[no_mangle]
fn test_recursion_depth(node: &NodeA) -> f32 {
    node.value
}

pub fn run() -> Result<(), String> {
    let inner = NodeA { value: 3.0, b_ref: None };
    let node = NodeA { value: 1.0, b_ref: Some(Box::new(NodeB { value: 2.0, a_ref: Some(Box::new(inner)) })) };
    reverse("d_test", &node, |n| test_recursion_depth(n) as f64, |n, d| {
        d_test(n, d, 1.0);
    }, TOL_F32)
}
