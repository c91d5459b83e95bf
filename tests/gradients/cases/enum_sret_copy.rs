//! An enum whose variants disagree (`Wide`'s floats lie where `Detail`'s `[u64; 4]` does),
//! copied out of a `Box` or a reference and returned by value: the copy goes by variant
//! through the wrapper's rule (emit/body/ir_body_variant.c), whose tape keeps the shadow of
//! the caller's return place. rustc marks that sret parameter captures(none) and Enzyme gave
//! the shadow the same attribute, so LLVM's passes after Enzyme deleted the adjoint stores
//! the rule's reverse pass reads: all zeros at -O1..-O3, silently, where plain Enzyme
//! refuses the program or is wrong too (random_cases.py seed 8, case 9; the wrapper's
//! --strip-captures, tests/enzyme-bugs/taped-shadow-captures.ll).
use crate::harness::*;

#[derive(Clone, Copy, Debug)]
pub struct Flag {
    on: bool,
    w: f64,
}

#[derive(Clone, Copy, Debug)]
pub enum Shape {
    Tri((usize, Option<f32>, f64), (Option<f32>, f32, u32), f64),
    Empty,
    Detail(f64, Flag, [u64; 4]),
    Wide([f64; 2]),
}

impl Params for Shape {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        match self {
            Shape::Tri(a, b, c) => {
                if let Some(v) = &mut a.1 {
                    v.visit(f);
                }
                a.2.visit(f);
                if let Some(v) = &mut b.0 {
                    v.visit(f);
                }
                b.1.visit(f);
                c.visit(f);
            }
            Shape::Empty => {}
            Shape::Detail(x, flag, _) => {
                x.visit(f);
                flag.w.visit(f);
            }
            Shape::Wide(p) => {
                for x in p.iter_mut() {
                    x.visit(f);
                }
            }
        }
    }
}

#[inline(never)]
fn score(s: &Shape) -> f64 {
    let mut acc = 0.1f64;
    match s {
        Shape::Tri(a, b, c) => {
            acc *= 1.0 + 0.01 * (a.0 as f64);
            if let Some(v) = a.1 {
                acc = acc * 0.93 + (0.4 * ((v * v * 0.5 + v) as f64)).exp();
            }
            acc = acc * 0.93 + (0.4 * a.2).exp();
            if let Some(v) = b.0 {
                acc = acc * 0.93 + ((v * v * 0.5 + v) as f64) * acc.cos();
            }
            acc = acc * 0.93 + ((b.1 * b.1 * 0.5 + b.1) as f64).tanh();
            acc *= 1.0 + 0.01 * (b.2 as f64);
            acc = acc * 0.93 + c * c;
        }
        Shape::Empty => acc += 0.75,
        Shape::Detail(x, flag, ks) => {
            acc = acc * 0.93 + x * x;
            acc = acc * 0.9 + if flag.on { 1.1 * flag.w } else { flag.w * flag.w };
            for k in ks.iter() {
                acc *= 1.0 + 0.01 * (*k as f64);
            }
        }
        Shape::Wide(p) => {
            for x in p.iter() {
                acc = acc * 0.93 + x.tanh();
            }
        }
    }
    acc
}

#[inline(never)]
fn unbox(b: &Box<Shape>) -> Shape {
    **b
}

#[inline(never)]
fn copied(s: &Shape) -> Shape {
    *s
}

#[inline(never)]
fn top_box(b: *const Box<Shape>) -> f64 {
    unsafe { score(&unbox(&*b)) }
}

#[inline(never)]
fn top_ref(s: *const Shape) -> f64 {
    unsafe { score(&copied(&*s)) + 0.5 * score(&*s) }
}

fn both(name: &str, v: Shape) -> Result<(), String> {
    let x: Box<Shape> = Box::new(v);
    reverse(&format!("{name} box reverse"), &x, |x| score(&unbox(x)), |x, d| unsafe {
        __enzyme_autodiff(top_box as usize, dup(), x as *const Box<Shape>, d as *mut Box<Shape>);
    }, TOL_F32)?;
    forward(&format!("{name} box forward"), &x, |x| score(&unbox(x)), |x, t| unsafe {
        __enzyme_fwddiff(top_box as usize, dup(), x as *const Box<Shape>, t as *const Box<Shape>)
    }, TOL_F32)?;
    reverse(&format!("{name} ref reverse"), &v, |s| score(&copied(s)) + 0.5 * score(s), |s, d| unsafe {
        __enzyme_autodiff(top_ref as usize, dup(), s as *const Shape, d as *mut Shape);
    }, TOL_F32)?;
    forward(&format!("{name} ref forward"), &v, |s| score(&copied(s)) + 0.5 * score(s), |s, t| unsafe {
        __enzyme_fwddiff(top_ref as usize, dup(), s as *const Shape, t as *const Shape)
    }, TOL_F32)
}

pub fn run() -> Result<(), String> {
    both("wide", Shape::Wide([1.360501, -1.326371]))?;
    both("detail", Shape::Detail(0.7, Flag { on: true, w: -0.704243 }, [3, 1, 4, 1]))
}
