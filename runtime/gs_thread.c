/* gs_thread.c — what the standard library module `thread` cannot say in
 * Goose (stdlib/thread/thread.gs), reached through its primitives:
 *   gs_thread_parallel   thread.parallel: one POSIX thread per body call,
 *                        all joined before it returns
 *   gs_thread_cpus       thread.cpus: the CPUs this process may run on
 *   gs_atomic_*          thread.Atomic: sequentially consistent operations
 *                        on an int64_t (the Atomic's one field)
 *   gs_mutex_*           thread.Mutex: a futex lock on an int32_t (the
 *                        Mutex's one field): 0 unlocked, 1 locked, 2 locked
 *                        with waiters (Drepper, "Futexes Are Tricky")
 * Before the first thread starts, the runtime switches output and format's
 * buffers to per-thread state (goose_rt.c) and, under TinyCC, the heap to
 * its one mutex (gs_heap.c). Each thread gives its heap cache back as it
 * ends.
 * TinyCC 0.9.27 has no atomics: built by it (`goose build --cc tcc`), every
 * atomic operation here holds one process-wide mutex instead. Under the JIT
 * the runtime is goose's own, built by the host compiler. */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT, syscall */

#include "goose_rt.h"
#include "gs_span_tree.h"

#include <errno.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

/* goose_rt.c */
void gs_rt_threads_start(void);
void gs_rt_thread_enter(uintptr_t stack_lo, uintptr_t stack_hi);
void gs_rt_thread_leave(void);

/* ================================================================
 * Atomic operations.
 * ================================================================ */
#ifdef __TINYC__
static pthread_mutex_t at_mu = PTHREAD_MUTEX_INITIALIZER;
#define AT_BEGIN pthread_mutex_lock(&at_mu)
#define AT_END pthread_mutex_unlock(&at_mu)

int64_t gs_atomic_load(const int64_t *p) {
    int64_t v;
    AT_BEGIN;
    v = *p;
    AT_END;
    return v;
}

void gs_atomic_store(int64_t *p, int64_t v) {
    AT_BEGIN;
    *p = v;
    AT_END;
}

int64_t gs_atomic_add(int64_t *p, int64_t d) {
    int64_t v;
    AT_BEGIN;
    v = *p = (int64_t)((uint64_t)*p + (uint64_t)d);
    AT_END;
    return v;
}

bool gs_atomic_cas(int64_t *p, int64_t old, int64_t v) {
    bool ok;
    AT_BEGIN;
    ok = *p == old;
    if (ok) *p = v;
    AT_END;
    return ok;
}

/* The previous value of *p, which becomes v when it was old. */
static int32_t mx_cas(int32_t *p, int32_t old, int32_t v) {
    int32_t was;
    AT_BEGIN;
    was = *p;
    if (was == old) *p = v;
    AT_END;
    return was;
}

static int32_t mx_xchg(int32_t *p, int32_t v) {
    int32_t was;
    AT_BEGIN;
    was = *p;
    *p = v;
    AT_END;
    return was;
}
#else
int64_t gs_atomic_load(const int64_t *p) { return __atomic_load_n(p, __ATOMIC_SEQ_CST); }
void gs_atomic_store(int64_t *p, int64_t v) { __atomic_store_n(p, v, __ATOMIC_SEQ_CST); }

int64_t gs_atomic_add(int64_t *p, int64_t d) {
    /* wraps, as + on int does */
    return (int64_t)__atomic_add_fetch((uint64_t *)p, (uint64_t)d, __ATOMIC_SEQ_CST);
}

bool gs_atomic_cas(int64_t *p, int64_t old, int64_t v) {
    return __atomic_compare_exchange_n(p, &old, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}

static int32_t mx_cas(int32_t *p, int32_t old, int32_t v) {
    __atomic_compare_exchange_n(p, &old, v, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
    return old;
}

static int32_t mx_xchg(int32_t *p, int32_t v) { return __atomic_exchange_n(p, v, __ATOMIC_ACQ_REL); }
#endif

/* ================================================================
 * Mutex.
 * ================================================================ */
static void mx_futex(int32_t *m, int op, int32_t v) { syscall(SYS_futex, m, op, v, NULL, NULL, 0); }

void gs_mutex_lock(int32_t *m) {
    int32_t c = mx_cas(m, 0, 1);
    if (c == 0) return;
    if (c != 2) c = mx_xchg(m, 2);
    while (c != 0) {
        mx_futex(m, FUTEX_WAIT_PRIVATE, 2); /* returns at once unless *m is still 2 */
        c = mx_xchg(m, 2);
    }
}

void gs_mutex_unlock(const gs_site *s, int32_t *m) {
    int32_t c = mx_xchg(m, 0);
    if (c == 2) mx_futex(m, FUTEX_WAKE_PRIVATE, 1);
    else if (c != 1) gs_fail_msg(s, c == 0 ? "unlock of an unlocked thread.Mutex" : "thread.Mutex is corrupt");
}

/* Built with ThreadSanitizer (GOOSE_CFLAGS=-fsanitize=thread): parallel
 * joins every thread it starts, except when a runtime error or exit ends
 * the program under way, where the unjoined threads are no leak. */
#if defined(__SANITIZE_THREAD__)
#define GS_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define GS_TSAN 1
#endif
#endif
#ifdef GS_TSAN
const char *__tsan_default_options(void);
const char *__tsan_default_options(void) { return "report_thread_leaks=0"; }
#endif

/* ================================================================
 * parallel and cpus.
 * ================================================================ */
typedef struct thr_job {
    void (*fn)(void *env, int64_t i);
    void *env;
    int64_t i;
    pthread_t t;
} thr_job;

static void *thr_run(void *arg) {
    thr_job *j = (thr_job *)arg;
    pthread_attr_t at;
    void *lo = NULL;
    size_t size = 0;
    if (pthread_getattr_np(pthread_self(), &at) == 0) {
        pthread_attr_getstack(&at, &lo, &size);
        pthread_attr_destroy(&at);
    }
    gs_rt_thread_enter((uintptr_t)lo, lo != NULL ? (uintptr_t)lo + size : 0);
    j->fn(j->env, j->i);
    gs_rt_thread_leave();
#ifndef __TINYC__
    gs_heap_thread_exit(); /* under TinyCC the one heap is the process's */
#endif
    return NULL;
}

void gs_thread_parallel(const gs_site *s, int64_t n, void (*fn)(void *, int64_t), void *env) {
    thr_job *jobs;
    int64_t i;
    if (n <= 0) return;
    if (fn == NULL) gs_fail_msg(s, "call of a zero function value");
    jobs = (thr_job *)calloc((size_t)n, sizeof *jobs);
    if (jobs == NULL) gs_fail_oom(s);
    gs_rt_threads_start();
    (void)gs_span_tree_variant(); /* the span trees' CPU check, once, before any thread reads it */
    for (i = 0; i < n; i++) {
        int rc;
        jobs[i].fn = fn;
        jobs[i].env = env;
        jobs[i].i = i;
        rc = pthread_create(&jobs[i].t, NULL, thr_run, &jobs[i]);
        if (rc != 0) {
            char msg[160];
            snprintf(msg, sizeof msg, "thread.parallel cannot start thread %lld of %lld (%s)", (long long)i,
                     (long long)n, strerror(rc));
            gs_fail_msg(s, msg);
        }
    }
    for (i = 0; i < n; i++) pthread_join(jobs[i].t, NULL);
    free(jobs);
}

int64_t gs_thread_cpus(void) {
    cpu_set_t set;
    long n;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) return CPU_COUNT(&set);
    n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int64_t)n : 1;
}
