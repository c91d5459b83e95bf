//! Values holding a byte array beside a float, pushed one by one into a Vec: an enum
//! `Entry { Item(Item), Gap, Code(u8) }` with `Item { id: u32, tag: [u8; 2], n: i32, w: f64 }`,
//! and a plain struct `Rec { name: [u8; 5], w: f64, k: u16 }`. LLVM's passes forward the copy
//! of each value into push's argument straight into the buffer, and the new memcpy carries
//! no tree; Enzyme, which cannot type the walking pointers, took the copy for integers and
//! moved no derivative: zeros at -O1..-O3, silently, where plain Enzyme stops
//! (random_cases.py seed 12, case 0). A tree says nothing of a byte array's bytes (the bytes
//! rule), so annotate wrote no byte runs for such types and the copy got no segment list.
//! A copy moves those bytes as integers (layout's tree_of_copied_bytes): the runs are
//! written, and the forwarded copy gets its list (typetree rewrite --copy-segments).
use crate::harness::*;

#[derive(Clone, Copy, Debug)]
pub struct Item {
    id: u32,
    tag: [u8; 2],
    n: i32,
    w: f64,
}

#[derive(Clone, Copy, Debug)]
pub enum Entry {
    Item(Item),
    Gap,
    Code(u8),
}

impl Params for Entry {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        if let Entry::Item(it) = self {
            it.w.visit(f);
        }
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Rec {
    name: [u8; 5],
    w: f64,
    k: u16,
}

impl Params for Rec {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        self.w.visit(f);
    }
}

#[inline(never)]
fn weigh(e: &Entry) -> f64 {
    match e {
        Entry::Item(it) => {
            let mut acc = 0.1 * (1.0 + 0.01 * it.id as f64);
            for t in it.tag.iter() {
                acc *= 1.0 + 0.01 * *t as f64;
            }
            acc * (1.0 + 0.01 * it.n as f64) * 0.93 + it.w.tanh()
        }
        Entry::Gap => 0.85,
        Entry::Code(c) => 0.1 * (1.0 + 0.01 * *c as f64),
    }
}

#[inline(never)]
fn collect_entries(xs: &[Entry]) -> f64 {
    let mut v: Vec<Entry> = Vec::new();
    for e in xs.iter() {
        v.push(*e);
    }
    v.iter().map(weigh).sum::<f64>()
}

#[inline(never)]
fn collect_recs(xs: &[Rec]) -> f64 {
    let mut v: Vec<Rec> = Vec::new();
    for r in xs.iter() {
        v.push(*r);
    }
    v.iter().enumerate().map(|(i, r)| (r.w * r.w + r.name[i % 5] as f64 * 0.01) * (1.0 + r.k as f64 * 0.1)).sum()
}

#[inline(never)]
fn top_entries(p: *const Entry, n: usize) -> f64 {
    unsafe { collect_entries(std::slice::from_raw_parts(p, n)) }
}

#[inline(never)]
fn top_recs(p: *const Rec, n: usize) -> f64 {
    unsafe { collect_recs(std::slice::from_raw_parts(p, n)) }
}

pub fn run() -> Result<(), String> {
    let entries = vec![
        Entry::Gap,
        Entry::Item(Item { id: 8, tag: [1, 2], n: -3, w: -0.352317 }),
        Entry::Code(9),
        Entry::Item(Item { id: 2, tag: [0, 7], n: 4, w: 0.81 }),
    ];
    reverse("entries reverse", &entries, |x| collect_entries(x), |x, d| unsafe {
        __enzyme_autodiff(top_entries as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len());
    }, TOL)?;
    forward("entries forward", &entries, |x| collect_entries(x), |x, t| unsafe {
        __enzyme_fwddiff(top_entries as usize, dup(), x.as_ptr(), t.as_ptr(), cnst(), x.len())
    }, TOL)?;
    let recs = vec![
        Rec { name: *b"alpha", w: 1.25, k: 3 },
        Rec { name: *b"omega", w: -0.5, k: 1 },
        Rec { name: *b"delta", w: 2.0, k: 0 },
    ];
    reverse("recs reverse", &recs, |x| collect_recs(x), |x, d| unsafe {
        __enzyme_autodiff(top_recs as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len());
    }, TOL)?;
    forward("recs forward", &recs, |x| collect_recs(x), |x, t| unsafe {
        __enzyme_fwddiff(top_recs as usize, dup(), x.as_ptr(), t.as_ptr(), cnst(), x.len())
    }, TOL)
}
