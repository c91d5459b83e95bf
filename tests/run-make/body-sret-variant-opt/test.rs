// body-sret-variant as the wrapper compiles library crates for -O1..3 (opt-level 1,
// no-prepopulate-passes): there rustc writes `captures(none) dereferenceable(24)` between
// the sret attribute and its value, and the call's sret destination must still get the
// callee's return type (Result<Handle, Node>'s tree) rather than Handle's.
//@ compile-flags: -C opt-level=1 -C no-prepopulate-passes
use std::ptr::NonNull;

#[derive(Clone, Copy)]
pub struct Handle {
    node: NonNull<f64>,
    height: usize,
    idx: usize,
}

#[derive(Clone, Copy)]
pub struct Node {
    node: NonNull<f64>,
    height: usize,
}

#[inline(never)]
fn ascend(n: Node) -> Result<Handle, Node> {
    if n.height > 0 { Ok(Handle { node: n.node, height: n.height - 1, idx: 3 }) } else { Err(n) }
}

#[no_mangle]
#[inline(never)]
pub fn climb(n: Node) -> f64 {
    match ascend(n) {
        Ok(parent) => parent.idx as f64,
        Err(root) => (unsafe { *root.node.as_ptr() }) + root.height as f64,
    }
}
