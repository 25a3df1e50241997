// langarena: Etc::TextRaytracer w h iterations
//
// Each run ray-traces a w x h picture of three spheres lit by one light
// and shades each pixel as one of the characters " .-+*XM"; the checksum
// (u32) adds the bytes of every pixel of every run. Vectors and colours
// are small structs passed by value (as upstream's C); the scene is a
// fixed array built each run. Nothing is allocated: one file, no pool,
// and the RNG is not used.
// Usage: text_raytracer w h iterations expected_checksum
//   (the expected checksum, a u32 from test.json/run.json, is the last
//   argument; bench/apps/run_apps.py passes it). Prints one line:
//   `Etc::TextRaytracer: OK in <s>s` or
//   `Etc::TextRaytracer: ERR[actual=<a>, expected=<e>]` (exit status 1).

import "math"

const NAME: string = "Etc::TextRaytracer"

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

struct Vec { x: f64, y: f64, z: f64 }
struct Color { r: f64, g: f64, b: f64 }
struct Ray { orig: Vec, dir: Vec }
struct Sphere { center: Vec, radius: f64, color: Color }
struct Light { position: Vec, color: Color }

inline fn scale(v: Vec, s: f64) -> Vec { return Vec{x: v.x * s, y: v.y * s, z: v.z * s} }
inline fn add(a: Vec, b: Vec) -> Vec { return Vec{x: a.x + b.x, y: a.y + b.y, z: a.z + b.z} }
inline fn sub(a: Vec, b: Vec) -> Vec { return Vec{x: a.x - b.x, y: a.y - b.y, z: a.z - b.z} }
inline fn dot(a: Vec, b: Vec) -> f64 { return a.x * b.x + a.y * b.y + a.z * b.z }

// v scaled to length 1 (multiplied by 1/|v|, as upstream); 0 stays 0.
// dot and scale written out: a function that calls none is emitted
// inline, and normalize runs once or three times per pixel.
inline fn normalize(v: Vec) -> Vec {
    let mag = math.sqrt(v.x * v.x + v.y * v.y + v.z * v.z)
    if mag == 0.0 {
        return Vec{}
    }
    let s = 1.0 / mag
    return Vec{x: v.x * s, y: v.y * s, z: v.z * s}
}

inline fn color_scale(c: Color, s: f64) -> Color { return Color{r: c.r * s, g: c.g * s, b: c.b * s} }
inline fn color_add(a: Color, b: Color) -> Color { return Color{r: a.r + b.r, g: a.g + b.g, b: a.b + b.b} }

inline fn clamp(x: f64, a: f64, b: f64) -> f64 {
    if x < a { return a }
    if x > b { return b }
    return x
}

// The distance along ray to the sphere's near surface, -1 when the ray
// misses it (or it lies behind the origin or beyond 10000).
inline fn intersect_sphere(ray: Ray, center: Vec, radius: f64) -> f64 {
    let l = sub(center, ray.orig)
    let tca = dot(l, ray.dir)
    if tca < 0.0 { return -1.0 }
    let d2 = dot(l, l) - tca * tca
    let r2 = radius * radius
    if d2 > r2 { return -1.0 }
    let thc = math.sqrt(r2 - d2)
    let t0 = tca - thc
    if t0 > 10000.0 { return -1.0 }
    return t0
}

// Lambert shading from one light plus 0.3 of the object's own colour.
inline fn diffuse_shading(pi: Vec, obj: ref Sphere, light: Light) -> Color {
    let n = normalize(sub(pi, obj.center))
    let light_dir = normalize(sub(light.position, pi))
    let lam = clamp(dot(light_dir, n), 0.0, 1.0)
    return color_add(color_scale(light.color, lam * 0.5), color_scale(obj.color, 0.3))
}

const LUT: string = ".-+*XM"

var width: i32 = 0
var height: i32 = 0
var result: u32 = 0

fn prepare() {
    if width <= 0 { width = 10 }
    if height <= 0 { height = 10 }
}

// The pixel's character: ' ' when the ray hits nothing, else the
// brightness of the first sphere (in scene order) the ray hits.
inline fn pixel(scene: ref [3]Sphere, light: Light, ray: Ray) -> u8 {
    for k in 0..3 {
        let t = intersect_sphere(ray, scene[k].center, scene[k].radius)
        if t >= 0.0 {
            let pi = add(ray.orig, scale(ray.dir, t))
            let c = diffuse_shading(pi, scene[k], light)
            let col = (c.r + c.g + c.b) / 3.0
            let idx = clamp_index((col * 6.0) as int)
            return LUT[idx]
        }
    }
    return ' '
}

inline fn clamp_index(i: int) -> int {
    if i < 0 { return 0 }
    if i >= 6 { return 5 }
    return i
}

fn run(_: int) {
    var scene: [3]Sphere = [
        Sphere{center: Vec{x: -1.0, y: 0.0, z: 3.0}, radius: 0.3, color: Color{r: 1.0, g: 0.0, b: 0.0}},
        Sphere{center: Vec{x: 0.0, y: 0.0, z: 3.0}, radius: 0.8, color: Color{r: 0.0, g: 1.0, b: 0.0}},
        Sphere{center: Vec{x: 1.0, y: 0.0, z: 3.0}, radius: 0.4, color: Color{r: 0.0, g: 0.0, b: 1.0}},
    ]
    let light = Light{position: Vec{x: 0.7, y: -1.0, z: 1.7}, color: Color{r: 1.0, g: 1.0, b: 1.0}}
    var sum: u32 = 0
    let fw = width as f64
    let fh = height as f64
    for j in 0..height {
        let fj = j as f64
        for i in 0..width {
            let fi = i as f64
            let dir = Vec{x: (fi - fw / 2.0) / fw, y: (fj - fh / 2.0) / fh, z: 1.0}
            let ray = Ray{orig: Vec{}, dir: normalize(dir)}
            sum += pixel(scene, light, ray) as u32
        }
    }
    result += sum
}

fn checksum() -> u32 { return result }

fn main() -> int {
    let a = args()
    if a.len != 4 {
        eprintln("usage: text_raytracer w h iterations expected_checksum")
        return 2
    }
    width = arg_int(a, 0) as i32
    height = arg_int(a, 1) as i32
    let iterations = arg_int(a, 2)
    let expected = arg_int(a, 3)
    prepare()
    for i in 0..max(1, iterations * 2 / 10) { run(i) }
    let t0 = clock_ns()
    for i in 0..iterations { run(i) }
    let t1 = clock_ns()
    return report(checksum(), expected, t1 - t0)
}
