// User structs and enums by value and by reference, ZST and dyn arguments, Vec, sret enums;
// a module whose functions keep their mangled names.
#[derive(Clone, Copy)]
pub struct Point {
    pub x: f32,
    pub y: f32,
}
pub struct Particle {
    pub pos: [f64; 3],
    pub mass: f64,
    pub id: u32,
}
pub enum Shape {
    Circle(f64),
    Rect { w: f64, h: f64 },
}

#[no_mangle]
pub fn mid(a: Point, b: Point) -> Point {
    Point { x: (a.x + b.x) / 2.0, y: (a.y + b.y) / 2.0 }
}
#[no_mangle]
pub fn total_mass(ps: &[Particle]) -> f64 {
    ps.iter().map(|p| p.mass).sum()
}
#[no_mangle]
pub fn area(s: &Shape) -> f64 {
    match s {
        Shape::Circle(r) => 3.14 * r * r,
        Shape::Rect { w, h } => w * h,
    }
}
#[no_mangle]
pub fn shape_of(x: f64) -> Shape {
    if x > 0.0 { Shape::Circle(x) } else { Shape::Rect { w: x, h: 1.0 } }
}
#[no_mangle]
pub fn move_p(p: &mut Particle, d: f64) {
    p.pos[0] += d;
    p.id += 1;
}
#[no_mangle]
pub fn unit_arg(x: f64, _z: ()) -> f64 {
    x
}
#[no_mangle]
pub fn show(v: &dyn core::fmt::Debug) -> usize {
    let _ = v;
    7
}
#[no_mangle]
pub fn vec_len(v: &Vec<f64>) -> usize {
    v.len()
}
#[no_mangle]
pub fn nums(v: Vec<f64>) -> f64 {
    v.iter().sum()
}

pub mod phys {
    pub fn energy(p: &super::Particle, v: f64) -> f64 {
        0.5 * p.mass * v * v
    }
    pub fn centre(a: super::Point) -> (f32, f32) {
        (a.x, a.y)
    }
}
