// langarena: CLBG::Nbody iterations
//
// The CLBG n-body simulation of the Sun and the four giant planets: each
// run advances the system 1000 steps of dt = 0.01 (the pairwise update of
// upstream's move_from_i, body by body). The bodies are one slice of
// structs, made once in `prepare`; the state carries over from run to run
// (warm-up runs included). The checksum (u32) combines the hashes of the
// energy before and after as `(before << 5) & after`, each the djb2 hash
// of the energy printed with 7 decimals. No pool, no RNG.
// Usage: nbody iterations expected_checksum
//   (the expected checksum, a u32 from test.json/run.json, is the last
//   argument; bench/apps/run_apps.py passes it). Prints one line:
//   `CLBG::Nbody: OK in <s>s` or `CLBG::Nbody: ERR[actual=<a>, expected=<e>]`
//   (exit status 1).

import "math"

const NAME: string = "CLBG::Nbody"

fn arg_int(a: []string, i: int) -> int {
    let o = parse_int(a[i])
    if o == none {
        eprintln(NAME + ": bad argument '" + a[i] + "'")
        exit(2)
    }
    return o.unwrap()
}

// Prints the suite line; the exit status.
fn report(sum: u32, expected: int, ns: i64) -> int {
    if sum as int == expected {
        println(NAME + ": OK in " + fmt_f64(ns as f64 / 1e9, 3) + "s")
        return 0
    }
    println(NAME + ": ERR[actual=" + to_string(sum) + ", expected=" + to_string(expected) + "]")
    return 1
}

// LangArena's checksum of an f64: djb2 of its "%.7f" text.
fn checksum_f64(v: f64) -> u32 {
    let s = fmt_f64(v, 7)
    var h: u32 = 5381
    for i in 0..s.len {
        h = (h << 5) + h + s[i] as u32
    }
    delete(s)
    return h
}

const SOLAR_MASS: f64 = 4.0 * math.pi * math.pi
const DAYS_PER_YEAR: f64 = 365.24

struct Planet {
    x: f64
    y: f64
    z: f64
    vx: f64
    vy: f64
    vz: f64
    mass: f64
}

fn planet(x: f64, y: f64, z: f64, vx: f64, vy: f64, vz: f64, mass: f64) -> Planet {
    return Planet{
        x: x, y: y, z: z,
        vx: vx * DAYS_PER_YEAR, vy: vy * DAYS_PER_YEAR, vz: vz * DAYS_PER_YEAR,
        mass: mass * SOLAR_MASS,
    }
}

var bodies: []Planet
var energy_before: f64 = 0.0

// The total energy: kinetic, less the potential of every pair.
fn energy() -> f64 {
    var e = 0.0
    for i in 0..bodies.len {
        let b = bodies[i]
        e += 0.5 * b.mass * (b.vx * b.vx + b.vy * b.vy + b.vz * b.vz)
        for j in i + 1..bodies.len {
            let b2 = bodies[j]
            let dx = b.x - b2.x
            let dy = b.y - b2.y
            let dz = b.z - b2.z
            let distance = math.sqrt(dx * dx + dy * dy + dz * dz)
            e -= b.mass * b2.mass / distance
        }
    }
    return e
}

// Gives the Sun the momentum that makes the system's total zero.
fn offset_momentum() {
    var px = 0.0
    var py = 0.0
    var pz = 0.0
    for b in bodies {
        px += b.vx * b.mass
        py += b.vy * b.mass
        pz += b.vz * b.mass
    }
    bodies[0].vx = -px / SOLAR_MASS
    bodies[0].vy = -py / SOLAR_MASS
    bodies[0].vz = -pz / SOLAR_MASS
}

// Body start - 1 and every later body pull on each other for dt; then
// body start - 1 moves.
fn move_from(start: int, dt: f64) {
    var b1 = bodies[start - 1]
    for j in start..bodies.len {
        let b2 = bodies[j]
        let dx = b1.x - b2.x
        let dy = b1.y - b2.y
        let dz = b1.z - b2.z
        let distance_sq = dx * dx + dy * dy + dz * dz
        let distance = math.sqrt(distance_sq)
        let mag = dt / (distance * distance * distance)
        let b1_mass_mag = b1.mass * mag
        let b2_mass_mag = b2.mass * mag
        b1.vx -= dx * b2_mass_mag
        b1.vy -= dy * b2_mass_mag
        b1.vz -= dz * b2_mass_mag
        bodies[j].vx += dx * b1_mass_mag
        bodies[j].vy += dy * b1_mass_mag
        bodies[j].vz += dz * b1_mass_mag
    }
    b1.x += dt * b1.vx
    b1.y += dt * b1.vy
    b1.z += dt * b1.vz
    bodies[start - 1] = b1
}

fn prepare() {
    bodies = []Planet{
        planet(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0),
        planet(4.84143144246472090e+00, -1.16032004402742839e+00, -1.03622044471123109e-01,
            1.66007664274403694e-03, 7.69901118419740425e-03, -6.90460016972063023e-05,
            9.54791938424326609e-04),
        planet(8.34336671824457987e+00, 4.12479856412430479e+00, -4.03523417114321381e-01,
            -2.76742510726862411e-03, 4.99852801234917238e-03, 2.30417297573763929e-05,
            2.85885980666130812e-04),
        planet(1.28943695621391310e+01, -1.51111514016986312e+01, -2.23307578892655734e-01,
            2.96460137564761618e-03, 2.37847173959480950e-03, -2.96589568540237556e-05,
            4.36624404335156298e-05),
        planet(1.53796971148509165e+01, -2.59193146099879641e+01, 1.79258772950371181e-01,
            2.68067772490389322e-03, 1.62824170038242295e-03, -9.51592254519715870e-05,
            5.15138902046611451e-05),
    }
    offset_momentum()
    energy_before = energy()
}

fn run(_: int) {
    let dt = 0.01
    for _ in 0..1000 {
        for i in 0..bodies.len {
            move_from(i + 1, dt)
        }
    }
}

fn checksum() -> u32 {
    let before = checksum_f64(energy_before)
    let after = checksum_f64(energy())
    return ((before as i64) << 5) as u32 & after
}

fn main() -> int {
    let a = args()
    if a.len != 2 {
        eprintln("usage: nbody iterations expected_checksum")
        return 2
    }
    let iterations = arg_int(a, 0)
    let expected = arg_int(a, 1)
    prepare()
    for i in 0..max(1, iterations * 2 / 10) { run(i) }
    let t0 = clock_ns()
    for i in 0..iterations { run(i) }
    let t1 = clock_ns()
    return report(checksum(), expected, t1 - t0)
}
