"""bench.harness — the shared instrument of the benchmarks
(docs/benchmarking.md): statistics (stats), guards (guards), the interleaved
runner (runner), the builds of every arm (build), the workload templates
(template), the writers of results.json / results.md / ratios.svg (output),
the matrix driver that bench/slot_pool.py and bench/slice_pool.py share
(matrix), the call modes of --calls (calls), the compile-only metrics
(compile_metrics) and the exact-match patcher of timed edits (patch).
Python standard library only.
"""
