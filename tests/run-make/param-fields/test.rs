// A pointer parameter whose pointee holds pointers to runs of mixed bytes (a Vec's buffer
// through its type-erased field, a slice reference, a Box) gets "typetree_fields": the
// offset of each such pointer and its pointee's byte runs, which the rewrite before Enzyme
// reads for the pointers loaded from there (emit/rewrite/ir_elem_ptrs.c). Pointers to one
// kind of bytes, and types without such pointers, get none. A parameter's own runs
// ("typetree_segments") tell integers and pointers apart (Node).
#[derive(Clone, Copy)]
pub struct P {
    pub x: f64,
    pub tag: u32,
    pub w: f32,
    pub k: u8,
}

pub struct Node {
    pub n: u64,
    pub p: Box<f64>,
    pub x: f32,
}

pub struct Holder<'a> {
    pub n: usize,
    pub items: &'a [P],
    pub one: Box<P>,
    pub xs: Vec<f64>,
}

#[no_mangle]
#[inline(never)]
pub fn test_vec_fields(v: &Vec<P>) -> f64 {
    v.iter().map(|p| p.x * p.w as f64).sum()
}

#[no_mangle]
#[inline(never)]
pub fn test_holder(h: &Holder) -> f64 {
    h.items.iter().map(|p| p.x).sum::<f64>() + h.one.x + h.xs.iter().sum::<f64>() + h.n as f64
}

#[no_mangle]
#[inline(never)]
pub fn test_plain(v: &Vec<f64>) -> f64 {
    v.iter().sum()
}

#[no_mangle]
#[inline(never)]
pub fn test_node(n: &Node) -> f64 {
    *n.p * n.x as f64 + n.n as f64
}

fn main() {
    let v = vec![P { x: 1.0, tag: 2, w: 0.5, k: 1 }; 3];
    let h = Holder { n: 2, items: &v, one: Box::new(v[0]), xs: vec![1.0, 2.0] };
    let n = Node { n: 3, p: Box::new(2.0), x: 0.5 };
    println!("{} {} {} {}", test_vec_fields(&v), test_holder(&h), test_plain(&h.xs), test_node(&n));
}
