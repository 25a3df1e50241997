"""bench.harness — the shared instrument of the benchmarks
(docs/benchmarking.md): statistics (stats), guards (guards), the interleaved
runner (runner), the builds of every arm (build), the workload templates
(template), the writers of results.json / results.md / ratios.svg (output) and
the matrix driver that bench/slot_pool.py and bench/slice_pool.py share
(matrix). Python standard library only.
"""
