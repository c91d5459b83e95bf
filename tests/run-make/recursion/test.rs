// Recursive types through Option<Box<_>> and Vec stop at a type already on the pointer path and at depth 6 (rustc's recursion-typetree).
#[derive(Clone)]
pub struct Node {
    value: f64,
    next: Option<Box<Node>>,
}

#[derive(Clone)]
pub struct GraphNodeA {
    value: f64,
    connections: Vec<GraphNodeB>,
}

#[derive(Clone)]
pub struct GraphNodeB {
    weight: f64,
    target: Option<Box<GraphNodeA>>,
}

#[derive(Clone)] pub struct Level1 { val: f64, next: Option<Box<Level2>> }
#[derive(Clone)] pub struct Level2 { val: f64, next: Option<Box<Level3>> }
#[derive(Clone)] pub struct Level3 { val: f64, next: Option<Box<Level4>> }
#[derive(Clone)] pub struct Level4 { val: f64, next: Option<Box<Level5>> }
#[derive(Clone)] pub struct Level5 { val: f64, next: Option<Box<Level6>> }
#[derive(Clone)] pub struct Level6 { val: f64, next: Option<Box<Level7>> }
#[derive(Clone)] pub struct Level7 { val: f64, next: Option<Box<Level8>> }
#[derive(Clone)] pub struct Level8 { val: f64 }

#[no_mangle]
#[inline(never)]
pub fn test_node(node: &Node) -> f64 {
    node.value * 2.0
}

#[no_mangle]
#[inline(never)]
pub fn test_graph(node: &GraphNodeA) -> f64 {
    node.value + node.connections.len() as f64
}

#[no_mangle]
#[inline(never)]
pub fn test_deep(level: &Level1) -> f64 {
    level.val * 3.0
}
