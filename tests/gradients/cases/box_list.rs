//! A singly linked list of Box<Node> (recursive type) walked recursively.
use crate::harness::*;

#[derive(Clone, Debug)]
pub struct Node {
    v: f64,
    k: u16,
    next: Option<Box<Node>>,
}
params!(Node, v, next);

#[inline(never)]
fn horner(n: &Node, x: f64) -> f64 {
    match &n.next {
        Some(rest) => n.v + x * horner(rest, x),
        None => n.v * n.k as f64,
    }
}

#[inline(never)]
fn top(n: *const Node) -> f64 {
    unsafe { horner(&*n, 0.75) }
}

pub fn run() -> Result<(), String> {
    let mut list = None;
    for (i, v) in [0.5, -1.0, 2.0, 1.5].iter().enumerate() {
        list = Some(Box::new(Node { v: *v, k: i as u16 + 1, next: list }));
    }
    let head = *list.unwrap();
    reverse("reverse", &head, |n| horner(n, 0.75), |n, d| unsafe { __enzyme_autodiff(top as usize, dup(), n, d); }, TOL)
}
