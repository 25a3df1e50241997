/* tag_test.c — storage tags (issue 27; goose_rt.h "storage tags", gs_heap.h
 * "the shadow"): headers made by the runtime carry their storage's tag, a
 * stale header fails gs_check_live ("use of freed storage", status 101), a
 * live one and an untagged one pass, views keep tags, growth retags (in
 * place too), a block reused until its tag would wrap is retired and never
 * handed out again, and shadow pages given back with the heap's keep
 * their tags in floors. Under GOOSE_HEAP=system every tag is 0 and no
 * check fails (run both ways by ctest).
 * One PASS/FAIL line per case; exits non-zero on any failure. */
#define _POSIX_C_SOURCE 200809L

#include "goose_rt.h"

#include <stdio.h>
#include <stdlib.h>
#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>

static int n_pass, n_fail;
static bool tagged; /* the Goose heap with its shadow on */

static void check(const char *name, bool ok) {
    printf("%s: %s\n", ok ? "PASS" : "FAIL", name);
    if (ok) n_pass++;
    else n_fail++;
}

static const gs_site site = { "tags.gs", 7, 3, NULL };

/* gs_check_live in a child: true when it stopped with status 101 and the
 * message. */
static bool check_fails(const void *ptr, int64_t len, int64_t tagword) {
    int st;
    pid_t pid;
    fflush(stdout);
    pid = fork();
    if (pid == 0) {
        freopen("/dev/null", "w", stderr);
        gs_check_live(&site, ptr, len, tagword);
        _exit(0);
    }
    waitpid(pid, &st, 0);
    return WIFEXITED(st) && WEXITSTATUS(st) == 101;
}

static bool passes(const void *ptr, int64_t len, int64_t tagword) { return !check_fails(ptr, len, tagword); }

static int64_t tag(int64_t word) { return word & GS_TAG_MASK; }

static void test_masks(void) {
    check("masks: tag bits 47..61, own bit 62, length below",
          GS_TAG_MASK == (int64_t)0x3fff800000000000 && GS_LEN_MASK == ((int64_t)1 << 47) - 1 &&
              (GS_TAG_MASK & GS_OWN_BIT) == 0 && (GS_TAG_MASK & GS_LEN_MASK) == 0);
    check("tag_of(NULL) is 0", gs_tag_of(NULL) == 0);
    {
        static int x;
        check("tag_of of static storage is 0", gs_tag_of(&x) == 0);
    }
}

static void test_make_and_delete(void) {
    gs_grow g = gs_slice_make(&site, 4, 8, sizeof(int64_t));
    int64_t t = tag(g.cap), c2;
    gs_grow h;
    check("make: cap word = cap | own | tag", (g.cap & GS_LEN_MASK) == 8 && (g.cap & GS_OWN_BIT) != 0 &&
                                                  t == gs_tag_of(g.ptr));
    check("make: tagged (Goose heap) / untagged (system)", tagged ? t != 0 : t == 0);
    check("live header passes", passes(g.ptr, 4, g.cap));
    check("live header passes at an interior element", passes((int64_t *)g.ptr + 7, 1, g.cap));
    check("len 0 never checked", passes(g.ptr, 0, g.cap));
    gs_slice_delete(&site, g.ptr, g.cap);
    check("after delete: the header fails", tagged ? check_fails(g.ptr, 4, g.cap) : passes(g.ptr, 4, g.cap));
    check("after delete: a view of it fails",
          tagged ? check_fails((int64_t *)g.ptr + 2, 2, g.cap) : passes((int64_t *)g.ptr + 2, 2, g.cap));
    check("after delete: tag 0 never fails", passes(g.ptr, 4, g.cap & ~GS_TAG_MASK));
    /* the same block again (the thread cache hands back the last freed block) */
    h = gs_slice_make(&site, 4, 8, sizeof(int64_t));
    c2 = h.cap;
    check("reallocated: same block, new tag", !tagged || (h.ptr == g.ptr && tag(c2) != t));
    check("reallocated: the new header passes", passes(h.ptr, 4, c2));
    check("reallocated: the stale header still fails",
          tagged ? check_fails(g.ptr, 4, g.cap) : passes(g.ptr, 4, g.cap));
    if (tagged) {
        int st;
        pid_t pid;
        fflush(stdout);
        pid = fork();
        if (pid == 0) {
            freopen("/dev/null", "w", stderr);
            gs_slice_delete(&site, g.ptr, g.cap);
            _exit(gs_heap_live(h.ptr) ? 0 : 1);
        }
        waitpid(pid, &st, 0);
        check("stale delete is refused (the new block stays)",
              WIFEXITED(st) && WEXITSTATUS(st) == 101);
    }
    gs_slice_delete(&site, h.ptr, c2);
}

static void test_make_cls(void) {
    unsigned cls = gs_heap_class(64);
    gs_grow g = gs_make_cls(&site, cls, 64, 8), h;
    check("make_cls: cap word and tag", (g.cap & GS_LEN_MASK) == 8 && (g.cap & GS_OWN_BIT) &&
                                            tag(g.cap) == gs_tag_of(g.ptr) && (!tagged || tag(g.cap) != 0));
    check("make_cls: zeroed", ((int64_t *)g.ptr)[7] == 0);
    gs_free(g.ptr);
    h = gs_make_cls(&site, cls, 64, 8);
    check("make_cls again: stale fails, new passes",
          (tagged ? check_fails(g.ptr, 1, g.cap) : passes(g.ptr, 1, g.cap)) && passes(h.ptr, 8, h.cap));
    gs_free(h.ptr);
    /* the untagged make of older emitted C: an owned header with tag 0 */
    g.ptr = gs_alloc_cls(&site, cls, 64);
    gs_free(g.ptr);
    check("gs_alloc_cls header (tag 0): never fails", passes(g.ptr, 8, 8 | GS_OWN_BIT));
}

static void test_grow(void) {
    gs_grow g = gs_slice_make(&site, 0, 4, 1), n;
    int i, inplace = 0;
    bool all = true;
    /* small: moves, or stays (realloc within the block) */
    n = gs_slice_grow(&site, g.ptr, 4, g.cap, 1);
    check("grow: new cap word carries the new storage's tag", tag(n.cap) == gs_tag_of(n.ptr) && (n.cap & GS_OWN_BIT));
    check("grow: old header fails", tagged ? check_fails(g.ptr, 4, g.cap) : passes(g.ptr, 4, g.cap));
    check("grow: new header passes", passes(n.ptr, 4, n.cap));
    /* page runs that grow in place: same pointer, new tag each time */
    g = gs_slice_make(&site, 0, 8192, 1);
    for (i = 0; i < 6; i++) {
        n = gs_slice_grow(&site, g.ptr, GS_CAP(g), g.cap, 1);
        if (n.ptr == g.ptr) {
            inplace++;
            all = all && (!tagged || tag(n.cap) != tag(g.cap)) &&
                  (tagged ? check_fails(g.ptr, 1, g.cap) : passes(g.ptr, 1, g.cap)) && passes(n.ptr, 1, n.cap);
        }
        g = n;
    }
    printf("  %d of 6 growths in place\n", inplace);
    check("grow in place: retagged; the old header fails, the new passes", all && (!tagged || inplace > 0));
    /* a view (not owned) grows by copy: the view's storage keeps its tag */
    {
        gs_grow o = gs_slice_make(&site, 4, 4, 1);
        gs_grow v = gs_slice_grow(&site, o.ptr, 4, 4 | tag(o.cap), 1);
        check("grow of a view: the owner's storage stays live", passes(o.ptr, 4, o.cap) && passes(v.ptr, 4, v.cap));
        gs_free(o.ptr);
        gs_free(v.ptr);
    }
    if (tagged) { /* (the system heap would read freed memory: ASan) */
        int st;
        pid_t pid;
        gs_grow d = gs_slice_make(&site, 4, 4, 8);
        gs_free(d.ptr);
        fflush(stdout);
        pid = fork();
        if (pid == 0) {
            freopen("/dev/null", "w", stderr);
            gs_slice_grow(&site, d.ptr, 4, d.cap, 8);
            _exit(0);
        }
        waitpid(pid, &st, 0);
        check("grow of a freed header stops", WIFEXITED(st) && WEXITSTATUS(st) == 101);
    }
    gs_free(g.ptr);
    /* huge blocks (own mappings) */
    g = gs_slice_make(&site, 0, (int64_t)5 << 20, 1);
    n = gs_slice_grow(&site, g.ptr, GS_CAP(g), g.cap, 1);
    check("huge: tagged, grown header passes, old fails",
          (!tagged || tag(g.cap) != 0) && passes(n.ptr, 1 << 20, n.cap) &&
              (tagged ? check_fails(g.ptr, 1, g.cap) : passes(g.ptr, 1, g.cap)));
    gs_free(n.ptr);
    check("huge: freed header fails", tagged ? check_fails(n.ptr, 1, n.cap) : passes(n.ptr, 1, n.cap));
}

static void test_strings(void) {
    gs_str a = gs_str_concat(GS_STR_LIT("hello ", 6), GS_STR_LIT("world", 5));
    gs_str sub = gs_str_slice(&site, a, 2, 8), lit = GS_STR_LIT("literal", 7);
    gs_slice_u8 b = gs_str_bytes(a);
    gs_str v = gs_str_view(b), t2;
    check("concat: owned, tagged, length masked", (a.len & GS_OWN_BIT) && tag(a.len) == gs_tag_of(a.ptr) &&
                                                      GS_SLEN(a) == 11 && (!tagged || tag(a.len) != 0));
    check("sub-string: the string's tag, not its ownership",
          tag(sub.len) == tag(a.len) && !(sub.len & GS_OWN_BIT) && GS_SLEN(sub) == 6);
    check("bytes: owned []u8 tagged", (b.cap & GS_OWN_BIT) && tag(b.cap) == gs_tag_of(b.ptr) && GS_CAP(b) == 11);
    check("str_view: the []u8's tag", tag(v.len) == tag(b.cap) && !(v.len & GS_OWN_BIT) && GS_SLEN(v) == 11);
    t2 = gs_str_take(b);
    check("str_take: ownership and tag", (t2.len & GS_OWN_BIT) && tag(t2.len) == tag(b.cap) && GS_SLEN(t2) == 11);
    check("str_eq with tags", gs_str_eq(sub, GS_STR_LIT("llo wo", 6)) && gs_str_eq(v, a));
    check("to_string, from_bytes, fmt: tagged", tag(gs_to_string_i64(42).len) == gs_tag_of(gs_to_string_i64(42).ptr) ||
                                                      !tagged);
    {
        gs_str x = gs_to_string_i64(12345), y = gs_from_bytes(b), z = gs_fmt_f64(1.5, 2);
        check("owned results: tag of their storage",
              tag(x.len) == gs_tag_of(x.ptr) && tag(y.len) == gs_tag_of(y.ptr) && tag(z.len) == gs_tag_of(z.ptr) &&
                  (!tagged || (tag(x.len) && tag(y.len) && tag(z.len))));
        gs_str_delete(&site, x);
        gs_str_delete(&site, y);
        gs_str_delete(&site, z);
    }
    check("literal: tag 0, never fails", tag(lit.len) == 0 && passes(lit.ptr, 7, lit.len));
    gs_str_delete(&site, a);
    check("sub-string after delete fails", tagged ? check_fails(sub.ptr, GS_SLEN(sub), sub.len)
                                                  : passes(sub.ptr, GS_SLEN(sub), sub.len));
    check("other []u8 still live", passes(b.ptr, 11, b.cap));
    gs_free(b.ptr);
    check("str_view after free fails", tagged ? check_fails(v.ptr, 11, v.len) : passes(v.ptr, 11, v.len));
}

static void test_u8s_append(void) {
    gs_slice_u8 b = { NULL, 0, 0 };
    int i;
    bool ok = true;
    for (i = 0; i < 100; i++) {
        gs_u8s_append(&b, GS_STR_LIT("abcdefgh", 8));
        ok = ok && tag(b.cap) == gs_tag_of(b.ptr) && passes(b.ptr, b.len, b.cap);
    }
    check("append (push growth): header always current", ok && b.len == 800);
    gs_free(b.ptr);
}

/* One block freed and made again until its tag would wrap: retired (the
 * counter moves, the block is not handed out again, the stale header
 * fails, a second delete is refused). */
static void test_retire(void) {
    size_t r0 = gs_heap_retired(), live0;
    void *first = gs_alloc(48), *p = first;
    int64_t last = gs_tag_of(p);
    long i, n = 0;
    bool same = true, fresh = true;
    if (!tagged) {
        gs_free(p);
        check("retire: not in system mode", gs_heap_retired() == r0);
        return;
    }
    live0 = gs_heap_live_count();
    for (i = 0; i < 0x8000 && gs_heap_retired() == r0; i++) {
        gs_free(p);
        n++;
        if (gs_heap_retired() != r0) break;
        p = gs_alloc(48);
        same = same && p == first;
        fresh = fresh && gs_tag_of(p) != last;
        last = gs_tag_of(p);
    }
    printf("  retired after %ld frees of one block\n", n);
    check("retire: one block reused gets a new tag every time", same && fresh);
    check("retire: retired once its tag would wrap", gs_heap_retired() == r0 + 1 && n <= 0x7fff && n >= 0x3000);
    check("retire: the block is not live, not counted", !gs_heap_live(first) && gs_heap_live_count() == live0 - 1);
    check("retire: a stale header of it fails", check_fails(first, 1, last));
    check("retire: freeing it again is refused", !gs_heap_free(first));
    {
        void *q[64];
        bool never = true;
        for (i = 0; i < 64; i++) {
            q[i] = gs_alloc(48);
            never = never && q[i] != first;
        }
        for (i = 0; i < 64; i++) gs_free(q[i]);
        check("retire: the block is never handed out again", never);
    }
}

/* Runs freed and given back (the run region releases free spans of 1 MiB
 * and more): their shadow pages go back too, and blocks made there later
 * still get tags no stale header holds. */
static void test_given_back(void) {
    enum { N = 64 };
    gs_grow g[N];
    int i;
    bool fail_all = true, new_ok = true;
    for (i = 0; i < N; i++) g[i] = gs_slice_make(&site, 1, 64 << 10, 1);
    for (i = 0; i < N; i++) gs_free(g[i].ptr);
    gs_heap_trim();
    for (i = 0; i < N; i++) fail_all = fail_all && (tagged ? check_fails(g[i].ptr, 1, g[i].cap) : passes(g[i].ptr, 1, g[i].cap));
    check("given back: stale headers fail", fail_all);
    if (tagged) {
        uintptr_t a = (uintptr_t)g[N / 2].ptr;
        const uint16_t *c = gs_shadow_dir[(a >> 32) & (GS_SHADOW_DIR_N - 1)];
        check("given back: the shadow page went back, its floor kept",
              c[GS_SHADOW_GRANULES + (((uint32_t)a >> 4) >> GS_SHADOW_FLOOR_SHIFT)] >= (uint16_t)(tag(g[N / 2].cap) >> GS_TAG_SHIFT) + 1 &&
                  c[(uint32_t)a >> 4] == 0);
    }
    for (i = 0; i < N; i++) {
        gs_grow h = gs_slice_make(&site, 1, 64 << 10, 1);
        int j;
        new_ok = new_ok && passes(h.ptr, 1, h.cap);
        for (j = 0; j < N; j++)
            if (tagged && (uint8_t *)g[j].ptr >= (uint8_t *)h.ptr && (uint8_t *)g[j].ptr < (uint8_t *)h.ptr + (64 << 10))
                new_ok = new_ok && tag(g[j].cap) != gs_tag_of(g[j].ptr);
        g[i] = h;
    }
    check("given back: new blocks there get fresh tags", new_ok);
    for (i = 0; i < N; i++) gs_free(g[i].ptr);
}

/* A block freed by another thread than its slab's owner (the remote free
 * path): its tag moves on before the owner can hand it out again. */
static gs_grow remote_g;
static void *remote_free(void *arg) {
    (void)arg;
    gs_free(remote_g.ptr);
    return NULL;
}
static void test_remote_free(void) {
    pthread_t t;
    remote_g = gs_slice_make(&site, 2, 2, 8);
    pthread_create(&t, NULL, remote_free, NULL);
    pthread_join(t, NULL);
    check("remote free: the stale header fails",
          tagged ? check_fails(remote_g.ptr, 2, remote_g.cap) : passes(remote_g.ptr, 2, remote_g.cap));
}

int main(void) {
    gs_free(gs_alloc(1)); /* decide the heap's mode */
    tagged = gs_heap_mode() == 1 && !gs_shadow_off;
    printf("heap mode %d, shadow %s\n", gs_heap_mode(), tagged ? "on" : "off");
    test_masks();
    test_make_and_delete();
    test_make_cls();
    test_grow();
    test_strings();
    test_u8s_append();
    test_retire();
    test_given_back();
    test_remote_free();
    printf("%d passed, %d failed\n", n_pass, n_fail);
    return n_fail != 0;
}
