//! A slice of a data enum whose variants carry floats at different offsets (and an integer),
//! matched in a map/sum.
use crate::harness::*;

#[derive(Clone, Debug)]
pub enum Shape {
    Circle { r: f64 },
    Rect { w: f64, h: f64, tag: u32 },
    Empty,
}
impl Params for Shape {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        match self {
            Shape::Circle { r } => r.visit(f),
            Shape::Rect { w, h, .. } => {
                w.visit(f);
                h.visit(f)
            }
            Shape::Empty => {}
        }
    }
}

#[inline(never)]
fn area(s: &[Shape]) -> f64 {
    s.iter()
        .map(|s| match s {
            Shape::Circle { r } => 3.0 * r * r,
            Shape::Rect { w, h, .. } => w * h,
            Shape::Empty => 0.0,
        })
        .sum()
}

#[inline(never)]
fn top(s: *const Shape, n: usize) -> f64 {
    unsafe { area(std::slice::from_raw_parts(s, n)) }
}

pub fn run() -> Result<(), String> {
    let s = vec![Shape::Circle { r: 1.0 }, Shape::Rect { w: 2.0, h: 3.0, tag: 7 }, Shape::Empty,
                 Shape::Circle { r: 0.5 }];
    reverse("reverse", &s, |s| area(s), |s, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), s.as_ptr(), d.as_mut_ptr(), cnst(), s.len());
    }, TOL)
}
