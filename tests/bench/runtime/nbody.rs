// Run-time benchmark: an n-body simulation over a Vec of structs (f64 arrays, masses).
#[derive(Clone, Copy)]
struct Body { pos: [f64; 3], vel: [f64; 3], mass: f64 }

fn advance(bs: &mut [Body], dt: f64) {
    let n = bs.len();
    for i in 0..n {
        for j in i + 1..n {
            let mut d = [0.0; 3];
            for k in 0..3 { d[k] = bs[i].pos[k] - bs[j].pos[k]; }
            let r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + 1e-3;
            let mag = dt / (r2 * r2.sqrt());
            let (mi, mj) = (bs[i].mass, bs[j].mass);
            for k in 0..3 {
                bs[i].vel[k] -= d[k] * mj * mag;
                bs[j].vel[k] += d[k] * mi * mag;
            }
        }
    }
    for b in bs.iter_mut() { for k in 0..3 { b.pos[k] += dt * b.vel[k]; } }
}

fn main() {
    let mut bs: Vec<Body> = (0..60).map(|i| {
        let t = i as f64 * 0.37;
        Body { pos: [t.cos() * 3.0, t.sin() * 2.0, 0.1 * t], vel: [0.0, 0.01 * t, 0.0], mass: 1.0 + 0.01 * i as f64 }
    }).collect();
    for _ in 0..4000 { advance(&mut bs, 0.001); }
    let e: f64 = bs.iter().map(|b| b.mass * b.vel.iter().map(|v| v * v).sum::<f64>()).sum();
    println!("{:.9e}", e);
}
