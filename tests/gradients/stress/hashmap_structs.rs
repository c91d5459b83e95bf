//! HashMap<u32, Station> values (a mixed struct with a Vec<f64> inside) passed in and built
//! inside the differentiated code (entry API, get_mut, remove), iterated sorted by key:
//! hashbrown's control bytes, probing and bucket memcpys next to float payloads.
use crate::harness::*;
use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

type Map<V> = HashMap<u32, V, BuildHasherDefault<DefaultHasher>>;

#[derive(Clone, Debug)]
pub struct Station {
    pub code: u16,
    pub temp: f64,
    pub hist: Vec<f64>,
    pub weight: f32,
    pub open: bool,
    pub wind: [f64; 2],
}
params!(Station, temp, hist, wind);

#[derive(Clone, Debug)]
pub struct Net {
    pub stations: Map<Station>,
    pub gain: f64,
    pub links: Vec<(u32, u32)>,
}
impl Params for Net {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        let mut keys: Vec<u32> = self.stations.keys().copied().collect();
        keys.sort();
        for k in keys {
            self.stations.get_mut(&k).unwrap().visit(f);
        }
        self.gain.visit(f);
    }
}

#[derive(Clone, Copy, Debug)]
struct Acc {
    sum: f64,
    sq: f64,
    n: u32,
}

#[inline(never)]
fn reading(s: &Station) -> f64 {
    let h: f64 = s.hist.iter().enumerate().map(|(i, x)| x * (1.0 + 0.1 * i as f64)).sum();
    let open = if s.open { 1.0 } else { 0.3 };
    open * (s.temp + 0.2 * h) * s.weight as f64 + s.wind[0] * s.wind[1]
}

#[inline(never)]
fn spread(net: &Net) -> Map<Acc> {
    let mut m: Map<Acc> = Map::default();
    for &(a, b) in net.links.iter() {
        let (Some(sa), Some(sb)) = (net.stations.get(&a), net.stations.get(&b)) else { continue };
        let v = net.gain * reading(sa) - reading(sb).sin();
        let e = m.entry(a % 5).or_insert(Acc { sum: 0.0, sq: 0.0, n: 0 });
        e.sum += v;
        e.sq += v * v;
        e.n += 1;
    }
    m
}

#[inline(never)]
fn relax(net: &Net) -> Map<Station> {
    let mut m = net.stations.clone();
    let mut keys: Vec<u32> = m.keys().copied().collect();
    keys.sort();
    for w in keys.windows(2) {
        let t = m[&w[0]].temp;
        if let Some(s) = m.get_mut(&w[1]) {
            s.temp = 0.7 * s.temp + 0.3 * t;
            s.hist.push(t * net.gain);
            s.wind.swap(0, 1);
        }
    }
    if let Some(s) = m.remove(&keys[0]) {
        m.insert(1000, Station { code: s.code + 1, ..s });
    }
    m
}

#[inline(never)]
fn f(net: &Net) -> f64 {
    let acc = spread(net);
    let mut ks: Vec<&u32> = acc.keys().collect();
    ks.sort();
    let mut s = 0.0;
    for k in ks {
        let a = &acc[k];
        s += (*k as f64 + 1.0) * a.sum + 0.1 * a.sq / a.n as f64;
    }
    let r = relax(net);
    let mut rk: Vec<(u32, &Station)> = r.iter().map(|(k, v)| (*k, v)).collect();
    rk.sort_by_key(|p| p.0);
    for (i, (_, st)) in rk.iter().enumerate() {
        s += (i as f64 + 0.5) * reading(st);
    }
    s
}

#[inline(never)]
fn top(n: *const Net) -> f64 {
    unsafe { f(&*n) }
}

pub fn run() -> Result<(), String> {
    let mut stations: Map<Station> = Map::default();
    for i in 0..7u32 {
        let t = i as f64;
        stations.insert(
            i * 13 % 17,
            Station {
                code: 500 + i as u16,
                temp: 10.0 + t * 0.7,
                hist: (0..(i % 3 + 1)).map(|j| 0.1 * (t - j as f64)).collect(),
                weight: 0.5 + 0.125 * i as f32,
                open: i % 3 != 1,
                wind: [0.3 * t - 1.0, 0.5],
            },
        );
    }
    let keys: Vec<u32> = (0..7u32).map(|i| i * 13 % 17).collect();
    let links = (0..12).map(|j| (keys[j % 7], keys[(j * 3 + 1) % 7])).collect();
    let net = Net { stations, gain: 0.8, links };
    reverse("reverse", &net, |n| f(n), |n, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), n, d);
    }, TOL)
}
