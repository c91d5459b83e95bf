// A user enum with data in every variant: bytes where all variants agree (tag, shared f64) are described, others are not.
pub enum Shape {
    Circle { r: f64 },
    Rect { w: f64, h: f64 },
    Empty,
}

#[repr(u8)]
#[derive(Clone, Copy)]
pub enum Color {
    Red = 1,
    Green = 2,
    Blue = 4,
}

#[no_mangle]
#[inline(never)]
pub fn test_shape(s: &Shape) -> f64 {
    match s {
        Shape::Circle { r } => 3.14 * r * r,
        Shape::Rect { w, h } => w * h,
        Shape::Empty => 0.0,
    }
}

#[no_mangle]
#[inline(never)]
pub fn test_color(c: Color) -> u8 {
    c as u8
}

#[no_mangle]
#[inline(never)]
pub fn test_result(r: &Result<f64, f64>) -> f64 {
    match r {
        Ok(x) | Err(x) => *x,
    }
}
