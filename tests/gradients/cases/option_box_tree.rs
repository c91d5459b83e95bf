//! A binary tree of Option<Box<Node>> children summed recursively.
use crate::harness::*;

#[derive(Clone, Debug)]
pub struct Node {
    w: f64,
    left: Option<Box<Node>>,
    right: Option<Box<Node>>,
}
params!(Node, w, left, right);

#[inline(never)]
fn eval(n: &Node, depth: u32) -> f64 {
    let l = n.left.as_ref().map_or(0.0, |c| eval(c, depth + 1));
    let r = n.right.as_ref().map_or(1.0, |c| eval(c, depth + 1));
    n.w * (l + 1.0) * r / (depth as f64 + 1.0)
}

#[inline(never)]
fn top(n: *const Node) -> f64 {
    unsafe { eval(&*n, 0) }
}

fn leaf(w: f64) -> Option<Box<Node>> {
    Some(Box::new(Node { w, left: None, right: None }))
}

pub fn run() -> Result<(), String> {
    let t = Node { w: 1.5, left: Some(Box::new(Node { w: -0.5, left: leaf(2.0), right: None })), right: leaf(0.75) };
    reverse("reverse", &t, |t| eval(t, 0), |t, d| unsafe { __enzyme_autodiff(top as usize, dup(), t, d); }, TOL)
}
