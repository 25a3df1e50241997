#!/usr/bin/env python3
"""rt_patch.py RUNTIME_COPY [gen|tag]: turns a scratch copy of runtime/ into
an issue-27 prototype runtime (never run it on runtime/ itself).
gen (default): gs_str, []u8 and []string gain a gref word, gs_str_slice
copies it, gs_str_at checks it, and goose_rt.c gains the generation cells
(gs_gref_new / gs_gref_kill).
tag: the packed-tag runtime (rt_patch_tag.py): headers keep their size, a
15-bit tag in bits 47..61 of a slice's cap / a string's len, a uint16 shadow
tag per 16-byte granule kept by the heap and the span pools."""
import os
import sys

d = sys.argv[1]
if len(sys.argv) > 2 and sys.argv[2] == "tag":
    import rt_patch_tag
    rt_patch_tag.patch(d)
    sys.exit(0)
hp, cp = os.path.join(d, "goose_rt.h"), os.path.join(d, "goose_rt.c")
h = open(hp).read()
if "gs_gcell" in h:
    sys.exit(0)
h = h.replace("""    int64_t len; /* GS_OWN_BIT set: owns its bytes */
} gs_str;""", """    int64_t len; /* GS_OWN_BIT set: owns its bytes */
    uint64_t gref; /* temporal prototype: gen<<32 | cell index; 0 = unchecked */
} gs_str;""")
h = h.replace("""    int64_t cap; /* GS_OWN_BIT set: owns its storage */
} gs_slice_u8;""", """    int64_t cap; /* GS_OWN_BIT set: owns its storage */
    uint64_t gref;
} gs_slice_u8;""")
h = h.replace("""    int64_t cap;
} gs_slice_str;""", """    int64_t cap;
    uint64_t gref;
} gs_slice_str;""")
h = h.replace("""    gs_str r;
    gs_check_slice(s, lo, hi, GS_SLEN(v));""", """    gs_str r;
    r.gref = v.gref;
    gs_check_slice(s, lo, hi, GS_SLEN(v));""")
h = h.replace("""    gs_check_index(s, i, GS_SLEN(v));
    return v.ptr[i];""", """    gs_check_index(s, i, GS_SLEN(v));
    GS_GCHK(v);
    return v.ptr[i];""")
h = h.replace("#define GS_LEN_MASK (GS_OWN_BIT - 1)\n", """#define GS_LEN_MASK (GS_OWN_BIT - 1)
/* ---- temporal-safety prototype (issue 27 measurements, scratch only) ----
 * A generation cell per allocation: gs_gcell[idx] holds gen<<32 | idx while
 * the storage lives; a header carries the value it was made with (gref).
 * Freeing bumps the cell's generation. Cell 0 is never freed: gref 0 =
 * storage the prototype does not track (literals, runtime-made values). */
#define GS_GCELLS ((uint64_t)1 << 22)
extern uint64_t gs_gcell[];
uint64_t gs_gref_new(void);
void gs_gref_kill(uint64_t g);
__attribute__((noreturn, cold)) void gs_fail_freed(void);
/* variant count (Swift-like): live local views counted per cell; a kill
 * (delete, a push that moves owned storage) under a count is a conflict
 * (counted, reported at exit: the prototype does not stop). */
extern uint32_t gs_gcount[];
static inline __attribute__((always_inline)) uint64_t gs_borrow(uint64_t g) { gs_gcount[(uint32_t)g]++; return g; }
static inline __attribute__((always_inline)) void gs_unborrow24(void *p) { uint64_t g; memcpy(&g, (char *)p + 24, 8); gs_gcount[(uint32_t)g]--; }
static inline __attribute__((always_inline)) void gs_unborrow16(void *p) { uint64_t g; memcpy(&g, (char *)p + 16, 8); gs_gcount[(uint32_t)g]--; }
#ifndef GS_GCHK_OFF
#define GS_GCHK(x) do { uint64_t gs_g__ = (x).gref; if (__builtin_expect(gs_gcell[(uint32_t)gs_g__] != gs_g__, 0)) gs_fail_freed(); } while (0)
#else
#define GS_GCHK(x) ((void)0)
#endif
""")
open(hp, "w").write(h)
c = open(cp).read()
c = c.replace("    gs_str r;\n", "    gs_str r = {0};\n").replace("    gs_slice_u8 r;\n", "    gs_slice_u8 r = {0};\n")
c += r"""
/* temporal prototype: generation cells, a free stack of cell indices */
uint64_t gs_gcell[GS_GCELLS];
uint32_t gs_gcount[GS_GCELLS];
static uint64_t gs_gconflicts;
__attribute__((destructor)) static void gs_gconflict_report(void) {
    if (gs_gconflicts) fprintf(stderr, "prototype: %llu frees or moves under a live view\n", (unsigned long long)gs_gconflicts);
}
static uint32_t gs_gfree[GS_GCELLS];
static uint32_t gs_gnfree, gs_gnext = 1;
uint64_t gs_gref_new(void) {
    uint32_t i = gs_gnfree ? gs_gfree[--gs_gnfree] : gs_gnext++;
    if (i >= GS_GCELLS) { fprintf(stderr, "prototype: out of cells\n"); exit(3); }
    gs_gcell[i] = (gs_gcell[i] & ~(uint64_t)0xffffffff) + ((uint64_t)1 << 32) + i;
    return gs_gcell[i];
}
void gs_gref_kill(uint64_t g) {
    uint32_t i = (uint32_t)g;
    if (i == 0 || gs_gcell[i] != g) return;
    if (gs_gcount[i]) gs_gconflicts++;
    gs_gcell[i] += (uint64_t)1 << 32;
    gs_gfree[gs_gnfree++] = i;
}
void gs_fail_freed(void) { gs_flush(); fprintf(stderr, "runtime error: use of freed storage\n"); exit(101); }
"""
open(cp, "w").write(c)
