// A call's sret destination holds the callee's return type (its alloca gets that tree),
// never the type of a variable one arm copies it into: Result<Handle, Node> is 24 bytes
// (Handle's niche is its tag, Node sits at 8), the Ok arm copies all 24 bytes into
// `parent: Handle`. The temporary used to take Handle's tree, and the Err arm's node
// pointer at offset 8 was typed as Handle's integer there (std's BTree insert_recursing
// over NodeRef::ascend; Enzyme stopped on the stress program grid_nested -O0).
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
