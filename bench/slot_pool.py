#!/usr/bin/env python3
"""slot_pool.py — the slot matrix (docs/benchmarking.md): library
`pool.slot_pool[T]` against the builtin `reusable T`, workloads append, lifo
and scattered, at element sizes 8 and 128 bytes, Goose levels -O1 -O2, back
ends clang, tcc and jit (`goose run`), beside C peers (glibc, mimalloc,
jemalloc, a C free-list pool). Each cell: the ratio library / builtin of
median child CPU time, interleaved runs of renamed copies after warm-ups, same
checksum.

  python3 bench/slot_pool.py --quick                 # the whole matrix, < 60 s
  python3 bench/slot_pool.py --out bench/out/slot    # a full run (decisions)
  python3 bench/slot_pool.py --peers-only --quick    # C arms and the control only
  python3 bench/slot_pool.py --callgrind --backends clang --levels 2
  python3 bench/slot_pool.py --quick --calls boundary --backends clang,gcc --compile-metrics

--calls natural|boundary|inline and --compile-metrics: the harness's call
modes and compile-only figures, shared by every matrix (docs/benchmarking.md,
"Inlining, compile cost and timed edits"; bench/harness/calls.py).

Both Goose arms come from one text, bench/workloads/slot_exercise.gs.in,
rendered with each pool's operations (bench/harness/template.py).
Python 3 standard library only. Not for: the slice pools (slice_pool.py).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import matrix  # noqa: E402
from harness.matrix import Workload  # noqa: E402

ELEMS = {
    8: {"ELEM_T": "E8", "ELEM_MK": "mk8($0)", "ELEM_VAL": "POOL_AT($0).v"},
    128: {"ELEM_T": "E128", "ELEM_MK": "mk128($0)", "ELEM_VAL": "(POOL_AT($0).w[0] + POOL_AT($0).w[15])"},
}

POOLS = {
    "builtin": {"POOL_IMPORT": "", "POOL_HELPERS": "", "POOL_T": "reusable ELEM_T",
                "POOL_DECL": "var p: reusable ELEM_T", "POOL_ALLOC": "p.alloc($0)",
                "POOL_AT": "p[$0]", "POOL_FREE": "p.free($0)"},
    "library": {"POOL_IMPORT": 'import "pool"', "POOL_HELPERS": "", "POOL_T": "pool.slot_pool[ELEM_T]",
                "POOL_DECL": "var p = pool.slot_pool[ELEM_T]{}", "POOL_ALLOC": "p.alloc($0)",
                "POOL_AT": "p.get($0)", "POOL_FREE": "p.free($0)"},
    # --stub-pools: Goose-written stand-ins with the same LIFO policy, so the
    # Goose half of the harness can be exercised before the pools compile.
    "stub_builtin": {"POOL_IMPORT": "", "POOL_T": "StubA[ELEM_T]", "POOL_DECL": "var p = StubA[ELEM_T]{}",
                     "POOL_ALLOC": "p.alloc($0)", "POOL_AT": "p.items[$0]", "POOL_FREE": "p.release($0)",
                     "POOL_HELPERS": """// stand-in (--stub-pools): a free stack of indices
struct StubA[T] { items: []T, free: []int }

fn (s: ref StubA[T]) alloc(v: T) -> int {
    if s.free.len > 0 {
        let i = s.free.pop()
        s.items[i] = v
        return i
    }
    s.items.push(v)
    return s.items.len - 1
}

fn (s: ref StubA[T]) release(i: int) { s.free.push(i) }"""},
    "stub_library": {"POOL_IMPORT": "", "POOL_T": "StubB[ELEM_T]", "POOL_DECL": "var p = StubB[ELEM_T]{}",
                     "POOL_ALLOC": "p.alloc($0)", "POOL_AT": "p.items[$0]", "POOL_FREE": "p.release($0)",
                     "POOL_HELPERS": """// stand-in (--stub-pools): free indices chained through next[]
struct StubB[T] { items: []T, next: []int, head: int }

fn (s: ref StubB[T]) alloc(v: T) -> int {
    if s.head > 0 {
        let i = s.head - 1
        s.head = s.next[i]
        s.items[i] = v
        return i
    }
    s.items.push(v)
    s.next.push(0)
    return s.items.len - 1
}

fn (s: ref StubB[T]) release(i: int) {
    s.next[i] = s.head
    s.head = i + 1
}"""},
}


def macros(arm, size):
    m = dict(ELEMS[size])
    m.update(POOLS[arm])
    return m


SPEC = matrix.Spec(
    name="slot",
    title="slot matrix: pool.slot_pool[T] / reusable T",
    template="slot_exercise.gs.in",
    peer="slot_peer.c",
    workloads={
        # n, rounds (full), rounds (--quick), rounds (callgrind, run at r and
        # 2r); {size: rounds} where 128-byte elements need fewer. Sized so the
        # fastest arm works ~10x its start-up (~5 ms) in a full run.
        "append": Workload({8: 100_000, 128: 20_000}, {8: 40, 128: 50}, {8: 3, 128: 2}, 1),
        "lifo": Workload(64, 150_000, 9_000, 500),
        "scattered": Workload(10_000, 8_000_000, 450_000, 20_000),
    },
    sizes=[8, 128],
    size_defines=lambda s: [f"ELEM_BYTES={s}"],
    macros=macros,
    control=("clang", 2, "lifo", 8),
)

if __name__ == "__main__":
    sys.exit(matrix.main(SPEC))
