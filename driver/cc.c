/* cc.c — `goose build`'s back end: runs a native C compiler (clang, gcc or
 * tcc) on the emitted C and the runtime goose carries inside itself.
 *
 * The emitted C and the embedded runtime (gs_embedded_files) are written to
 * a fresh temporary directory, removed afterwards. The runtime's objects are
 * cached per (compiler binary, flags, runtime text) under
 * $XDG_CACHE_HOME/goose (or ~/.cache/goose): compiling the runtime costs
 * more than a typical program, and the test suite builds hundreds of
 * programs. GOOSE_NO_CACHE=1 turns the cache off. GOOSE_CFLAGS adds flags
 * for clang and gcc (cc_env_flags). A cache entry is written
 * under a private name and renamed, so parallel builds never see half a file.
 * Not for: deciding what the C means or how it is produced (emit-c/). */
#define _GNU_SOURCE
#include "driver.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "util.h"

extern char **environ;

struct gs_embedded_file {
    const char *name;
    const char *text;
    size_t len;
};
extern const struct gs_embedded_file gs_embedded_files[];

/* What one build needs to know besides the job. */
typedef struct CcCtx {
    const CcJob *job;
    const char *cc;         /* resolved path of the compiler */
    bool is_tcc;
    Vec flags;              /* char*: -std=c11 -O2 ... */
    const char *tmp;        /* the temporary directory */
    const char *log;        /* the compiler's output goes here */
    const char *debug_map;  /* -g with clang/gcc: -fdebug-prefix-map=<tmp>=<runtime
                               sources>, so a debugger finds the runtime's files */
    StrBuf *failure;        /* a failed compile's report: an internal error
                               once the temporary directory is gone */
} CcCtx;

/* ---- small helpers ---- */
static bool cc_ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && memcmp(s + n - m, suffix, m) == 0;
}

static bool cc_is_exec(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

/* `name` as the shell would find it: a path as is, else through PATH. */
const char *cc_find(const char *name)
{
    if (strchr(name, '/'))
        return cc_is_exec(name) ? name : NULL;
    const char *path = getenv("PATH");
    if (!path || !*path)
        path = "/usr/local/bin:/usr/bin:/bin";
    for (const char *p = path; *p;) {
        const char *e = strchr(p, ':');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        char *cand = mem_printf(g_arena, "%.*s/%s", (int)n, n ? p : ".", name);
        if (cc_is_exec(cand))
            return cand;
        p += n + (e ? 1 : 0);
    }
    return NULL;
}

const char *cc_default(void)
{
    static const char *const order[] = { "clang", "gcc", "tcc" };
    for (int i = 0; i < 3; i++)
        if (cc_find(order[i]))
            return order[i];
    return NULL;
}

static bool cc_write_file(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return false;
    bool ok = fwrite(text, 1, len, f) == len;
    return fclose(f) == 0 && ok;
}

/* Appends the file at path, without its last newline. */
static void cc_append_file(StrBuf *b, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return;
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        sb_putn(b, buf, n);
    fclose(f);
    if (b->len && b->data[b->len - 1] == '\n')
        b->len--;
}

/* ---- running the compiler ---- */
static void cc_arg(Vec *argv, const char *s) { vec_push(argv, (void *)s); }

static void cc_push_all(Vec *argv, const Vec *more)
{
    for (int i = 0; i < more->len; i++)
        vec_push(argv, more->items[i]);
}

/* Runs argv (NULL-terminated in a Vec) with stdout and stderr to ctx->log.
 * Returns the exit status, or -1 when it could not run or was killed. */
static int cc_spawn(const CcCtx *ctx, Vec *argv)
{
    vec_push(argv, NULL);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, ctx->log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&fa, 1, 2);
    pid_t pid;
    int err = posix_spawn(&pid, ctx->cc, &fa, NULL, (char **)argv->items, environ);
    posix_spawn_file_actions_destroy(&fa);
    argv->len--;
    if (err) {
        errno = err;
        return -1;
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* A failed C compile: the command, then what the compiler said. */
static int cc_fail(const CcCtx *ctx, const Vec *argv, int status)
{
    StrBuf *b = ctx->failure;
    sb_puts(b, "the C compiler failed:");
    for (int i = 0; i < argv->len; i++)
        sb_printf(b, " %s", (const char *)argv->items[i]);
    if (status < 0)
        sb_printf(b, "\n(%s)", errno ? strerror(errno) : "killed by a signal");
    sb_putc(b, '\n');
    cc_append_file(b, ctx->log);
    return 2;
}

static int cc_run(const CcCtx *ctx, Vec *argv)
{
    errno = 0;
    int st = cc_spawn(ctx, argv);
    return st == 0 ? 0 : cc_fail(ctx, argv, st);
}

/* ---- the runtime objects and their cache ---- */
static uint64_t cc_hash(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ULL;
    return h;
}

static uint64_t cc_hash_str(uint64_t h, const char *s) { return cc_hash(h, s, strlen(s) + 1); }

/* Identifies one runtime object: the compiler binary (path, size, mtime),
 * the flags, every header and the .c itself. */
static uint64_t cc_rt_key(const CcCtx *ctx, const struct gs_embedded_file *src)
{
    uint64_t h = cc_hash_str(0xcbf29ce484222325ULL, ctx->cc);
    struct stat st;
    if (stat(ctx->cc, &st) == 0) {
        int64_t id[2] = { (int64_t)st.st_size, (int64_t)st.st_mtime };
        h = cc_hash(h, id, sizeof id);
    }
    for (int i = 0; i < ctx->flags.len; i++)
        h = cc_hash_str(h, ctx->flags.items[i]);
    if (ctx->debug_map)     /* not the map itself: the temporary folder differs each time */
        h = cc_hash_str(h, env_runtime_dir());
    for (const struct gs_embedded_file *f = gs_embedded_files; f->name; f++)
        if (f == src || cc_ends_with(f->name, ".h")) {
            h = cc_hash_str(h, f->name);
            h = cc_hash(h, f->text, f->len);
        }
    return h;
}

static bool cc_mkdir(const char *path)
{
    return mkdir(path, 0755) == 0 || errno == EEXIST;
}

/* The parent of the cache folder: $XDG_CACHE_HOME or ~/.cache; NULL when
 * the cache is off (GOOSE_NO_CACHE) or there is no home. */
static const char *cc_cache_base(void)
{
    const char *off = getenv("GOOSE_NO_CACHE");
    if (off && *off && strcmp(off, "0") != 0)
        return NULL;
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    if (xdg && *xdg)
        return xdg;
    return home && *home ? mem_printf(g_arena, "%s/.cache", home) : NULL;
}

const char *cc_cache_path(void)
{
    const char *base = cc_cache_base();
    return base ? mem_printf(g_arena, "%s/goose", base) : NULL;
}

/* The cache folder, created; NULL when unusable. */
static const char *cc_cache_dir(void)
{
    const char *base = cc_cache_base();
    if (!base || !cc_mkdir(base))
        return NULL;
    const char *dir = cc_cache_path();
    return cc_mkdir(dir) && access(dir, W_OK) == 0 ? dir : NULL;
}

/* Every runtime change makes new cache entries: when one is added, entries
 * unused for a week (and parts left by a killed build) are removed. A hit
 * refreshes an entry's time at most once a day, so this stays cheap. */
#define CC_DAY (24 * 60 * 60)

static void cc_cache_prune(const char *cache)
{
    DIR *d = opendir(cache);
    if (!d)
        return;
    time_t now = time(NULL);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strncmp(e->d_name, "rt-", 3) != 0)
            continue;
        const char *path = mem_printf(g_arena, "%s/%s", cache, e->d_name);
        struct stat st;
        if (stat(path, &st) == 0 && now - st.st_mtime > 7 * CC_DAY)
            unlink(path);
    }
    closedir(d);
}

static void cc_cache_touch(const char *obj)
{
    struct stat st;
    if (stat(obj, &st) == 0 && time(NULL) - st.st_mtime > CC_DAY)
        utimensat(AT_FDCWD, obj, NULL, 0);
}

/* `cc flags -I tmp -c tmp/<src> -o obj` */
static int cc_compile_object(const CcCtx *ctx, const char *src, const char *obj)
{
    Vec argv = { 0 };
    cc_arg(&argv, ctx->cc);
    cc_push_all(&argv, &ctx->flags);
    if (ctx->debug_map)
        cc_arg(&argv, ctx->debug_map);
    cc_arg(&argv, mem_printf(g_arena, "-I%s", ctx->tmp));
    cc_arg(&argv, "-c");
    cc_arg(&argv, mem_printf(g_arena, "%s/%s", ctx->tmp, src));
    cc_arg(&argv, "-o");
    cc_arg(&argv, obj);
    return cc_run(ctx, &argv);
}

/* The object for one runtime .c: from the cache, or compiled (into the
 * cache when there is one). NULL after reporting a compiler failure. */
static const char *cc_runtime_object(const CcCtx *ctx, const struct gs_embedded_file *f, const char *cache)
{
    if (!cache) {
        const char *obj = mem_printf(g_arena, "%s/%s.o", ctx->tmp, f->name);
        return cc_compile_object(ctx, f->name, obj) == 0 ? obj : NULL;
    }
    const char *obj = mem_printf(g_arena, "%s/rt-%016llx.o", cache,
                                 (unsigned long long)cc_rt_key(ctx, f));
    if (access(obj, R_OK) == 0) {
        cc_cache_touch(obj);
        return obj;
    }
    cc_cache_prune(cache);
    const char *part = mem_printf(g_arena, "%s.part%ld", obj, (long)getpid());
    if (cc_compile_object(ctx, f->name, part) != 0) {
        unlink(part);
        return NULL;
    }
    if (rename(part, obj) != 0) {
        unlink(part);
        return cc_runtime_object(ctx, f, NULL);
    }
    return obj;
}

static bool cc_runtime_objects(const CcCtx *ctx, Vec *objs)
{
    const char *cache = cc_cache_dir();
    for (const struct gs_embedded_file *f = gs_embedded_files; f->name; f++) {
        if (!cc_ends_with(f->name, ".c"))
            continue;
        const char *obj = cc_runtime_object(ctx, f, cache);
        if (!obj)
            return false;
        vec_push(objs, (void *)obj);
    }
    return true;
}

/* ---- the temporary directory ---- */
static const char *cc_make_tmp(void)
{
    const char *t = getenv("TMPDIR");
    char *dir = mem_printf(g_arena, "%s/goose-build-XXXXXX", t && *t ? t : "/tmp");
    return mkdtemp(dir);
}

static void cc_remove_tmp(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            unlink(mem_printf(g_arena, "%s/%s", dir, e->d_name));
    closedir(d);
    rmdir(dir);
}

/* The runtime's files, then the program's C: where it is kept (--keep-c:
 * <out>.c) or in the temporary directory. Returns the C file's path. */
static const char *cc_write_sources(const CcCtx *ctx)
{
    for (const struct gs_embedded_file *f = gs_embedded_files; f->name; f++)
        if (!cc_write_file(mem_printf(g_arena, "%s/%s", ctx->tmp, f->name), f->text, f->len))
            return NULL;
    const char *c = ctx->job->keep_c ? mem_printf(g_arena, "%s.c", ctx->job->out)
                                     : mem_printf(g_arena, "%s/prog.c", ctx->tmp);
    return cc_write_file(c, ctx->job->c_text, ctx->job->c_len) ? c : NULL;
}

/* ---- the build ---- */
/* GOOSE_CFLAGS: more flags for clang and gcc, split at spaces (the
 * sanitizer builds of the tests: tests/run_golden.py --sanitize). They
 * apply to the runtime's objects too (and so to their cache key) and to the
 * link. TinyCC does not get them. */
static void cc_env_flags(CcCtx *ctx)
{
    const char *p = getenv("GOOSE_CFLAGS");
    while (p && *p) {
        while (*p == ' ')
            p++;
        const char *e = p;
        while (*e && *e != ' ')
            e++;
        if (e > p)
            cc_arg(&ctx->flags, mem_strndup(g_arena, p, (size_t)(e - p)));
        p = e;
    }
}

/* -g (clang and gcc only, cc_build): debug information and no C
 * optimisation, so a debugger shows every local and steps line by line
 * (GOOSE_CFLAGS=-O2, coming after, overrides). */
static void cc_set_flags(CcCtx *ctx)
{
    if (ctx->is_tcc)
        return;     /* TinyCC does not optimise; -std=c11 would only narrow it */
    cc_arg(&ctx->flags, "-std=c11");
    cc_arg(&ctx->flags, ctx->job->opt_level == 0 || ctx->job->debug ? "-O0" : "-O2");
    if (ctx->job->debug)
        cc_arg(&ctx->flags, "-g");
    cc_env_flags(ctx);
}

static int cc_link(const CcCtx *ctx, const char *c_file, const Vec *objs)
{
    Vec argv = { 0 };
    cc_arg(&argv, ctx->cc);
    cc_push_all(&argv, &ctx->flags);
    if (ctx->debug_map)
        cc_arg(&argv, ctx->debug_map);
    cc_arg(&argv, mem_printf(g_arena, "-I%s", ctx->tmp));
    cc_arg(&argv, c_file);
    cc_push_all(&argv, objs);
    cc_arg(&argv, "-lm");
    cc_arg(&argv, ctx->is_tcc ? "-lpthread" : "-pthread"); /* thread.parallel (runtime/gs_thread.c) */
    cc_arg(&argv, "-o");
    cc_arg(&argv, ctx->job->out);
    return cc_run(ctx, &argv);
}

static int cc_build_in(CcCtx *ctx)
{
    const char *c_file = cc_write_sources(ctx);
    if (!c_file) {
        fprintf(stderr, "goose: cannot write the C for %s: %s\n", ctx->job->out, strerror(errno));
        return 1;
    }
    Vec objs = { 0 };
    if (!cc_runtime_objects(ctx, &objs))
        return 2;
    return cc_link(ctx, c_file, &objs);
}

static const char *cc_basename(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* A missing or read-only output folder is the user's error, not the C
 * compiler's: say so before running anything. */
static bool cc_out_ok(const char *out)
{
    const char *slash = strrchr(out, '/');
    const char *dir = !slash ? "." : slash == out ? "/" : mem_strndup(g_arena, out, (size_t)(slash - out));
    if (access(dir, W_OK) == 0)
        return true;
    fprintf(stderr, "goose: cannot write %s: %s\n", out, strerror(errno));
    return false;
}

int cc_build(const CcJob *job)
{
    if (!cc_out_ok(job->out))
        return 1;
    const char *name = job->cc && *job->cc ? job->cc : cc_default();
    const char *cc = name ? cc_find(name) : NULL;
    if (!cc) {
        fprintf(stderr, "goose: no C compiler found%s%s (install clang, gcc or tcc)\n",
                name ? ": " : "", name ? name : "");
        return 2;
    }
    StrBuf failure = { 0 };
    CcCtx ctx = { .job = job, .cc = cc, .is_tcc = strstr(cc_basename(name), "tcc") != NULL,
                  .failure = &failure };
    if (job->debug && ctx.is_tcc) {
        fputs("goose: -g needs clang or gcc: TinyCC 0.9.27's debug information loses the\n"
              "Goose file names and lines ('goose build -g --cc clang')\n", stderr);
        return 2;
    }
    cc_set_flags(&ctx);
    ctx.tmp = cc_make_tmp();
    if (!ctx.tmp) {
        fprintf(stderr, "goose: cannot create a temporary directory: %s\n", strerror(errno));
        return 2;
    }
    ctx.log = mem_printf(g_arena, "%s/cc.log", ctx.tmp);
    if (job->debug)
        ctx.debug_map = mem_printf(g_arena, "-fdebug-prefix-map=%s=%s", ctx.tmp, env_runtime_dir());
    int st = cc_build_in(&ctx);
    cc_remove_tmp(ctx.tmp);
    if (failure.len)
        fatal_internal("%s", sb_cstr(&failure));
    return st;
}
