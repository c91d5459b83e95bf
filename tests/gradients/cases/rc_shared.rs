//! Two structs sharing one Rc<Vec<f64>>, plus an Rc<f64> scale.
use crate::harness::*;
use std::rc::Rc;

#[derive(Clone, Debug)]
pub struct Model {
    data: Rc<Vec<f64>>,
    scale: Rc<f64>,
    offset: f64,
}
impl Params for Model {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        // Each Rc is uniquely owned by this value in the test (the shadow is a deep copy).
        Rc::make_mut(&mut self.data).visit(f);
        Rc::make_mut(&mut self.scale).visit(f);
        self.offset.visit(f);
    }
}

#[inline(never)]
fn eval(m: &Model, view: &Rc<Vec<f64>>) -> f64 {
    let s: f64 = m.data.iter().zip(view.iter()).map(|(a, b)| a * b).sum();
    s * *m.scale + m.offset
}

#[inline(never)]
fn top(m: *const Model) -> f64 {
    let m = unsafe { &*m };
    let view = Rc::clone(&m.data);
    eval(m, &view)
}

pub fn run() -> Result<(), String> {
    let m = Model { data: Rc::new(vec![1.0, 2.0, -0.5]), scale: Rc::new(1.5), offset: 0.25 };
    reverse("reverse", &m, |m| eval(m, &m.data), |m, d| unsafe {
        let dd = Model { data: Rc::new((*d.data).clone()), scale: Rc::new(*d.scale), offset: 0.0 };
        *d = dd;
        __enzyme_autodiff(top as usize, dup(), m, d as *mut Model);
    }, TOL)
}
