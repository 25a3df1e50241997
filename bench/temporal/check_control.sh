#!/bin/sh
# The positive controls through every checking variant of transform.py:
# each must stop with status 101 and "use of freed storage".
set -e
here=$(cd "$(dirname "$0")" && pwd); root=$(dirname "$(dirname "$here")")
w=${TMPDIR:-/tmp}/temporal_control; rm -rf "$w"; mkdir -p "$w"
cp -r "$root/runtime" "$w/rt"; python3 "$here/rt_patch.py" "$w/rt"
cp -r "$root/runtime" "$w/rt_tag"; python3 "$here/rt_patch.py" "$w/rt_tag" tag
fail=0
for g in control_delete control_push; do
    "$root/build/goose" emit-c "$here/$g.gs" -O2 -o "$w/$g.c"
    for m in all region owner typed tag tagnz; do
        rt="$w/rt"; x=$m; d=""
        case $m in tag) rt="$w/rt_tag" ;; tagnz) rt="$w/rt_tag"; x=tag; d=-DGS_TAG_NOZERO ;; esac
        python3 "$here/transform.py" $x "$w/$g.c" "$w/${g}_$m.c" 2>/dev/null
        clang -std=c11 -O2 $d -I "$rt" "$w/${g}_$m.c" "$rt"/*.c -lm -pthread -o "$w/${g}_$m"
        set +e; "$w/${g}_$m" >/dev/null 2>"$w/err"; rc=$?; set -e
        if [ $rc = 101 ] && grep -q "use of freed storage" "$w/err"; then echo "PASS $g $m"; else echo "FAIL $g $m (status $rc)"; fail=1; fi
    done
done
exit $fail
