//! records: sensor records through serde — derived Serialize/Deserialize to JSON
//! (serde_json, an IndexMap of channels, an enum of events) and back, a little-endian
//! binary encoding (byteorder) with f16 fields (half), line scanning with memchr, sorting
//! by OrderedFloat keys and grouping with itertools. Prints one checksum line per part and
//! a total.
use byteorder::{ByteOrder, LittleEndian, ReadBytesExt, WriteBytesExt};
use half::f16;
use indexmap::IndexMap;
use itertools::Itertools;
use ordered_float::OrderedFloat;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use std::io::Cursor;

/// A running checksum of integers and f64 values (their exact bits).
struct Sum(u64);

impl Sum {
    fn f(&mut self, x: f64) {
        self.u(x.to_bits());
    }
    fn u(&mut self, x: u64) {
        self.0 = (self.0 ^ x).wrapping_mul(0x100000001b3).rotate_left(17);
    }
    fn bytes(&mut self, b: &[u8]) {
        for c in b.chunks(8) {
            let mut w = [0u8; 8];
            w[..c.len()].copy_from_slice(c);
            self.u(u64::from_le_bytes(w));
        }
    }
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
enum Event {
    Ok,
    Drift { ppm: f64 },
    Fault(u16, String),
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Record {
    id: u32,
    station: String,
    time: i64,
    temp: f64,
    pressure: f32,
    tags: Vec<String>,
    event: Event,
    gust: Option<f64>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Log {
    version: (u8, u8),
    channels: IndexMap<String, Vec<f64>>,
    records: Vec<Record>,
}

fn make_records(n: u32) -> Vec<Record> {
    let stations = ["north", "south", "east", "west", "summit"];
    let mut s: u64 = 42;
    let mut next = move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    (0..n)
        .map(|id| {
            let r = next();
            Record {
                id,
                station: stations[(r % 5) as usize].to_string(),
                time: 1_700_000_000 + id as i64 * 60,
                temp: ((r >> 8) % 6000) as f64 / 100.0 - 20.0,
                pressure: 950.0 + ((r >> 24) % 1000) as f32 * 0.1,
                tags: (0..(r >> 40) % 3).map(|k| format!("t{}", k)).collect(),
                event: match (r >> 50) % 3 {
                    0 => Event::Ok,
                    1 => Event::Drift { ppm: ((r >> 4) % 500) as f64 * 0.25 },
                    _ => Event::Fault((r % 400) as u16, format!("code-{}", r % 17)),
                },
                gust: if r & 1 == 0 { Some(((r >> 12) % 300) as f64 / 10.0) } else { None },
            }
        })
        .collect()
}

#[inline(never)]
fn json_part(recs: &[Record], sum: &mut Sum) {
    let mut channels = IndexMap::new();
    channels.insert("temp".to_string(), recs.iter().map(|r| r.temp).collect::<Vec<_>>());
    channels.insert("gust".to_string(), recs.iter().filter_map(|r| r.gust).collect());
    let log = Log { version: (1, 3), channels, records: recs.to_vec() };
    let text = serde_json::to_string(&log).unwrap();
    let back: Log = serde_json::from_str(&text).unwrap();
    assert!(back == log, "JSON round trip changed the log");
    sum.u(text.len() as u64);
    sum.bytes(text.as_bytes());
    let pretty = serde_json::to_string_pretty(&back.records[..3]).unwrap();
    sum.u(pretty.lines().count() as u64);
    // untyped access through serde_json::Value
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let faults = v["records"].as_array().unwrap().iter().filter(|r| r["event"].get("Fault").is_some()).count();
    sum.u(faults as u64);
    let mean_temp = v["channels"]["temp"].as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).sum::<f64>()
        / recs.len() as f64;
    sum.f(mean_temp);
}

/// 24 bytes a record: id u32, time i64, temp f64, pressure f16, gust f16 (NaN: none).
#[inline(never)]
fn encode(recs: &[Record]) -> Vec<u8> {
    let mut out = Vec::with_capacity(recs.len() * 24);
    for r in recs {
        out.write_u32::<LittleEndian>(r.id).unwrap();
        out.write_i64::<LittleEndian>(r.time).unwrap();
        out.write_f64::<LittleEndian>(r.temp).unwrap();
        out.write_u16::<LittleEndian>(f16::from_f32(r.pressure - 1000.0).to_bits()).unwrap();
        out.write_u16::<LittleEndian>(f16::from_f64(r.gust.unwrap_or(f64::NAN)).to_bits()).unwrap();
    }
    out
}

#[inline(never)]
fn binary_part(recs: &[Record], sum: &mut Sum) {
    let bytes = encode(recs);
    assert_eq!(bytes.len(), recs.len() * 24);
    let mut rd = Cursor::new(&bytes);
    let mut worst: f64 = 0.0;
    for r in recs {
        assert_eq!(rd.read_u32::<LittleEndian>().unwrap(), r.id);
        assert_eq!(rd.read_i64::<LittleEndian>().unwrap(), r.time);
        assert_eq!(rd.read_f64::<LittleEndian>().unwrap(), r.temp);
        let p = f16::from_bits(rd.read_u16::<LittleEndian>().unwrap()).to_f32() + 1000.0;
        worst = worst.max((p - r.pressure).abs() as f64);
        let g = f16::from_bits(rd.read_u16::<LittleEndian>().unwrap());
        assert_eq!(g.is_nan(), r.gust.is_none());
    }
    assert!(worst < 0.05, "f16 pressure error {}", worst);
    sum.f(worst);
    sum.bytes(&bytes);
    let mut ids = vec![0u32; recs.len()];
    for (i, chunk) in bytes.chunks(24).enumerate() {
        ids[i] = LittleEndian::read_u32(chunk);
    }
    sum.u(ids.iter().map(|&x| x as u64).sum());
}

#[inline(never)]
fn text_part(recs: &[Record], sum: &mut Sum) {
    // a CSV of the records, scanned back with memchr
    let mut csv = String::new();
    for r in recs {
        csv.push_str(&format!("{},{},{},{:.2}\n", r.id, r.station, r.time, r.temp));
    }
    let bytes = csv.as_bytes();
    let lines = memchr::memchr_iter(b'\n', bytes).count();
    assert_eq!(lines, recs.len());
    let mut start = 0;
    let mut temps: SmallVec<[f64; 64]> = SmallVec::new();
    for end in memchr::memchr_iter(b'\n', bytes) {
        let line = &bytes[start..end];
        let last = memchr::memrchr(b',', line).unwrap();
        let t: f64 = std::str::from_utf8(&line[last + 1..]).unwrap().parse().unwrap();
        temps.push(t);
        start = end + 1;
    }
    sum.u(memchr::memmem::find_iter(bytes, b"summit").count() as u64);
    sum.u(memchr::memchr2_iter(b'n', b's', bytes).count() as u64);
    // per station: count, mean and the hottest three (OrderedFloat keys)
    let by: Vec<(&str, Vec<f64>)> = recs
        .iter()
        .zip(&temps)
        .map(|(r, t)| (r.station.as_str(), *t))
        .sorted_by_key(|p| p.0)
        .group_by(|p| p.0)
        .into_iter()
        .map(|(k, g)| (k, g.map(|p| p.1).collect()))
        .collect();
    for (station, ts) in &by {
        let mean = ts.iter().sum::<f64>() / ts.len() as f64;
        let hottest: Vec<f64> = ts.iter().copied().map(OrderedFloat).sorted().rev().take(3).map(|x| x.0).collect();
        sum.u(station.len() as u64 * 1000 + ts.len() as u64);
        sum.f(mean);
        hottest.iter().for_each(|h| sum.f(*h));
    }
    let (mn, mx) = temps.iter().copied().map(OrderedFloat).minmax().into_option().unwrap();
    sum.f(mn.0 + mx.0);
}

fn main() {
    let recs = make_records(500);
    let mut total = Sum(0xcbf29ce484222325);
    for (name, part) in [
        ("serde_json", json_part as fn(&[Record], &mut Sum)),
        ("byteorder_half", binary_part),
        ("memchr_itertools", text_part),
    ] {
        let mut s = Sum(0xcbf29ce484222325);
        part(&recs, &mut s);
        println!("{} {:016x}", name, s.0);
        total.u(s.0);
    }
    println!("records {:016x}", total.0);
}
