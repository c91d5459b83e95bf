//! A struct with a String name and a Vec<String> of labels beside its floats (bytes that are
//! never differentiated).
use crate::harness::*;

#[derive(Clone, Debug)]
pub struct Sensor {
    name: String,
    gain: f64,
    labels: Vec<String>,
    readings: Vec<f64>,
}
params!(Sensor, gain, readings);

#[inline(never)]
fn calibrated(s: &Sensor) -> f64 {
    let bonus = s.name.len() as f64 + s.labels.iter().map(|l| l.len()).sum::<usize>() as f64;
    s.readings.iter().map(|r| r * s.gain).sum::<f64>() * (1.0 + 0.01 * bonus)
}

#[inline(never)]
fn top(s: *const Sensor) -> f64 {
    unsafe { calibrated(&*s) }
}

pub fn run() -> Result<(), String> {
    let s = Sensor { name: "probe-7".into(), gain: 1.25, labels: vec!["a".into(), "bcd".into()], readings: vec![0.5, -1.0, 2.0] };
    reverse("reverse", &s, |s| calibrated(s), |s, d| unsafe { __enzyme_autodiff(top as usize, dup(), s, d); }, TOL)
}
