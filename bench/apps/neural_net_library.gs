// langarena: Etc::NeuralNet iterations
//
// A 2-10-1 sigmoid network trained by back-propagation with momentum on
// XOR: each run trains it 1000 times on the four cases; the checksum is
// the djb2 hash of "%.7f" of the sum of its four outputs afterwards.
// Neurons and synapses are slots of two `pool.slot_pool`s filled in
// `prepare` and never freed, linked by slot index (upstream's C links
// them by pointer): this variant measures slot access (`p.get(i)`)
// against neural_net.gs's plain slices, otherwise identical. Each neuron's
// incoming and outgoing synapses are slices of synapse indices. The
// floating-point operations are upstream's, in its order, so every back
// end gives the same bits.
// Usage: neural_net iterations expected_checksum
//   (the expected checksum, a u32 from test.json/run.json, is the last
//   argument; bench/apps/run_apps.py passes it). Prints one line:
//   `Etc::NeuralNet: OK in <s>s` or
//   `Etc::NeuralNet: ERR[actual=<a>, expected=<e>]` (exit status 1).

import "math"
import "pool"

const NAME: string = "Etc::NeuralNet"

// LangArena's RNG; next_float(max) = max * last / 139968 after the update.
var rng_last: int = 42

fn rng_reset() { rng_last = 42 }

fn next_float(max: f64) -> f64 {
    rng_last = (rng_last * 3877 + 29573) % 139968
    return max * rng_last as f64 / 139968.0
}

fn arg_int(a: []string, i: int) -> int {
    let o = parse_int(a[i])
    if o == none {
        eprintln(NAME + ": bad argument '" + a[i] + "'")
        exit(2)
    }
    return o.unwrap()
}

// djb2 over the bytes of s (LangArena's checksum of a string).
fn checksum_string(s: string) -> u32 {
    var h: u32 = 5381
    for i in 0..s.len {
        h = (h << 5) + h + s[i] as u32
    }
    return h
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

const LEARNING_RATE: f64 = 1.0
const MOMENTUM: f64 = 0.3
const TRAIN_RATE: f64 = 0.3

struct Synapse {
    weight: f64
    prev_weight: f64
    source: i32 // neuron indices
    dest: i32
}

struct Neuron {
    ins: []i32 // synapse indices
    outs: []i32
    threshold: f64
    prev_threshold: f64
    error: f64
    output: f64
}

// Layers: inputs first, then the hidden neurons, then the outputs.
const INPUTS: int = 2
const HIDDEN: int = 10
const OUTPUTS: int = 1

var neurons = pool.slot_pool[Neuron]{}
var synapses = pool.slot_pool[Synapse]{}

fn random_weight() -> f64 {
    let r = next_float(1.0)
    return r * 2.0 - 1.0
}

// A synapse from neuron s to neuron d with a random weight.
fn connect(s: int, d: int) {
    let w = random_weight()
    let k = synapses.alloc(Synapse{weight: w, prev_weight: w, source: s as i32, dest: d as i32}) as i32
    neurons.get(s).outs.push(k)
    neurons.get(d).ins.push(k)
}

// Upstream's draw order: every neuron's threshold, then the synapses
// input -> hidden, then hidden -> output, source by source.
fn network_new() {
    let total = INPUTS + HIDDEN + OUTPUTS
    for _ in 0..total {
        let t = random_weight()
        neurons.alloc(Neuron{ins: make([]i32, 0, 4), outs: make([]i32, 0, 4), threshold: t, prev_threshold: t})
    }
    for i in 0..INPUTS {
        for j in 0..HIDDEN { connect(i, INPUTS + j) }
    }
    for i in 0..HIDDEN {
        for j in 0..OUTPUTS { connect(INPUTS + i, INPUTS + HIDDEN + j) }
    }
}

// Each layer's work is one function with the neuron loop around the
// synapse loops (upstream's per-neuron functions written out, in its
// order), so the liveness tests of `neurons` and `synapses` are made once
// per layer rather than once per neuron.

// The outputs of neurons first..first+count-1 from their inputs' outputs.
fn calculate_layer(first: int, count: int) {
    for k in first..first + count {
        var activation = 0.0
        for s in neurons.get(k).ins {
            let syn: Synapse = synapses.get(s as int)
            activation += syn.weight * neurons.get(syn.source as int).output
        }
        activation -= neurons.get(k).threshold
        neurons.get(k).output = 1.0 / (1.0 + math.exp(-activation))
    }
}

// Back-propagation through neurons first..first+count-1, neuron by
// neuron as upstream: the neuron's error (from target on the output
// layer, else from the errors downstream through the weights before this
// step), then the weights into it and its threshold, with momentum.
fn train_layer(first: int, count: int, output_layer: bool, target: f64) {
    for k in first..first + count {
        let out = neurons.get(k).output
        if output_layer {
            neurons.get(k).error = (target - out) * (out * (1.0 - out))
        } else {
            var sum = 0.0
            for s in neurons.get(k).outs {
                let syn: Synapse = synapses.get(s as int)
                sum += syn.prev_weight * neurons.get(syn.dest as int).error
            }
            neurons.get(k).error = sum * (out * (1.0 - out))
        }
        let err = neurons.get(k).error
        for s in neurons.get(k).ins {
            let syn: Synapse = synapses.get(s as int)
            synapses.get(s as int).weight += TRAIN_RATE * LEARNING_RATE * err * neurons.get(syn.source as int).output +
                MOMENTUM * (syn.weight - syn.prev_weight)
            synapses.get(s as int).prev_weight = syn.weight
        }
        let th = neurons.get(k).threshold
        neurons.get(k).threshold += TRAIN_RATE * LEARNING_RATE * err * -1.0 +
            MOMENTUM * (th - neurons.get(k).prev_threshold)
        neurons.get(k).prev_threshold = th
    }
}

fn feed_forward(a: f64, b: f64) {
    neurons.get(0).output = a
    neurons.get(1).output = b
    calculate_layer(INPUTS, HIDDEN)
    calculate_layer(INPUTS + HIDDEN, OUTPUTS)
}

fn train(a: f64, b: f64, target: f64) {
    feed_forward(a, b)
    train_layer(INPUTS + HIDDEN, OUTPUTS, true, target)
    train_layer(INPUTS, HIDDEN, false, 0.0)
}

inline fn output() -> f64 { return neurons.get(INPUTS + HIDDEN).output }

fn prepare() {
    rng_reset()
    network_new()
}

fn run(_: int) {
    for _ in 0..1000 {
        train(0.0, 0.0, 0.0)
        train(1.0, 0.0, 1.0)
        train(0.0, 1.0, 1.0)
        train(1.0, 1.0, 0.0)
    }
}

fn checksum() -> u32 {
    var sum = 0.0
    feed_forward(0.0, 0.0)
    sum += output()
    feed_forward(0.0, 1.0)
    sum += output()
    feed_forward(1.0, 0.0)
    sum += output()
    feed_forward(1.0, 1.0)
    sum += output()
    let s = fmt_f64(sum, 7)
    defer delete(s)
    return checksum_string(s)
}

fn main() -> int {
    let a = args()
    if a.len != 2 {
        eprintln("usage: neural_net iterations expected_checksum")
        return 2
    }
    let iterations = arg_int(a, 0)
    let expected = arg_int(a, 1)
    rng_reset()
    prepare()
    for i in 0..max(1, iterations * 2 / 10) { run(i) }
    rng_reset()
    let t0 = clock_ns()
    for i in 0..iterations { run(i) }
    let t1 = clock_ns()
    return report(checksum(), expected, t1 - t0)
}
