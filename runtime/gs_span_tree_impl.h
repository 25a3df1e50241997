/* gs_span_tree_impl.h — the body of the span tree, included by
 * gs_span_tree.c once per variant; not a header for anyone else.
 *
 * The includer defines:
 *   GS_T(name)  the variant's prefix for every name defined here
 *   GS_T_WIDE   0: offsets and lengths are int32 (ends up to
 *               GS_SPAN_NARROW_END); 1: int64
 *   GS_T_ISA    0 plain C, 2 SSE2, 3 AVX2, 5 AVX-512 (narrow only)
 *   GS_T_FN     the storage class and attributes of every function here
 *               (static, unused, and the AVX-512 target for that variant)
 *   GS_T_IFN    the same for the small hot helpers, forced inline
 *   GS_T_API    the same, never inlined: alloc and free (the API
 *               functions jump to them without a frame of their own) and
 *               reserve_slow (its call would make the fast free spill)
 * and uses the variant through GS_T(alloc), GS_T(free), ... (see the end).
 *
 * The tree: leaves hold free spans sorted by offset (key = offset, val =
 * length); inner nodes hold per child a separator and the longest span
 * beneath it. Separator i (i >= 1) lies between the spans of children i-1
 * and i: every span under child i-1 ends at or before it and every span
 * under child i starts at or after it. Separators are lower bounds, not the
 * children's exact first offsets, so carving the front of a span (which
 * moves an offset up, never past its end) never touches an inner node's
 * keys. Unused slots hold key PAD and val 0, so scans run over whole arrays.
 * Every leaf array has LC unused slots after it ("slack"): a leaf
 * insertion or removal is then one fixed-size copy of LC entries, without a
 * branch on how many entries move. */

#if GS_T_WIDE
#define K int64_t
#define PAD INT64_MAX
#define KEND INT64_MAX
#else
#define K int32_t
#define PAD INT32_MAX
#define KEND GS_SPAN_NARROW_END
#endif
#define FN GS_T_FN
#define IFN GS_T_IFN
#define LEAF GS_T(leaf)
#define INNER GS_T(inner)
#define LF(x) ((LEAF *)(x))
#define IN(x) ((INNER *)(x))
#define KMAX(a, b) ((a) > (b) ? (a) : (b))

typedef struct GS_T(leaf) {
    gs_span_node h;
    K key[2 * LC]; /* [n, 2 LC): PAD */
    K val[2 * LC]; /* [n, 2 LC): 0 */
} LEAF;

typedef struct GS_T(inner) {
    gs_span_node h;
    K key[IC]; /* separators; [n, IC): PAD */
    K val[IC]; /* the longest span under each child; [n, IC): 0 */
    gs_span_node *child[IC];
} INNER;

#define NODE_SIZE(leaf) ((leaf) ? sizeof(LEAF) : sizeof(INNER))

/* ---- scans and writes over one node array (the variant's SIMD) ---- */

#if GS_T_ISA >= 2
/* The first set bit of the compare masks m (bit i: entry i), else cap. */
IFN int GS_T(first_set)(const uint64_t *m, int cap) {
    int i, r = cap;
    if (cap < 64) /* a stop bit at cap: one count of zeros, no select */
        return gs_span_ctz(m[0] | (uint64_t)1 << (cap % 64));
    GS_SPAN_UNROLL
    for (i = (cap - 1) / 64; i >= 0; i--)
        r = m[i] ? 64 * i + gs_span_ctz(m[i]) : r;
    return r;
}
#endif

#if GS_T_ISA == 5

/* The first i in [0, cap) with a[i] > v, else cap. */
IFN int GS_T(first_gt)(const K *a, K v, int cap) {
    __m512i vv = _mm512_set1_epi32(v);
    uint64_t m[GS_SPAN_NMASK] = { 0 };
    int i;
    GS_SPAN_UNROLL
    for (i = 0; i < cap; i += 16)
        m[i / 64] |= (uint64_t)_mm512_cmpgt_epi32_mask(_mm512_loadu_si512((const void *)(a + i)), vv)
                     << (i % 64);
    return GS_T(first_set)(m, cap);
}

/* The largest a[j] for j in [0, cap), j != skip (values are >= 0). */
IFN K GS_T(max_but)(const K *a, int cap, int skip) {
    __m512i m = _mm512_setzero_si512();
    int j;
    GS_SPAN_UNROLL
    for (j = 0; j < cap; j += 16) {
        unsigned d = (unsigned)(skip - j);
        __mmask16 keep = (__mmask16)(d < 16 ? ~(1u << d) : 0xFFFFu);
        m = _mm512_max_epi32(m, _mm512_maskz_loadu_epi32(keep, (const void *)(a + j)));
    }
    return _mm512_reduce_max_epi32(m);
}

/* a[i] = v, written as the whole 64-byte chunk holding it: the vector loads
 * that follow then take it from the store buffer instead of stalling. */
IFN void GS_T(put)(K *a, int i, K v) {
    K *c = a + (i & ~15);
    _mm512_storeu_si512((void *)c, _mm512_mask_set1_epi32(_mm512_loadu_si512((const void *)c),
                                                          (__mmask16)(1u << (i & 15)), v));
}

/* a[i] = max(a[i], v), the same way. */
IFN void GS_T(put_max)(K *a, int i, K v) {
    K *c = a + (i & ~15);
    __m512i o = _mm512_loadu_si512((const void *)c);
    _mm512_storeu_si512((void *)c, _mm512_mask_max_epi32(o, (__mmask16)(1u << (i & 15)), o, _mm512_set1_epi32(v)));
}

/* One leaf array: a[w] = v, and with ins the entries from w up move one
 * slot up, with del the entries above w move one slot down over w+1 (a
 * pad comes in at the top). Aligned whole-chunk stores, no branch. */
IFN void GS_T(leaf_upd)(K *a, int pos, int ins, int del, int w, K v, K pad) {
    __m512i c[LC / 16 + 2];
    uint64_t sel = (ins | del) ? ~(uint64_t)0 << w << 1 : 0, one = (uint64_t)1 << w;
    __mmask16 up = (__mmask16)(ins ? 0xFFFFu : 0);
    int j;
    (void)pos;
    c[0] = _mm512_set1_epi32(pad);
    GS_SPAN_UNROLL
    for (j = 0; j < LC / 16; j++)
        c[j + 1] = _mm512_loadu_si512((const void *)(a + 16 * j));
    c[LC / 16 + 1] = _mm512_set1_epi32(pad);
    GS_SPAN_UNROLL
    for (j = 0; j < LC / 16; j++) {
        __m512i mv = _mm512_mask_blend_epi32(up, _mm512_alignr_epi32(c[j + 2], c[j + 1], 1),
                                             _mm512_alignr_epi32(c[j + 1], c[j], 15));
        __m512i r = _mm512_mask_blend_epi32((__mmask16)(sel >> (16 * j)), c[j + 1], mv);
        r = _mm512_mask_set1_epi32(r, (__mmask16)(one >> (16 * j)), v);
        _mm512_storeu_si512((void *)(a + 16 * j), r);
    }
}

/* One leaf array: entry i removed, the entries above it moved down. */
IFN void GS_T(leaf_del)(K *a, int i, K pad) {
    __m512i c[LC / 16 + 1];
    uint64_t sel = ~(uint64_t)0 << i;
    int j;
    GS_SPAN_UNROLL
    for (j = 0; j < LC / 16; j++)
        c[j] = _mm512_loadu_si512((const void *)(a + 16 * j));
    c[LC / 16] = _mm512_set1_epi32(pad);
    GS_SPAN_UNROLL
    for (j = 0; j < LC / 16; j++)
        _mm512_storeu_si512((void *)(a + 16 * j),
                            _mm512_mask_blend_epi32((__mmask16)(sel >> (16 * j)), c[j],
                                                    _mm512_alignr_epi32(c[j + 1], c[j], 1)));
}

#else /* SSE2 or plain C */

IFN int GS_T(first_gt)(const K *a, K v, int cap) {
    int i, r = cap;
#if GS_T_ISA == 3
    __m256i vv = _mm256_set1_epi32(v);
    uint64_t m[GS_SPAN_NMASK] = { 0 };
    GS_SPAN_UNROLL
    for (i = 0; i < cap; i += 8)
        m[i / 64] |= (uint64_t)(uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(
                         _mm256_cmpgt_epi32(_mm256_loadu_si256((const __m256i *)(a + i)), vv)))
                     << (i % 64);
    return GS_T(first_set)(m, cap);
#elif GS_T_ISA == 2
    __m128i vv = _mm_set1_epi32(v);
    uint64_t m[GS_SPAN_NMASK] = { 0 };
    if (cap % 16 == 0) { /* sixteen compares packed into one byte mask */
        GS_SPAN_UNROLL
        for (i = 0; i < cap; i += 16) {
            __m128i c0 = _mm_cmpgt_epi32(_mm_loadu_si128((const __m128i *)(a + i)), vv);
            __m128i c1 = _mm_cmpgt_epi32(_mm_loadu_si128((const __m128i *)(a + i + 4)), vv);
            __m128i c2 = _mm_cmpgt_epi32(_mm_loadu_si128((const __m128i *)(a + i + 8)), vv);
            __m128i c3 = _mm_cmpgt_epi32(_mm_loadu_si128((const __m128i *)(a + i + 12)), vv);
            __m128i p = _mm_packs_epi16(_mm_packs_epi32(c0, c1), _mm_packs_epi32(c2, c3));
            m[i / 64] |= (uint64_t)(uint32_t)_mm_movemask_epi8(p) << (i % 64);
        }
    } else {
        GS_SPAN_UNROLL
        for (i = 0; i < cap; i += 4)
            m[i / 64] |= (uint64_t)_mm_movemask_ps(_mm_castsi128_ps(
                             _mm_cmpgt_epi32(_mm_loadu_si128((const __m128i *)(a + i)), vv)))
                         << (i % 64);
    }
    return GS_T(first_set)(m, cap);
#else
    for (i = cap - 1; i >= 0; i--)
        r = a[i] > v ? i : r;
#endif
    return r;
}

#if GS_T_ISA == 2
IFN __m128i GS_T(max4)(__m128i a, __m128i b) { /* SSE2 has no pmaxsd */
    __m128i g = _mm_cmpgt_epi32(a, b);
    return _mm_or_si128(_mm_and_si128(g, a), _mm_andnot_si128(g, b));
}
#endif

IFN K GS_T(max_but)(const K *a, int cap, int skip) {
#if GS_T_ISA == 3
    __m256i m = _mm256_setzero_si256(), s = _mm256_set1_epi32(skip);
    __m128i r;
    int j;
    GS_SPAN_UNROLL
    for (j = 0; j < cap; j += 8)
        m = _mm256_max_epi32(m, _mm256_andnot_si256(_mm256_cmpeq_epi32(_mm256_load_si256((const __m256i *)(gs_span_iota + j)), s),
                                                    _mm256_loadu_si256((const __m256i *)(a + j))));
    r = _mm_max_epi32(_mm256_castsi256_si128(m), _mm256_extracti128_si256(m, 1));
    r = _mm_max_epi32(r, _mm_shuffle_epi32(r, 0x4E));
    r = _mm_max_epi32(r, _mm_shuffle_epi32(r, 0xB1));
    return _mm_cvtsi128_si32(r);
#elif GS_T_ISA == 2
    /* As floats: rounding keeps the order, and below 2^24 it is exact, so
     * a float maximum under 2^24 is the answer; above, count exactly. */
    __m128 m = _mm_setzero_ps();
    const int32_t *w = gs_span_win + GS_SPAN_WMAX - skip; /* w[j + k]: -1 when j + k == skip */
    int j;
    float f;
    GS_SPAN_UNROLL
    for (j = 0; j < cap; j += 4) {
        __m128i x = _mm_loadu_si128((const __m128i *)(a + j));
        x = _mm_andnot_si128(_mm_loadu_si128((const __m128i *)(w + j)), x);
        m = _mm_max_ps(m, _mm_cvtepi32_ps(x));
    }
    m = _mm_max_ps(m, _mm_shuffle_ps(m, m, 0x4E));
    m = _mm_max_ps(m, _mm_shuffle_ps(m, m, 0xB1));
    f = _mm_cvtss_f32(m);
    if (f < 16777216.0f)
        return (K)f;
    {
        __m128i r = _mm_setzero_si128();
        for (j = 0; j < cap; j += 4) {
            __m128i x = _mm_loadu_si128((const __m128i *)(a + j));
            x = _mm_andnot_si128(_mm_loadu_si128((const __m128i *)(w + j)), x);
            r = GS_T(max4)(r, x);
        }
        r = GS_T(max4)(r, _mm_shuffle_epi32(r, 0x4E));
        r = GS_T(max4)(r, _mm_shuffle_epi32(r, 0xB1));
        return _mm_cvtsi128_si32(r);
    }
#else
    K r = 0;
    int j;
    for (j = 0; j < cap; j++)
        r = j != skip && a[j] > r ? a[j] : r;
    return r;
#endif
}

#if GS_T_ISA == 3
/* As the AVX-512 variant: the whole aligned 32-byte chunk is written. */
IFN void GS_T(put)(K *a, int i, K v) {
    K *c = a + (i & ~7);
    __m256i m = _mm256_cmpeq_epi32(_mm256_set1_epi32(i & 7), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    _mm256_storeu_si256((__m256i *)c, _mm256_blendv_epi8(_mm256_loadu_si256((const __m256i *)c), _mm256_set1_epi32(v), m));
}

IFN void GS_T(put_max)(K *a, int i, K v) {
    K *c = a + (i & ~7);
    __m256i o = _mm256_loadu_si256((const __m256i *)c);
    __m256i m = _mm256_cmpeq_epi32(_mm256_set1_epi32(i & 7), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    _mm256_storeu_si256((__m256i *)c, _mm256_blendv_epi8(o, _mm256_max_epi32(o, _mm256_set1_epi32(v)), m));
}
#elif GS_T_ISA == 2
/* As the AVX-512 variant: the whole aligned 16-byte chunk is written. */
IFN void GS_T(put)(K *a, int i, K v) {
    K *c = a + (i & ~3);
    __m128i m = _mm_loadu_si128((const __m128i *)gs_span_lane[i & 3]);
    __m128i o = _mm_loadu_si128((const __m128i *)c);
    _mm_storeu_si128((__m128i *)c, _mm_or_si128(_mm_and_si128(m, _mm_set1_epi32(v)), _mm_andnot_si128(m, o)));
}

IFN void GS_T(put_max)(K *a, int i, K v) {
    K *c = a + (i & ~3);
    __m128i o = _mm_loadu_si128((const __m128i *)c), vv = _mm_set1_epi32(v);
    __m128i m = _mm_and_si128(_mm_loadu_si128((const __m128i *)gs_span_lane[i & 3]), _mm_cmpgt_epi32(vv, o));
    _mm_storeu_si128((__m128i *)c, _mm_or_si128(_mm_and_si128(m, vv), _mm_andnot_si128(m, o)));
}
#else
IFN void GS_T(put)(K *a, int i, K v) {
    a[i] = v;
}

IFN void GS_T(put_max)(K *a, int i, K v) {
    a[i] = KMAX(a[i], v);
}
#endif

/* See the AVX-512 variant. Here: one copy of LC entries from pos+del to
 * pos+ins (the slack after the array makes its size fixed), then a[w]. */
IFN void GS_T(leaf_upd)(K *a, int pos, int ins, int del, int w, K v, K pad) {
#if GS_T_ISA == 3 /* whole registers (a memcpy here is built of 16-byte moves) */
    __m256i c[LC / 8];
    int j;
    (void)pad;
    GS_SPAN_UNROLL
    for (j = 0; j < LC / 8; j++)
        c[j] = _mm256_loadu_si256((const __m256i *)(a + pos + del + 8 * j));
    GS_SPAN_UNROLL
    for (j = 0; j < LC / 8; j++)
        _mm256_storeu_si256((__m256i *)(a + pos + ins + 8 * j), c[j]);
#else
    K tmp[LC];
    (void)pad;
    memcpy(tmp, a + pos + del, sizeof tmp);
    memcpy(a + pos + ins, tmp, sizeof tmp);
#endif
    a[w] = v;
}

IFN void GS_T(leaf_del)(K *a, int i, K pad) {
    K tmp[LC];
    (void)pad;
    memcpy(tmp, a + i + 1, sizeof tmp);
    memcpy(a + i, tmp, sizeof tmp);
}

#endif /* GS_T_ISA */

IFN K GS_T(arr_max)(const K *a, int cap) {
    return GS_T(max_but)(a, cap, -1);
}

/* ---- nodes ---- */

FN K *GS_T(nkey)(gs_span_node *x) {
    return x->leaf ? LF(x)->key : IN(x)->key;
}

FN K *GS_T(nval)(gs_span_node *x) {
    return x->leaf ? LF(x)->val : IN(x)->val;
}

FN int GS_T(ncap)(const gs_span_node *x) {
    return x->leaf ? LC : IC;
}

FN K GS_T(node_max)(gs_span_node *x) {
    return x->leaf ? GS_T(arr_max)(LF(x)->val, LC) : GS_T(arr_max)(IN(x)->val, IC);
}

FN void GS_T(node_clear)(gs_span_node *x, int leaf) {
    int i;
    x->n = 0;
    x->leaf = leaf;
    x->next = NULL;
    if (leaf) {
        for (i = 0; i < 2 * LC; i++) {
            LF(x)->key[i] = PAD;
            LF(x)->val[i] = 0;
        }
    } else {
        for (i = 0; i < IC; i++) {
            IN(x)->key[i] = PAD;
            IN(x)->val[i] = 0;
            IN(x)->child[i] = NULL;
        }
    }
}

/* Takes a reserved spare of the kind (callers reserve first). */
FN gs_span_node *GS_T(node_take)(gs_span_tree *t, int leaf) {
    gs_span_node *x = t->spare[leaf];
    t->spare[leaf] = x->next;
    t->nspare[leaf]--;
    t->nnodes++;
    GS_T(node_clear)(x, leaf);
    return x;
}

FN void GS_T(node_push)(gs_span_tree *t, gs_span_node *x, int leaf) {
    x->leaf = leaf;
    x->next = t->spare[leaf];
    t->spare[leaf] = x;
    t->nspare[leaf]++;
}

FN void GS_T(node_recycle)(gs_span_tree *t, gs_span_node *x) {
    t->nnodes--;
    if (t->nspare[x->leaf] >= GS_SPAN_SPARE_MAX)
        gs_span_node_del(t, x, NODE_SIZE(x->leaf));
    else
        GS_T(node_push)(t, x, x->leaf);
}

/* Spares for the worst insertion: a leaf split, a split at every inner
 * level and a new root. */
GS_T_API bool GS_T(reserve_slow)(gs_span_tree *t) {
    int32_t need[2];
    int leaf;
    need[0] = t->root ? t->height + 1 : 0;
    need[1] = 1;
    for (leaf = 0; leaf < 2; leaf++) {
        while (t->nspare[leaf] < need[leaf]) {
            gs_span_node *x = gs_span_node_new(t, NODE_SIZE(leaf));
            if (!x)
                return false;
            GS_T(node_push)(t, x, leaf);
        }
    }
    return true;
}

IFN bool GS_T(reserve)(gs_span_tree *t) {
    if (t->nspare[1] >= 1 && t->nspare[0] >= t->height + 1)
        return true;
    return GS_T(reserve_slow)(t);
}

/* Gives every spare back to the allocator. */
FN void GS_T(drop_spares)(gs_span_tree *t) {
    int leaf;
    for (leaf = 0; leaf < 2; leaf++) {
        while (t->spare[leaf]) {
            gs_span_node *x = t->spare[leaf];
            t->spare[leaf] = x->next;
            gs_span_node_del(t, x, NODE_SIZE(leaf));
        }
        t->nspare[leaf] = 0;
    }
}

FN void GS_T(free_subtree)(gs_span_tree *t, gs_span_node *x) {
    int i;
    if (!x->leaf)
        for (i = 0; i < x->n; i++)
            GS_T(free_subtree)(t, IN(x)->child[i]);
    gs_span_node_del(t, x, NODE_SIZE(x->leaf));
}

/* ---- slot moves of the general (rare) paths ---- */

/* Opens cnt slots at pos (the node has room). */
FN void GS_T(node_open)(gs_span_node *x, int pos, int cnt) {
    int m = x->n - pos;
    K *k = GS_T(nkey)(x), *v = GS_T(nval)(x);
    memmove(&k[pos + cnt], &k[pos], (size_t)m * sizeof *k);
    memmove(&v[pos + cnt], &v[pos], (size_t)m * sizeof *v);
    if (!x->leaf)
        memmove(&IN(x)->child[pos + cnt], &IN(x)->child[pos], (size_t)m * sizeof(gs_span_node *));
    x->n += cnt;
}

/* Drops the cnt entries at pos, padding the freed slots. */
FN void GS_T(node_close)(gs_span_node *x, int pos, int cnt) {
    int m = x->n - pos - cnt, i;
    K *k = GS_T(nkey)(x), *v = GS_T(nval)(x);
    memmove(&k[pos], &k[pos + cnt], (size_t)m * sizeof *k);
    memmove(&v[pos], &v[pos + cnt], (size_t)m * sizeof *v);
    if (!x->leaf)
        memmove(&IN(x)->child[pos], &IN(x)->child[pos + cnt], (size_t)m * sizeof(gs_span_node *));
    x->n -= cnt;
    for (i = x->n; i < x->n + cnt; i++) {
        k[i] = PAD;
        v[i] = 0;
        if (!x->leaf)
            IN(x)->child[i] = NULL;
    }
}

/* Copies cnt entries from src[spos] over dst[dpos] (slots already open). */
FN void GS_T(node_copy)(gs_span_node *dst, int dpos, gs_span_node *src, int spos, int cnt) {
    memcpy(&GS_T(nkey)(dst)[dpos], &GS_T(nkey)(src)[spos], (size_t)cnt * sizeof(K));
    memcpy(&GS_T(nval)(dst)[dpos], &GS_T(nval)(src)[spos], (size_t)cnt * sizeof(K));
    if (!dst->leaf)
        memcpy(&IN(dst)->child[dpos], &IN(src)->child[spos], (size_t)cnt * sizeof(gs_span_node *));
}

/* Moves the last cnt entries of l to the front of r. */
FN void GS_T(move_right)(gs_span_node *l, gs_span_node *r, int cnt) {
    GS_T(node_open)(r, 0, cnt);
    GS_T(node_copy)(r, 0, l, l->n - cnt, cnt);
    GS_T(node_close)(l, l->n - cnt, cnt);
}

/* Moves the first cnt entries of r to the end of l. */
FN void GS_T(move_left)(gs_span_node *l, gs_span_node *r, int cnt) {
    GS_T(node_copy)(l, l->n, r, 0, cnt);
    l->n += cnt;
    GS_T(node_close)(r, 0, cnt);
}

/* Parent entry i takes its child's maximum again; with sep also the
 * child's first key as separator, which is right for a leaf, and for an
 * inner node whose first entry came from the middle of a node (a split's
 * or a move's right side). */
FN void GS_T(describe)(INNER *par, int i, int sep) {
    if (sep)
        par->key[i] = GS_T(nkey)(par->child[i])[0];
    par->val[i] = GS_T(node_max)(par->child[i]);
}

/* The maxima on the path above level l, recomputed. */
FN void GS_T(fix_max)(gs_span_path *p, int l) {
    for (; l > 0; l--)
        IN(p->node[l - 1])->val[p->idx[l - 1]] = GS_T(node_max)(p->node[l]);
}

/* The separators on the path above level l, lowered to at most k: a span
 * under the path now starts at k. */
FN void GS_T(fix_sep)(gs_span_path *p, int l, K k) {
    for (; l > 0; l--) {
        INNER *par = IN(p->node[l - 1]);
        int i = p->idx[l - 1];
        if (par->key[i] > k)
            par->key[i] = k;
    }
}

/* The separator just right of the path, raised to at least e: the last
 * span under the path now ends at e. (Higher separators are above it.) */
FN void GS_T(fix_sep_right)(gs_span_path *p, int l, K e) {
    for (l--; l >= 0; l--) {
        INNER *par = IN(p->node[l]);
        int i = p->idx[l] + 1;
        if (i < par->h.n) {
            if (par->key[i] < e)
                par->key[i] = e;
            return;
        }
    }
}

/* ---- navigation ---- */

/* Path to the leaf whose range holds offset k; idx at the leaf is the
 * number of its spans starting at or before k. */
IFN LEAF *GS_T(find_at)(const gs_span_tree *t, K k, gs_span_path *p) {
    gs_span_node *x = t->root;
    int l, i, h = t->height;
    for (l = 0; l < h; l++) {
        i = GS_T(first_gt)(IN(x)->key, k, IC);
        i -= i > 0;
        p->node[l] = x;
        p->idx[l] = i;
        x = IN(x)->child[i];
    }
    p->node[h] = x;
    GS_SPAN_PREFETCH(LF(x)->val, sizeof(LF(x)->val) / 2); /* read once the position is known */
    p->idx[h] = GS_T(first_gt)(LF(x)->key, k, LC);
    return LF(x);
}

/* Moves p to the last entry of the previous leaf; false when there is none. */
FN bool GS_T(step_prev)(const gs_span_tree *t, gs_span_path *p) {
    int l = t->height - 1;
    while (l >= 0 && p->idx[l] == 0)
        l--;
    if (l < 0)
        return false;
    p->idx[l]--;
    for (; l < t->height; l++) {
        gs_span_node *c = IN(p->node[l])->child[p->idx[l]];
        p->node[l + 1] = c;
        p->idx[l + 1] = c->n - 1;
    }
    return true;
}

/* Moves p to the first entry of the next leaf; false when there is none. */
FN bool GS_T(step_next)(const gs_span_tree *t, gs_span_path *p) {
    int l = t->height - 1;
    while (l >= 0 && p->idx[l] + 1 >= p->node[l]->n)
        l--;
    if (l < 0)
        return false;
    p->idx[l]++;
    for (; l < t->height; l++) {
        gs_span_node *c = IN(p->node[l])->child[p->idx[l]];
        p->node[l + 1] = c;
        p->idx[l + 1] = 0;
    }
    return true;
}

/* ---- structural changes (general) ---- */

/* Inserts span (k, v) at the leaf position of p, splitting full nodes on
 * the way up. Spares must be reserved; the separators on p must already
 * admit the span (fix_sep, fix_sep_right). */
FN void GS_T(span_insert)(gs_span_tree *t, gs_span_path *p, K k, K v) {
    gs_span_node *nc = NULL;
    int l = t->height, pos = p->idx[l];
    K key = k, val = v;
    for (;;) {
        gs_span_node *x = p->node[l], *y, *dst;
        if (x->n < GS_T(ncap)(x)) {
            GS_T(node_open)(x, pos, 1);
            GS_T(nkey)(x)[pos] = key;
            GS_T(nval)(x)[pos] = val;
            if (!x->leaf)
                IN(x)->child[pos] = nc;
            GS_T(fix_max)(p, l);
            return;
        }
        y = GS_T(node_take)(t, x->leaf);
        GS_T(move_right)(x, y, GS_T(ncap)(x) / 2);
        dst = pos <= x->n ? x : y;
        if (dst == y)
            pos -= x->n;
        GS_T(node_open)(dst, pos, 1);
        GS_T(nkey)(dst)[pos] = key;
        GS_T(nval)(dst)[pos] = val;
        if (!dst->leaf)
            IN(dst)->child[pos] = nc;
        if (l == 0) {
            INNER *r = IN(GS_T(node_take)(t, 0));
            r->h.n = 2;
            r->child[0] = x;
            r->child[1] = y;
            GS_T(describe)(r, 0, 1);
            GS_T(describe)(r, 1, 1);
            t->root = &r->h;
            t->height++;
            return;
        }
        l--;
        GS_T(describe)(IN(p->node[l]), p->idx[l], 0);
        key = GS_T(nkey)(y)[0];
        val = GS_T(node_max)(y);
        nc = y;
        pos = p->idx[l] + 1;
    }
}

/* Evens out siblings li, li+1 of par, merging them when they fit in one
 * node; true when merged. */
FN bool GS_T(rebalance)(gs_span_tree *t, INNER *par, int li) {
    gs_span_node *l = par->child[li], *r = par->child[li + 1];
    int total = l->n + r->n;
    if (!r->leaf) /* r's first separator may land inside a node: make it a true one */
        IN(r)->key[0] = par->key[li + 1];
    if (total <= GS_T(ncap)(l)) {
        GS_T(move_left)(l, r, r->n);
        GS_T(node_close)(&par->h, li + 1, 1);
        GS_T(node_recycle)(t, r);
        GS_T(describe)(par, li, 0);
        return true;
    }
    if (l->n < total / 2)
        GS_T(move_left)(l, r, total / 2 - l->n);
    else
        GS_T(move_right)(l, r, l->n - total / 2);
    GS_T(describe)(par, li, 0);
    GS_T(describe)(par, li + 1, 1);
    return false;
}

/* The root lost entries: an empty leaf root goes, an inner root with one
 * child collapses into it. */
FN void GS_T(shrink_root)(gs_span_tree *t) {
    gs_span_node *x = t->root;
    if (x->leaf && x->n == 0) {
        GS_T(node_recycle)(t, x);
        t->root = NULL;
        t->height = 0;
        return;
    }
    while (!x->leaf && x->n == 1) {
        t->root = IN(x)->child[0];
        t->height--;
        GS_T(node_recycle)(t, x);
        x = t->root;
    }
}

/* Removes the leaf entry at p, refilling or merging underfull nodes on the
 * way up. */
FN void GS_T(span_delete)(gs_span_tree *t, gs_span_path *p) {
    int l = t->height;
    GS_T(node_close)(p->node[l], p->idx[l], 1);
    for (; l > 0; l--) {
        gs_span_node *x = p->node[l];
        int i = p->idx[l - 1];
        if (x->n >= GS_T(ncap)(x) / 2) {
            GS_T(fix_max)(p, l);
            return;
        }
        if (!GS_T(rebalance)(t, IN(p->node[l - 1]), i > 0 ? i - 1 : i)) {
            GS_T(fix_max)(p, l - 1);
            return;
        }
    }
    GS_T(shrink_root)(t);
}

/* The leaf entry at p grows to (k, v) (k no higher, v no shorter);
 * separators and maxima follow. */
FN void GS_T(span_grow)(gs_span_tree *t, gs_span_path *p, K k, K v) {
    int h = t->height, l;
    LEAF *x = LF(p->node[h]);
    GS_T(put)(x->key, p->idx[h], k);
    GS_T(put)(x->val, p->idx[h], v);
    GS_T(fix_sep)(p, h, k);
    GS_T(fix_sep_right)(p, h, (K)(k + v));
    for (l = h - 1; l >= 0; l--)
        GS_T(put_max)(IN(p->node[l])->val, p->idx[l], v);
}

/* ---- operations ---- */

GS_T_API int64_t GS_T(alloc)(gs_span_tree *t, int64_t n) {
    gs_span_node *x = t->root;
    int64_t off;
    if (x && n <= KEND) {
        K v = (K)(n - 1);
        int h = t->height, i = h ? GS_T(first_gt)(IN(x)->val, v, IC) : GS_T(first_gt)(LF(x)->val, v, LC);
        if (i < (h ? IC : LC)) { /* the root's maximum holds n: first fit */
            gs_span_path p;
            K len, m, rest, o[GS_SPAN_MAXH];
            LEAF *lf;
            int l;
            for (l = 0; l < h; l++) {
                p.node[l] = x;
                p.idx[l] = i;
                x = IN(x)->child[i];
                if (l + 1 < h) {
                    i = GS_T(first_gt)(IN(x)->val, v, IC);
                } else {
                    GS_SPAN_PREFETCH(LF(x)->key, sizeof(LF(x)->key) / 2); /* read once i is known */
                    i = GS_T(first_gt)(LF(x)->val, v, LC);
                }
            }
            lf = LF(x);
            p.node[h] = x;
            p.idx[h] = i;
            off = lf->key[i];
            len = lf->val[i];
            t->nfree -= n;
            rest = len - (K)n;
            if (rest == 0 && lf->h.n <= (h ? LC / 2 : 1)) { /* the leaf underflows */
                t->nspans--;
                GS_T(span_delete)(t, &p);
                return off;
            }
            /* Carve the front (or take the whole span). The new maxima on
             * the path come from the values read before the writes (no
             * store-to-load round trip): each node's other entries, and
             * the carved span's rest. */
            m = GS_T(max_but)(lf->val, LC, i);
            m = KMAX(m, rest);
            for (l = h - 1; l > 0; l--)
                o[l] = GS_T(max_but)(IN(p.node[l])->val, IC, p.idx[l]);
            if (rest) {
                GS_T(put)(lf->key, i, (K)(off + n));
                GS_T(put)(lf->val, i, rest);
            } else { /* an exact fit: the entry goes (a separator stays a lower bound) */
                GS_T(leaf_del)(lf->key, i, PAD);
                GS_T(leaf_del)(lf->val, i, 0);
                lf->h.n--;
                t->nspans--;
            }
            for (l = h - 1; l >= 0; l--) {
                GS_T(put)(IN(p.node[l])->val, p.idx[l], m);
                if (l > 0)
                    m = KMAX(m, o[l]);
            }
            return off;
        }
    }
    if (n > t->limit - t->tail)
        return -1;
    off = t->tail;
    t->tail += n;
    return off;
}

/* Free of a span that ends at the tail, the tree not empty: every free
 * span ends at or before off, so the last one (down the rightmost path,
 * no scans) is the only one that can touch it; the span, and that one
 * when it does, go back to the tail. */
FN bool GS_T(free_tail)(gs_span_tree *t, int64_t off, int64_t n, gs_span *merged) {
    gs_span_path p;
    gs_span_node *x = t->root;
    int l, h = t->height;
    int64_t lo;
    for (l = 0; l < h; l++) {
        p.node[l] = x;
        p.idx[l] = x->n - 1;
        x = IN(x)->child[x->n - 1];
    }
    p.node[h] = x;
    p.idx[h] = x->n - 1;
    lo = LF(x)->key[x->n - 1];
    if (lo + LF(x)->val[x->n - 1] != off) {
        gs_span_report(merged, off, n);
        t->tail = off;
        return true;
    }
    gs_span_report(merged, lo, off + n - lo);
    t->nspans--;
    t->nfree -= off - lo;
    GS_T(span_delete)(t, &p);
    t->tail = lo;
    return true;
}

/* Every case of free: pred and succ may be in other leaves, the span may
 * reach the tail, nodes may split or underflow. */
FN bool GS_T(free_slow)(gs_span_tree *t, int64_t off, int64_t n, gs_span *merged) {
    gs_span_path p, pp, sp;
    LEAF *x;
    int h, pos;
    int64_t end = off + n;
    bool hp, hs, a, b;
    if (!t->root) {
        if (end == t->tail) {
            gs_span_report(merged, off, n);
            t->tail = off;
            return true;
        }
        if (!GS_T(reserve)(t))
            return false;
        t->root = GS_T(node_take)(t, 1);
        t->height = 0;
        p.node[0] = t->root;
        p.idx[0] = 0;
        GS_T(span_insert)(t, &p, (K)off, (K)n);
        t->nspans++;
        t->nfree += n;
        gs_span_report(merged, off, n);
        return true;
    }
    if (end == t->tail)
        return GS_T(free_tail)(t, off, n, merged);
    h = t->height;
    /* every stored offset is below KEND: clamping keeps the search's answer */
    x = GS_T(find_at)(t, (K)(off < KEND ? off : KEND), &p);
    pos = p.idx[h];
    pp = p;
    sp = p;
    if (pos > 0) {
        pp.idx[h] = pos - 1;
        hp = true;
    } else {
        hp = GS_T(step_prev)(t, &pp);
    }
    hs = pos < x->h.n || GS_T(step_next)(t, &sp);
    a = hp && (int64_t)LF(pp.node[h])->key[pp.idx[h]] + LF(pp.node[h])->val[pp.idx[h]] == off;
    b = hs && LF(sp.node[h])->key[sp.idx[h]] == end;
    if (a) {
        K pk = LF(pp.node[h])->key[pp.idx[h]];
        K v = (K)(LF(pp.node[h])->val[pp.idx[h]] + n + (b ? LF(sp.node[h])->val[sp.idx[h]] : 0));
        GS_T(span_grow)(t, &pp, pk, v);
        if (b) { /* the predecessor now covers the successor too */
            GS_T(span_delete)(t, &sp);
            t->nspans--;
        }
        gs_span_report(merged, pk, v);
    } else if (b) {
        K v = (K)(LF(sp.node[h])->val[sp.idx[h]] + n);
        GS_T(span_grow)(t, &sp, (K)off, v);
        gs_span_report(merged, off, v);
    } else {
        if (!GS_T(reserve)(t))
            return false;
        GS_T(fix_sep)(&p, h, (K)off);
        GS_T(fix_sep_right)(&p, h, (K)end);
        GS_T(span_insert)(t, &p, (K)off, (K)n);
        t->nspans++;
        gs_span_report(merged, off, n);
    }
    t->nfree += n;
    return true;
}

/* Whether a free at the edge of its leaf (path p: before its first span
 * or after its last) can leave the other leaves alone: the neighbouring
 * leaf's spans lie beyond the separator between them, so they cannot
 * touch [off, end) unless that separator is off (before) or end (after). */
FN bool GS_T(edge_alone)(const gs_span_tree *t, const gs_span_path *p, K off, K end) {
    int h = t->height, l;
    if (p->idx[h] == 0) {
        for (l = h - 1; l >= 0 && p->idx[l] == 0; l--)
            ;
        if (l >= 0 && IN(p->node[l])->key[p->idx[l]] >= off)
            return false;
    }
    if (LF(p->node[h])->key[p->idx[h]] == PAD) {
        for (l = h - 1; l >= 0 && p->idx[l] + 1 >= p->node[l]->n; l--)
            ;
        if (l >= 0 && IN(p->node[l])->key[p->idx[l] + 1] <= end)
            return false;
    }
    return true;
}

/* free. The common case — predecessor and successor in the same leaf (or
 * a leaf edge no span of the next leaf can touch), no split or underflow,
 * not at the tail — runs without a data-dependent
 * branch: the four outcomes (new span, grow the predecessor, grow the
 * successor down, join both) are one leaf update (write entry w; with ins
 * the entries move up, with del down) and one raise of the path's maxima. */
GS_T_API bool GS_T(free)(gs_span_tree *t, int64_t off, int64_t n, gs_span *merged) {
    gs_span_path p;
    LEAF *x;
    int pos, pi, h, w, ins, del, a, b, l, full, low;
    int64_t end = off + n;
    K pk, pl, sk, sl, wk, wl;
    if (!t->root || end == t->tail || end > KEND)
        return GS_T(free_slow)(t, off, n, merged);
    h = t->height;
    x = GS_T(find_at)(t, (K)off, &p);
    pos = p.idx[h];
    sk = x->key[pos];
    /* The leaf's fill is read from its keys (unused slots hold PAD, no
     * span starts there), not from its header: a header is a cache line
     * of its own, a miss the scan has not already paid for. */
    if ((pos == 0 || sk == PAD) && !GS_T(edge_alone)(t, &p, (K)off, (K)end))
        return GS_T(free_slow)(t, off, n, merged);
    pi = pos - (pos > 0); /* the predecessor's slot; at pos 0 a stand-in, a is 0 */
    pk = x->key[pi];
    pl = x->val[pi];
    sl = x->val[pos];
    a = (pos > 0) & (pk + pl == off);
    b = sk == end;
    ins = !(a | b);
    del = a & b;
    full = x->key[LC - 1] != PAD;
    low = x->key[LC / 2] == PAD; /* at most LC / 2 spans */
    if ((ins & full) | (del & low & (h > 0)))
        return GS_T(free_slow)(t, off, n, merged);
    if (!GS_T(reserve)(t) && ins)
        return false;
    w = pos - a;
    /* masks, not selects: a is a coin flip, and compilers turn a select
     * on it into a branch that mispredicts about every other free */
    wk = (K)((K)off - (pl & -(K)a));
    wl = (K)((K)n + (pl & -(K)a) + (sl & -(K)b));
    if (pos == 0) /* the leaf's first key goes down: so do the separators above it */
        GS_T(fix_sep)(&p, h, (K)off);
    GS_T(leaf_upd)(x->key, pos, ins, del, w, wk, PAD);
    GS_T(leaf_upd)(x->val, pos, ins, del, w, wl, 0);
    x->h.n += ins - del;
    t->nspans += ins - del;
    t->nfree += n;
    for (l = h - 1; l >= 0; l--)
        GS_T(put_max)(IN(p.node[l])->val, p.idx[l], wl);
    gs_span_report(merged, wk, wl);
    return true;
}

/* The grow half of resize_in_place: d units off the front of the free span
 * that starts at end. */
FN bool GS_T(grow)(gs_span_tree *t, int64_t end, int64_t d) {
    gs_span_path p;
    LEAF *x;
    int pos, h = t->height;
    if (!t->root || end >= KEND)
        return false;
    x = GS_T(find_at)(t, (K)end, &p);
    pos = p.idx[h] - 1;
    if (pos < 0 || x->key[pos] != end || x->val[pos] < d)
        return false;
    p.idx[h] = pos;
    t->nfree -= d;
    if (x->val[pos] == d) {
        t->nspans--;
        GS_T(span_delete)(t, &p);
    } else {
        x->key[pos] = (K)(x->key[pos] + d);
        x->val[pos] = (K)(x->val[pos] - d);
        GS_T(fix_max)(&p, h);
    }
    return true;
}

/* Whether a free span overlaps [off, last]; the caller has checked the range. */
FN bool GS_T(overlaps)(const gs_span_tree *t, int64_t off, int64_t last) {
    gs_span_path p;
    LEAF *x;
    int pos, h = t->height;
    if (!t->root)
        return false;
    x = GS_T(find_at)(t, (K)(last < KEND ? last : KEND), &p);
    pos = p.idx[h] - 1;
    if (pos < 0) { /* the last span starting at or before `last` is in an earlier leaf */
        if (!GS_T(step_prev)(t, &p))
            return false;
        x = LF(p.node[h]);
        pos = p.idx[h];
    }
    return (int64_t)x->key[pos] + x->val[pos] > off;
}

FN int64_t GS_T(largest)(const gs_span_tree *t) {
    return t->root ? GS_T(node_max)(t->root) : 0;
}

FN void GS_T(visit_node)(gs_span_node *x, void (*fn)(void *ctx, gs_span s), void *ctx) {
    int i;
    for (i = 0; i < x->n; i++) {
        if (x->leaf) {
            gs_span s;
            s.off = LF(x)->key[i];
            s.len = LF(x)->val[i];
            fn(ctx, s);
        } else {
            GS_T(visit_node)(IN(x)->child[i], fn, ctx);
        }
    }
}

/* ---- the invariant checker ---- */

/* Checks the subtree of x at depth: every span under it lies in [lo, hi]. */
FN const char *GS_T(check_node)(gs_span_check *c, gs_span_node *x, int depth, int height, int64_t lo,
                                int64_t hi) {
    int i, cap = GS_T(ncap)(x), slots = x->leaf ? 2 * LC : IC;
    K *k = GS_T(nkey)(x), *v = GS_T(nval)(x);
    c->nnodes++;
    if (x->n < 1 || x->n > cap)
        return gs_span_check_fail(c, "node count out of range", x->n, cap);
    if (depth > 0 && x->n < cap / 2)
        return gs_span_check_fail(c, "node below minimum fill", x->n, cap / 2);
    if (depth == 0 && !x->leaf && x->n < 2)
        return gs_span_check_fail(c, "inner root with one child", x->n, 2);
    if ((depth == height) != (x->leaf == 1))
        return gs_span_check_fail(c, "leaf at the wrong depth", depth, height);
    for (i = x->n; i < slots; i++)
        if (k[i] != PAD || v[i] != 0 || (!x->leaf && IN(x)->child[i] != NULL))
            return gs_span_check_fail(c, "unused slot not padded", i, x->n);
    for (i = 0; i < x->n; i++) {
        const char *e;
        int64_t clo, chi;
        K m;
        if (x->leaf) {
            if (v[i] < 1)
                return gs_span_check_fail(c, "empty span", k[i], v[i]);
            if (k[i] < 0)
                return gs_span_check_fail(c, "negative offset", k[i], v[i]);
            if ((int64_t)k[i] + v[i] > KEND)
                return gs_span_check_fail(c, "span past the variant's range", k[i], v[i]);
            if (k[i] < lo || (int64_t)k[i] + v[i] > hi)
                return gs_span_check_fail(c, "span outside its separators", k[i], lo);
            if (k[i] < c->prev_end)
                return gs_span_check_fail(c, "spans out of order or overlapping", c->prev_end, k[i]);
            if (k[i] == c->prev_end)
                return gs_span_check_fail(c, "adjacent free spans not coalesced", c->prev_end, k[i]);
            c->prev_end = (int64_t)k[i] + v[i];
            c->nspans++;
            c->nfree += v[i];
            continue;
        }
        if (!IN(x)->child[i])
            return gs_span_check_fail(c, "missing child", depth, i);
        if (i > 0 && (k[i] <= k[i - 1] || k[i] < lo || k[i] > hi))
            return gs_span_check_fail(c, "separator out of order", k[i - 1], k[i]);
        m = GS_T(node_max)(IN(x)->child[i]);
        if (v[i] != m)
            return gs_span_check_fail(c, "inner maximum is wrong", v[i], m);
        clo = i > 0 ? k[i] : lo;
        chi = i + 1 < x->n ? k[i + 1] : hi;
        e = GS_T(check_node)(c, IN(x)->child[i], depth + 1, height, clo, chi);
        if (e)
            return e;
    }
    return NULL;
}

FN const char *GS_T(check)(const gs_span_tree *t, gs_span_check *c) {
    const gs_span_node *s;
    int32_t nspare[2] = { 0, 0 };
    int leaf;
    if (t->root) {
        const char *e;
        if (t->height < 0 || t->height >= GS_SPAN_MAXH)
            return gs_span_check_fail(c, "height out of range", t->height, GS_SPAN_MAXH);
        e = GS_T(check_node)(c, t->root, 0, t->height, 0, KEND);
        if (e)
            return e;
    }
    for (leaf = 0; leaf < 2; leaf++) {
        for (s = t->spare[leaf]; s; s = s->next)
            nspare[leaf]++;
        if (nspare[leaf] != t->nspare[leaf] || nspare[leaf] > GS_SPAN_SPARE_MAX + GS_SPAN_MAXH)
            return gs_span_check_fail(c, "spare list length wrong", nspare[leaf], t->nspare[leaf]);
    }
    return NULL;
}

#undef K
#undef PAD
#undef KEND
#undef FN
#undef IFN
#undef LEAF
#undef INNER
#undef LF
#undef IN
#undef KMAX
#undef NODE_SIZE
