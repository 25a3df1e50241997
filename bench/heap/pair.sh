#!/bin/sh
# pair.sh — callgrind instructions per small alloc+free pair, Goose heap vs
# GOOSE_HEAP=system (malloc + live set). Usage: bench/heap/pair.sh [bytes]
# Runs 100000 and 200000 pairs and reports the difference / 100000, so the
# fixed start-up cost cancels.
set -e
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
B=${1:-32}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
R=$ROOT/runtime
${CC:-cc} -std=c11 -O2 -I"$R" "$ROOT/bench/heap/pair.c" "$R/goose_rt.c" "$R/gs_heap.c" "$R/gs_span_tree.c" -lm -o "$T/pair"
ir() { # mode pairs extra
    env GOOSE_HEAP=$1 valgrind --tool=callgrind --callgrind-out-file="$T/cg" "$T/pair" "$2" "$B" $3 2>&1 |
        sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
}
for mode in goose system; do
    for z in uninit zero; do
        a=$(ir $mode 100000 $z); b=$(ir $mode 200000 $z)
        echo "$mode $z $B bytes: $(( (b - a) / 100000 )) instructions per alloc+free pair"
    done
done
