//! A stack-machine interpreter over a Vec<Op> whose variants carry f64, f32, u8, u16, usize,
//! (f64, f64) and struct-like payloads, with integer jumps and a Vec<f64> stack: one tagged
//! union whose bytes are float in some variants and integer in others at the same offsets.
use crate::harness::*;

#[derive(Clone, Debug)]
pub enum Op {
    Push(f64),
    Load(u8),
    Store(usize),
    Add,
    Mul,
    Sin,
    Scale(f32),
    Fma(f64, f64),
    Loop { back: u16, times: u8 },
    Dup,
    Swap,
    Poly { c: [f64; 3], deg: u8 },
    Nop,
}
impl Params for Op {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        match self {
            Op::Push(x) => x.visit(f),
            Op::Scale(s) => s.visit(f),
            Op::Fma(a, b) => {
                a.visit(f);
                b.visit(f)
            }
            Op::Poly { c, .. } => c.visit(f),
            _ => {}
        }
    }
}

#[derive(Clone, Debug)]
pub struct Machine {
    pub prog: Vec<Op>,
    pub regs: [f64; 4],
    pub fuel: u32,
}
params!(Machine, prog, regs);

#[inline(never)]
fn step(op: &Op, stack: &mut Vec<f64>, regs: &mut [f64; 4]) {
    match op {
        Op::Push(x) => stack.push(*x),
        Op::Load(r) => stack.push(regs[*r as usize % 4]),
        Op::Store(r) => {
            let v = stack.pop().unwrap_or(0.0);
            regs[*r % 4] = v;
        }
        Op::Add => {
            let b = stack.pop().unwrap();
            let a = stack.pop().unwrap();
            stack.push(a + b);
        }
        Op::Mul => {
            let b = stack.pop().unwrap();
            let a = stack.pop().unwrap();
            stack.push(a * b);
        }
        Op::Sin => {
            let a = stack.pop().unwrap();
            stack.push(a.sin());
        }
        Op::Scale(s) => {
            if let Some(t) = stack.last_mut() {
                *t *= *s as f64;
            }
        }
        Op::Fma(a, b) => {
            let x = stack.pop().unwrap();
            stack.push(x * a + b);
        }
        Op::Dup => {
            let t = *stack.last().unwrap();
            stack.push(t);
        }
        Op::Swap => {
            let n = stack.len();
            stack.swap(n - 1, n - 2);
        }
        Op::Poly { c, deg } => {
            let x = stack.pop().unwrap();
            let mut acc = 0.0;
            for k in (0..=(*deg as usize).min(2)).rev() {
                acc = acc * x + c[k];
            }
            stack.push(acc);
        }
        Op::Loop { .. } | Op::Nop => {}
    }
}

#[inline(never)]
fn execute(m: &Machine) -> (Vec<f64>, [f64; 4]) {
    let mut stack = Vec::new();
    let mut regs = m.regs;
    let mut counters = vec![0u8; m.prog.len()];
    let mut pc = 0usize;
    let mut fuel = m.fuel;
    while pc < m.prog.len() && fuel > 0 {
        fuel -= 1;
        let op = &m.prog[pc];
        if let Op::Loop { back, times } = op {
            if counters[pc] < *times {
                counters[pc] += 1;
                pc -= *back as usize;
                continue;
            }
        }
        step(op, &mut stack, &mut regs);
        pc += 1;
    }
    (stack, regs)
}

#[inline(never)]
fn f(m: &Machine) -> f64 {
    let (stack, regs) = execute(m);
    let mut s: f64 = stack.iter().enumerate().map(|(i, x)| x * (1.0 + 0.5 * i as f64)).sum();
    s += regs.iter().map(|r| r * r).sum::<f64>();
    let kinds = m.prog.iter().filter(|o| matches!(o, Op::Push(_) | Op::Fma(..))).count();
    s * (1.0 + 0.01 * kinds as f64)
}

#[inline(never)]
fn top(m: *const Machine) -> f64 {
    unsafe { f(&*m) }
}

pub fn run() -> Result<(), String> {
    let prog = vec![
        Op::Push(0.5),
        Op::Load(1),
        Op::Mul,
        Op::Sin,
        Op::Fma(1.25, -0.3),
        Op::Dup,
        Op::Store(2),
        Op::Load(2),
        Op::Scale(0.75),
        Op::Add,
        Op::Loop { back: 7, times: 3 },
        Op::Poly { c: [0.2, -0.4, 0.15], deg: 2 },
        Op::Push(-1.5),
        Op::Swap,
        Op::Load(0),
        Op::Fma(0.5, 0.25),
        Op::Mul,
        Op::Nop,
        Op::Store(3),
        Op::Load(3),
        Op::Poly { c: [1.0, 0.3, 0.0], deg: 1 },
    ];
    let m = Machine { prog, regs: [0.4, 1.1, -0.2, 0.9], fuel: 200 };
    reverse("reverse", &m, |m| f(m), |m, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), m, d);
    }, TOL_F32)
}
