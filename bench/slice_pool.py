#!/usr/bin/env python3
"""slice_pool.py — the slice matrix (docs/benchmarking.md): library
`pool.slice_pool[u64]` against the builtin `reusable[] u64`, workloads append,
lifo, scattered, fragmented (many small holes: first fit searches), coalesce
(neighbours freed out of order) and resize, Goose levels -O1 -O2, back ends
clang, tcc and jit (`goose run`), beside C peers (glibc, mimalloc, jemalloc
with calloc/realloc, and a C pool of per-length free lists). Each cell: the
ratio library / builtin of median child CPU time, interleaved runs of renamed
copies after warm-ups, same checksum.

  python3 bench/slice_pool.py --quick
  python3 bench/slice_pool.py --out bench/out/slice
  python3 bench/slice_pool.py --peers-only --quick
  python3 bench/slice_pool.py --callgrind --backends clang --levels 2
  python3 bench/slice_pool.py --quick --calls boundary --backends clang,gcc --compile-metrics

--calls natural|boundary|inline and --compile-metrics: the harness's call
modes and compile-only figures, shared by every matrix (docs/benchmarking.md,
"Inlining, compile cost and timed edits"; bench/harness/calls.py).

Both Goose arms come from bench/workloads/slice_exercise.gs.in. The builtin
has no resize: its arm resizes by alloc + copy + free (resize_builtin
below), which is what a user of `reusable[]` writes.
Python 3 standard library only. Not for: the slot pools (slot_pool.py).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import matrix  # noqa: E402
from harness.matrix import Workload  # noqa: E402

RESIZE_BUILTIN = """// reusable[] has no resize: a new span, the kept elements copied, the old freed
fn resize_builtin(p: ref reusable[] u64, b: []u64, m: int) -> []u64 {
    let c = p.alloc(m)
    let k = min(b.len, m)
    copy_into(c[0:k], b[0:k])
    p.free(b)
    return c
}"""

STUB = """// stand-in (--stub-pools): spans from the Goose heap
struct {name} {{ count: int }}

fn (s: ref {name}) alloc(n: int) -> []u64 {{ return make([]u64, n) }}

fn (s: ref {name}) release(a: []u64) {{
    s.count += {step}
    delete(a)
}}

fn (s: ref {name}) resize(a: []u64, m: int) -> []u64 {{
    let c = make([]u64, m)
    let k = min(a.len, m)
    copy_into(c[0:k], a[0:k])
    delete(a)
    return c
}}"""

POOLS = {
    "builtin": {"POOL_IMPORT": "", "POOL_HELPERS": RESIZE_BUILTIN, "POOL_T": "reusable[] u64",
                "POOL_DECL": "var p: reusable[] u64", "POOL_ALLOC": "p.alloc($0)", "POOL_FREE": "p.free($0)",
                "POOL_RESIZE": "resize_builtin(p, $0, $1)"},
    "library": {"POOL_IMPORT": 'import "pool"', "POOL_HELPERS": "", "POOL_T": "pool.slice_pool[u64]",
                "POOL_DECL": "var p = pool.slice_pool[u64]{}", "POOL_ALLOC": "p.alloc_slice($0)",
                "POOL_FREE": "p.free($0)", "POOL_RESIZE": "p.resize($0, $1)"},
    "stub_builtin": {"POOL_IMPORT": "", "POOL_HELPERS": STUB.format(name="HeapA", step=1), "POOL_T": "HeapA",
                     "POOL_DECL": "var p = HeapA{}", "POOL_ALLOC": "p.alloc($0)", "POOL_FREE": "p.release($0)",
                     "POOL_RESIZE": "p.resize($0, $1)"},
    "stub_library": {"POOL_IMPORT": "", "POOL_HELPERS": STUB.format(name="HeapB", step=2), "POOL_T": "HeapB",
                     "POOL_DECL": "var p = HeapB{}", "POOL_ALLOC": "p.alloc($0)", "POOL_FREE": "p.release($0)",
                     "POOL_RESIZE": "p.resize($0, $1)"},
}


def macros(arm, size):
    return dict(POOLS[arm])


SPEC = matrix.Spec(
    name="slice",
    title="slice matrix: pool.slice_pool[u64] / reusable[] u64",
    template="slice_exercise.gs.in",
    peer="slice_peer.c",
    workloads={
        # n, rounds (full), rounds (--quick), rounds (callgrind, at r and 2r).
        # Sized for the pools, which take 5-10x the C peers' time here: a full
        # cell is ~1 s per round of six arms, the C free list ~5x its start-up.
        "append": Workload(50_000, 10, 1, 1),
        "lifo": Workload(64, 50_000, 4_000, 300),
        "scattered": Workload(10_000, 1_000_000, 100_000, 10_000),
        "fragmented": Workload(20_000, 1_500_000, 120_000, 20_000),
        "coalesce": Workload(1_000, 150, 12, 1),
        "resize": Workload(10_000, 1_000_000, 100_000, 10_000),
    },
    sizes=[8],
    size_label=lambda s: "u64",
    macros=macros,
    control=("clang", 2, "lifo", 8),
    control_arm="c_freelist",
)

if __name__ == "__main__":
    sys.exit(matrix.main(SPEC))
