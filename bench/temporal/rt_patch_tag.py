#!/usr/bin/env python3
"""The packed-tag prototype runtime (issue 27, open question 1), applied by
`rt_patch.py DIR tag` to a scratch copy of runtime/ (never to runtime/).

Headers keep their size: a 15-bit tag lives in bits 47..61 of a slice's
cap and of a string's len (GS_LEN_MASK becomes 2^47 - 1, so GS_SLEN /
GS_CAP mask it away). Tag 0 = untracked, never checked. The shadow holds one
uint16 per 16-byte granule: gs_tag_sh[addr >> 4] (gs_tag_sh is biased: a
flat 2^44-byte reservation natively covers all 2^47 user addresses; under
valgrind, which cannot map that much, the reservation covers the low 2^37
bytes, where valgrind puts the client's mappings; addresses at or above
gs_tag_limit are untracked and counted).
  alloc (gs_heap_pop inline, the run/huge slow path, a pool span): every
        granule of the block gets t = max(granules) + 1;
  free  (gs_heap_free, a span release): granules get t + 1; when that
        reaches 0x7ffe the block is retired instead (granules 0x7fff, the
        block stays live: never reused; counted);
  realloc in place (a run grown, a span resized): the new granules get t
        when none is above t (no stale header can then match), else the
        whole block is stamped anew;
  make / push growth / runtime constructors stamp the tag of ptr's granule
        into the header (gs_tag_bits); views and sub-strings keep the tag
        bits of the header they come from.
Check (GS_GCHK): tag == 0 || gs_tag_sh[ptr >> 4] == tag.
Span pools: a span is rounded up to a whole number of granules (a pool of
u8 places spans 16-byte aligned) so that no two live spans share one."""
import os
import re

HDR = r"""
/* ---- packed-tag prototype (issue 27, scratch only; bench/temporal) ---- */
#define GS_TAG_MAX 0x7fff
#define GS_TAG_HIDDEN __attribute__((visibility("hidden"))) /* one load, not two */
extern GS_TAG_HIDDEN uint16_t *gs_tag_sh;    /* biased: the granule of a is gs_tag_sh[a >> 4] */
extern GS_TAG_HIDDEN uintptr_t gs_tag_limit; /* addresses at or above it are untracked */
extern uint64_t gs_tag_untracked;
extern uintptr_t gs_tag_untracked_at;
void gs_tag_stamp_n(uint16_t *s, size_t n);
static inline __attribute__((always_inline)) void gs_tag_stamp(void *p, size_t bytes) {
    uintptr_t a = (uintptr_t)p;
    uint16_t *s, m = 0;
    size_t i, n = (bytes + 15) >> 4;
    if (__builtin_expect(a >= gs_tag_limit, 0)) { gs_tag_untracked++; gs_tag_untracked_at = a; return; }
    s = gs_tag_sh + (a >> 4);
    if (n > 64) { gs_tag_stamp_n(s, n); return; }  /* above 1 KiB: out of line, vectorized */
    if (n == 0) n = 1;
    for (i = 0; i < n; i++) m = s[i] > m ? s[i] : m;
    m++;
    for (i = 0; i < n; i++) s[i] = m;
}
static inline __attribute__((always_inline)) int64_t gs_tag_bits(const void *p) {
    uintptr_t a = (uintptr_t)p;  /* the tag of p's granule, in header position */
    return a < gs_tag_limit ? (int64_t)gs_tag_sh[a >> 4] << 47 : 0;
}
bool gs_tag_free(void *p, size_t bytes);           /* true: retired (keep it live) */
void gs_tag_extend(void *p, size_t old, size_t bytes);
"""

RT_HDR = r"""
#define GS_TAG_SHIFT 47
#define GS_TAG_MASK ((int64_t)0x7fff << GS_TAG_SHIFT)
/* the tag bits of a header: cap of a slice, len of a string (x an lvalue) */
#define GS_TAGOF(x) (*(const int64_t *)((const char *)&(x) + _Generic((x), gs_str: 8, default: 16)) & GS_TAG_MASK)
/* a view's cap c with the tag of x, when c > 0: a view with no capacity can
 * reach no storage, and its ptr may be one past the block (another block's
 * granule), so it is untracked (tag 0) */
#define GS_TAG_VIEW(c, x) ((c) | ((c) != 0 ? GS_TAGOF(x) : 0))
__attribute__((noreturn, cold)) void gs_fail_freed(void);
#if defined(GS_TAG_NOZERO) && !defined(GS_GCHK_OFF)
/* variant tagnz: no test of tag 0 (sound only when every untracked header's
 * ptr lies in a granule whose shadow stays 0: outside the heap and pools) */
#define GS_GCHK(x) do { uint64_t gs_t__ = (uint64_t)GS_TAGOF(x) >> GS_TAG_SHIFT; \
    if (__builtin_expect(gs_tag_sh[(uintptr_t)(x).ptr >> 4] != gs_t__, 0)) gs_fail_freed(); } while (0)
#elif !defined(GS_GCHK_OFF)
#define GS_GCHK(x) do { uint64_t gs_t__ = (uint64_t)GS_TAGOF(x) >> GS_TAG_SHIFT; \
    if (gs_t__ && __builtin_expect(gs_tag_sh[(uintptr_t)(x).ptr >> 4] != gs_t__, 0)) gs_fail_freed(); } while (0)
#else
#define GS_GCHK(x) ((void)0)
#endif
"""

HEAP_C = r"""
/* ---- packed-tag prototype: the shadow ---- */
#include <sys/mman.h>
#include <stdio.h>
GS_TAG_HIDDEN uint16_t *gs_tag_sh;
GS_TAG_HIDDEN uintptr_t gs_tag_limit;
uint64_t gs_tag_untracked;
uintptr_t gs_tag_untracked_at;
static uint64_t gs_tag_retired, gs_tag_retired_bytes, gs_tag_restamped;
__attribute__((constructor(101))) static void gs_tag_init(void) {
    static const int tries[] = { 47, 37, 36, 35, 34 }; /* 47: flat; 37..: valgrind */
    size_t k;
    for (k = 0; k < sizeof tries / sizeof tries[0]; k++) { /* shadow = 1/8 of the covered range */
        size_t sz = ((size_t)1 << tries[k]) >> 3;
        void *p = mmap(NULL, sz, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (p != MAP_FAILED) {
            gs_tag_sh = (uint16_t *)p;
            gs_tag_limit = (uintptr_t)1 << tries[k];
            return;
        }
    }
}
__attribute__((destructor)) static void gs_tag_report(void) {
    if (getenv("GS_TAG_STATS") || gs_tag_retired)
        fprintf(stderr, "prototype: tag retired %llu blocks (%llu bytes), untracked %llu (last at %#llx), restamped %llu, limit 2^%d\n",
                (unsigned long long)gs_tag_retired, (unsigned long long)gs_tag_retired_bytes,
                (unsigned long long)gs_tag_untracked, (unsigned long long)gs_tag_untracked_at, (unsigned long long)gs_tag_restamped,
                gs_tag_limit ? 63 - __builtin_clzll(gs_tag_limit) : 0);
}
/* out of line so that clang vectorizes them (inlined, it sometimes did not) */
__attribute__((noinline)) static uint16_t tag_max(const uint16_t *s, size_t n) {
    size_t i;
    uint16_t m = 0;
    for (i = 0; i < n; i++) m = s[i] > m ? s[i] : m;
    return m;
}
__attribute__((noinline)) static void tag_fill(uint16_t *s, size_t n, uint16_t t) {
    size_t i;
    for (i = 0; i < n; i++) s[i] = t;
}
__attribute__((noinline)) void gs_tag_stamp_n(uint16_t *s, size_t n) { tag_fill(s, n, (uint16_t)(tag_max(s, n) + 1)); }
bool gs_tag_free(void *p, size_t bytes) {
    uintptr_t a = (uintptr_t)p;
    uint16_t *s, t;
    size_t i, n = (bytes + 15) >> 4;
    if (a >= gs_tag_limit) return false;
    s = gs_tag_sh + (a >> 4);
    if (n == 0) n = 1;
    t = (uint16_t)(s[0] + 1);
    if (t >= GS_TAG_MAX - 1) {
        tag_fill(s, n, GS_TAG_MAX);
        gs_tag_retired++;
        gs_tag_retired_bytes += bytes;
        return true;
    }
    if (n <= 64) for (i = 0; i < n; i++) s[i] = t;
    else tag_fill(s, n, t);
    return false;
}
void gs_tag_extend(void *p, size_t old, size_t bytes) {
    uintptr_t a = (uintptr_t)p;
    uint16_t *s, t, m = 0;
    size_t i, n0 = (old + 15) >> 4, n = (bytes + 15) >> 4;
    if (a >= gs_tag_limit) return;
    s = gs_tag_sh + (a >> 4);
    t = s[0];
    if (n <= n0) {  /* shrunk in place: the granules given back */
        i = n ? n : 1;
        if (i < n0) tag_fill(s + i, n0 - i, (uint16_t)(t + 1));
        return;
    }
    m = tag_max(s + n0, n - n0);
    if (m <= t && t != 0) {
        tag_fill(s + n0, n - n0, t);
        return;
    }
    gs_tag_restamped++;
    gs_tag_stamp(p, bytes);
}
"""


def sub(text, old, new, count=1):
    if old not in text:
        raise SystemExit("rt_patch_tag: pattern not found: %r" % old[:80])
    return text.replace(old, new, count)


def patch(d):
    hp, cp = os.path.join(d, "goose_rt.h"), os.path.join(d, "goose_rt.c")
    h = open(hp).read()
    if "GS_TAG_SHIFT" in h:
        return
    h = sub(h, "#define GS_LEN_MASK (GS_OWN_BIT - 1)\n", "#define GS_LEN_MASK (((int64_t)1 << 47) - 1)\n" + RT_HDR)
    h = sub(h, """    r.ptr = lo != 0 ? v.ptr + lo : v.ptr; /* the zero value has ptr NULL (folded away) */
    r.len = hi - lo;""", """    r.ptr = lo != 0 ? v.ptr + lo : v.ptr; /* the zero value has ptr NULL (folded away) */
    r.len = (hi - lo) | (hi != lo ? (v.len & GS_TAG_MASK) : 0);""")
    h = sub(h, """    gs_check_index(s, i, GS_SLEN(v));
    return v.ptr[i];""", """    gs_check_index(s, i, GS_SLEN(v));
    GS_GCHK(v);
    return v.ptr[i];""")
    h = sub(h, "    gs_str r = { b.ptr, b.len };", "    gs_str r = { b.ptr, b.len | (b.len != 0 ? b.cap & GS_TAG_MASK : 0) };")
    h = sub(h, "    gs_str r = { b.ptr, b.len | (b.cap & GS_OWN_BIT) };",
            "    gs_str r = { b.ptr, b.len | (b.cap & (GS_OWN_BIT | GS_TAG_MASK)) };")
    open(hp, "w").write(h)

    hh = os.path.join(d, "gs_heap.h")
    t = open(hh).read()
    t = sub(t, "#include <string.h>\n", "#include <string.h>\n" + HDR)
    t = sub(t, "        if (zero) memset(p, 0, bytes);\n    }\n    return p;",
            "        gs_tag_stamp(p, gs_heap_cls_size[cls]);\n        if (zero) memset(p, 0, bytes);\n    }\n    return p;")
    open(hh, "w").write(t)

    hc = os.path.join(d, "gs_heap.c")
    t = open(hc).read()
    # the run / huge slow path stamps its block
    t = sub(t, """    ht_lock();
    p = run_alloc_locked(bytes, zero);
    ht_unlock();
    return p;""", """    ht_lock();
    p = run_alloc_locked(bytes, zero);
    ht_unlock();
    if (p != NULL) gs_tag_stamp(p, big_usable((uintptr_t)p));
    return p;""")
    # frees: the slab fast path, a remote free, a run or huge block
    t = sub(t, """                return false;
            AT_ST(&s->live[bi >> 6], w & ~bit);""", """                return false;
            if (gs_tag_free(p, cls_size[c])) return true; /* retired: stays live */
            AT_ST(&s->live[bi >> 6], w & ~bit);""")
    t = sub(t, """    if (s == NULL) return big_free(a);
    bi = slab_live_index(s, a);
    if (bi < 0) return false;
    if (AT_LD(&s->owner) != ht_self()) return free_remote(s, p, (uint32_t)bi);""",
            """    if (s == NULL) {
        size_t u = big_usable(a);
        if (u != 0 && gs_tag_free(p, u)) return true;
        return big_free(a);
    }
    bi = slab_live_index(s, a);
    if (bi < 0) return false;
    if (AT_LD(&s->owner) != ht_self()) {
        if (gs_tag_free(p, cls_size[slab_cls(s, a)])) return true;
        return free_remote(s, p, (uint32_t)bi);
    }""")
    t = sub(t, "        if (grown) return p;", "        if (grown) { gs_tag_extend(p, old, gs_heap_usable(p)); return p; }")
    t = sub(t, """                ht_unlock();
                return q;""", """                ht_unlock();
                if (q == p) gs_tag_extend(p, old, len);
                else { gs_tag_free(p, old); gs_tag_stamp(q, len); }
                return q;""")
    t += HEAP_C
    open(hc, "w").write(t)

    c = open(cp).read()
    c = sub(c, "    r.len = (int64_t)(na + nb) | GS_OWN_BIT;", "    r.len = (int64_t)(na + nb) | GS_OWN_BIT | gs_tag_bits(p);")
    c = sub(c, "    r.cap = r.len | GS_OWN_BIT;", "    r.cap = r.len | GS_OWN_BIT | gs_tag_bits(r.ptr);")
    c = sub(c, """        if (g.ptr == NULL) gs_fail_oom(NULL);
        return g;""", """        if (g.ptr == NULL) gs_fail_oom(NULL);
        g.cap |= gs_tag_bits(g.ptr);
        return g;""")
    c = sub(c, """    if (len > 0 && ptr != NULL) memcpy(g.ptr, ptr, (size_t)len * esz);
    return g;""", """    if (len > 0 && ptr != NULL) memcpy(g.ptr, ptr, (size_t)len * esz);
    g.cap |= gs_tag_bits(g.ptr);
    return g;""")
    c += r"""
void gs_fail_freed(void) { gs_flush(); fprintf(stderr, "runtime error: use of freed storage\n"); exit(101); }
"""
    open(cp, "w").write(c)

    sp = os.path.join(d, "gs_std.c")
    s = open(sp).read()
    s = sub(s, "    gs_str r = { b, (int64_t)n | GS_OWN_BIT };", "    gs_str r = { b, (int64_t)n | GS_OWN_BIT | gs_tag_bits(b) };")
    s = sub(s, "    out->len = (int64_t)len | GS_OWN_BIT;", "    out->len = (int64_t)len | GS_OWN_BIT | gs_tag_bits(buf);")
    s = sub(s, "    r.val.len = (int64_t)len | GS_OWN_BIT;", "    r.val.len = (int64_t)len | GS_OWN_BIT | gs_tag_bits(buf);")
    open(sp, "w").write(s)

    pp = os.path.join(d, "gs_pool.c")
    s = open(pp).read()
    # spans: whole granules (no two live spans share one), stamped, bumped
    s = sub(s, "/* ---- reusable[] T ---- */\n", """/* ---- reusable[] T ---- */
/* packed-tag prototype: n elements rounded up so that n * esz is a multiple of 16 */
GS_INLINE int64_t tag_round(int64_t n, size_t esz) {
    unsigned z = (unsigned)__builtin_ctzll((unsigned long long)esz);
    int64_t g = z >= 4 ? 1 : (int64_t)16 >> z;  /* 16 / gcd(esz, 16) */
    return (n + g - 1) & -g;
}
""")
    s = sub(s, """    off = gs_span_tree_alloc(&st->tree, n);
    if (GS_UNLIKELY(off < 0)) gs_fail_oom(s);
    end = (size_t)(off + n) * esz;""", """    off = gs_span_tree_alloc(&st->tree, tag_round(n, esz));
    if (GS_UNLIKELY(off < 0)) gs_fail_oom(s);
    end = (size_t)(off + tag_round(n, esz)) * esz;""")
    s = sub(s, "        spans_commit_fail(s, st, off, n);", "        spans_commit_fail(s, st, off, tag_round(n, esz));")
    s = sub(s, "    gs_region_zero(&st->region, (size_t)off * esz, (size_t)n * esz);\n",
            "    gs_region_zero(&st->region, (size_t)off * esz, (size_t)tag_round(n, esz) * esz);\n")
    s = sub(s, """    live_put(st, off, n);
    p->len = st->tree.tail;
    return st->region.base + (size_t)off * esz;""", """    live_put(st, off, n);
    p->len = st->tree.tail;
    gs_tag_stamp(st->region.base + (size_t)off * esz, (size_t)n * esz);
    return st->region.base + (size_t)off * esz;""")
    s = sub(s, """    int64_t n = st->live[i].len;
    gs_span m;
    if (GS_UNLIKELY(!gs_span_tree_free(&st->tree, off, n, &m))) gs_fail_oom(NULL);
    live_remove_at(st, i);""", """    int64_t n = st->live[i].len;
    gs_span m;
    if (gs_tag_free(st->region.base + (size_t)off * esz, (size_t)n * esz)) { live_remove_at(st, i); return; }
    n = tag_round(n, esz);
    if (GS_UNLIKELY(!gs_span_tree_free(&st->tree, off, n, &m))) gs_fail_oom(NULL);
    live_remove_at(st, i);""")
    s = sub(s, """    int64_t n = st->live[i].len;
    gs_span mg;
    if (m == n) return true;
    if (!gs_span_tree_resize_in_place(&st->tree, off, n, m, &mg)) return false;""", """    int64_t n = st->live[i].len, n0 = n, m0 = m;
    gs_span mg;
    if (m == n) return true;
    n = tag_round(n, esz);
    m = tag_round(m, esz);
    if (m0 > n0) memset(st->region.base + (size_t)(off + n0) * esz, 0, (size_t)((m0 < n ? m0 : n) - n0) * esz);
    if (m == n) {
        gs_tag_extend(st->region.base + (size_t)off * esz, (size_t)n0 * esz, (size_t)m0 * esz);
        st->live[i].len = m0;
        return true;
    }
    if (!gs_span_tree_resize_in_place(&st->tree, off, n, m, &mg)) return false;
    gs_tag_extend(st->region.base + (size_t)off * esz, (size_t)n0 * esz, (size_t)m0 * esz);""")
    s = sub(s, """    st->live[i].len = m;
    p->len = st->tree.tail;
    return true;""", """    st->live[i].len = m0;
    p->len = st->tree.tail;
    return true;""")
    open(pp, "w").write(s)
