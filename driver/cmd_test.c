/* cmd_test.c — `goose test`: finds the `fn test_*()` of *_test.gs files,
 * builds one program per package whose main runs the test named by its
 * argument, and runs each test in a process of its own, so a runtime error
 * or a failed assert is that test's failure and the others still run.
 *
 * A package is what Go would compile as one: a folder (or one test file).
 * A test file joins the module it tests, as Go compiles _test.go files into
 * their package (check_program_joined): in a standard library folder every
 * test file joins that module (the tests of stdlib/strings call split,
 * join, ... unqualified); elsewhere a module is one file, so x_test.gs
 * joins x.gs beside it, or is a module of its own when there is no x.gs.
 * The program's
 * root is made here: one import per tested module, under a private alias,
 * and a main that calls test number argv[1].
 *
 * Each package is compiled in a forked child (the compiler's state is made
 * for one compilation per process); the child loads the C in memory with
 * libtcc (or builds it with --cc) and forks once more per test, capturing
 * the test's stdout and stderr through one pipe. A test runs in its
 * package's folder with stdin from /dev/null, and is stopped after
 * --timeout seconds (default GT_TIMEOUT_S).
 *
 * Exit status: 0 all passed; 1 a test failed; 2 a usage error or a
 * package that does not compile.
 * Not for: language semantics or the pipeline's stages (main.c runs them). */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <regex.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "driver.h"
#include "jit.h"

#define GT_TIMEOUT_S 600    /* Go's default -timeout: ten minutes */
#define GT_USAGE "usage: goose test [paths...] [--run PATTERN] [-v] [-O0|-O1|-O2] [--cc clang|gcc|tcc]\n" \
                 "                  [--timeout SECONDS]  (docs/tools.md)"

typedef struct GtOptions {
    Vec paths;              /* const char*: as given, "." when none */
    const char *run;        /* --run PATTERN, or NULL: every test */
    regex_t run_re;
    bool verbose;
    int opt_level;
    const char *cc;         /* --cc: build natively; NULL: libtcc in memory */
    int timeout_s;          /* --timeout: seconds a test may run */
} GtOptions;

/* One package: its test files, found before any compiling. */
typedef struct GtPkg {
    const char *path;       /* shown in the results: the folder or file given or found */
    const char *dir;        /* the folder the tests run in */
    const char *stdlib_name;    /* a standard library module's folder: its name */
    Vec files;              /* const char*: its *_test.gs, sorted */
} GtPkg;

/* One test function, and the alias of the module it lives in. */
typedef struct GtTest {
    const char *name;
    int module;             /* index in GtBuild.imports */
} GtTest;

typedef struct GtBuild {
    Vec imports;            /* const char*: one import path per tested module */
    Vec joins;              /* CheckJoin*: every test file with its module */
    Vec tests;              /* GtTest*: in file order, then declaration order */
} GtBuild;

/* What a package's child reports to the parent through a pipe. */
typedef struct GtCounts {
    int passed, failed, broken;     /* broken: the package did not build */
} GtCounts;

static double gt_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static bool gt_ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && memcmp(s + n - m, suffix, m) == 0;
}

static bool gt_is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* A folder, not a link to one: dir/... does not follow links, so a link
 * to a parent cannot loop. */
static bool gt_is_real_dir(const char *path)
{
    struct stat st;
    return lstat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int gt_usage_error(const char *fmt, const char *arg)
{
    fputs("goose test: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\nrun 'goose --help' for usage\n", stderr);
    return 2;
}

/* ---- arguments ---- */
static int gt_set_run(GtOptions *o, const char *pattern)
{
    o->run = pattern;
    if (regcomp(&o->run_re, pattern, REG_EXTENDED | REG_NOSUB) != 0)
        return gt_usage_error("--run: '%s' is not a valid regular expression", pattern);
    return 0;
}

/* A whole number of seconds, 1 to a day. */
static int gt_set_timeout(GtOptions *o, const char *value)
{
    char *end;
    errno = 0;
    long n = strtol(value, &end, 10);
    if (errno || end == value || *end || n < 1 || n > 86400)
        return gt_usage_error("--timeout: '%s' is not a number of seconds from 1 to 86400", value);
    o->timeout_s = (int)n;
    return 0;
}

static int gt_flag_verbose(GtOptions *o, const char *v) { (void)v; o->verbose = true; return 0; }
static int gt_flag_o0(GtOptions *o, const char *v) { (void)v; o->opt_level = 0; return 0; }
static int gt_flag_o1(GtOptions *o, const char *v) { (void)v; o->opt_level = 1; return 0; }
static int gt_flag_o2(GtOptions *o, const char *v) { (void)v; o->opt_level = 2; return 0; }
static int gt_flag_cc(GtOptions *o, const char *v) { o->cc = v; return 0; }

/* A flag with a value takes it as the next word or after '=' (--run=x). */
static const struct {
    const char *name;
    bool takes_value;
    int (*set)(GtOptions *o, const char *value);   /* 0, or the usage status */
} gt_flags[] = {
    { "-v", false, gt_flag_verbose },
    { "-O0", false, gt_flag_o0 },
    { "-O1", false, gt_flag_o1 },
    { "-O2", false, gt_flag_o2 },
    { "--run", true, gt_set_run },
    { "--cc", true, gt_flag_cc },
    { "--timeout", true, gt_set_timeout },
};
#define GT_NFLAGS ((int)(sizeof gt_flags / sizeof gt_flags[0]))

/* The flag arg names, and where its joined value starts (after '='). */
static int gt_find_flag(const char *arg, const char **joined)
{
    *joined = NULL;
    for (int f = 0; f < GT_NFLAGS; f++) {
        size_t n = strlen(gt_flags[f].name);
        if (strncmp(arg, gt_flags[f].name, n) != 0)
            continue;
        if (arg[n] == 0)
            return f;
        if (arg[n] == '=' && gt_flags[f].takes_value) {
            *joined = arg + n + 1;
            return f;
        }
    }
    return -1;
}

/* One flag at argv[*i], with its value; 0, or the usage status. */
static int gt_parse_flag(GtOptions *o, int argc, char **argv, int *i)
{
    const char *arg = argv[*i], *value;
    int f = gt_find_flag(arg, &value);
    if (f < 0)
        return gt_usage_error("unknown flag '%s'", arg);
    if (gt_flags[f].takes_value && !value) {
        if (*i + 1 >= argc)
            return gt_usage_error("flag '%s' needs a value", arg);
        value = argv[++*i];
    }
    return gt_flags[f].set(o, value);
}

static int gt_parse_args(GtOptions *o, int argc, char **argv)
{
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i];
        if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
            puts(GT_USAGE);
            exit(0);
        }
        if (arg[0] == '-' && arg[1]) {
            int st = gt_parse_flag(o, argc, argv, &i);
            if (st)
                return st;
        } else {
            vec_push(&o->paths, (void *)arg);
        }
    }
    if (o->paths.len == 0)
        vec_push(&o->paths, ".");
    return 0;
}

/* ---- finding packages ---- */
static int gt_strcmp(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* dir without trailing slashes ("/" stays). */
static const char *gt_trim(const char *dir)
{
    size_t n = strlen(dir);
    while (n > 1 && dir[n - 1] == '/')
        n--;
    return mem_strndup(g_arena, dir, n);
}

/* dir/name; name alone in ".", so that messages read as Go's do. */
static const char *gt_join(const char *dir, const char *name)
{
    if (!strcmp(dir, "."))
        return mem_strndup(g_arena, name, strlen(name));
    return strcmp(dir, "/") ? mem_printf(g_arena, "%s/%s", dir, name) : mem_printf(g_arena, "/%s", name);
}

/* The entries of dir that are (want_dirs) folders, or *_test.gs files;
 * sorted. A name starting with '.' or '_', and testdata, are left out, as
 * Go does. */
static Vec gt_list(const char *dir, bool want_dirs)
{
    Vec names = { 0 };
    DIR *d = opendir(dir);
    if (!d)
        return names;
    for (struct dirent *e; (e = readdir(d));) {
        const char *n = e->d_name;
        if (n[0] == '.' || n[0] == '_' || !strcmp(n, "testdata"))
            continue;
        const char *path = gt_join(dir, n);
        if (want_dirs ? gt_is_real_dir(path) : !gt_is_dir(path) && gt_ends_with(n, "_test.gs"))
            vec_push(&names, mem_strndup(g_arena, n, strlen(n)));
    }
    closedir(d);
    qsort(names.items, (size_t)names.len, sizeof(void *), gt_strcmp);
    return names;
}

/* The standard library module whose folder dir is, else NULL. */
static const char *gt_stdlib_name(const char *dir)
{
    char real[PATH_MAX], lib[PATH_MAX];
    if (!realpath(dir, real) || !realpath(env_stdlib_dir(), lib))
        return NULL;
    char *slash = strrchr(real, '/');
    if (!slash || slash == real)
        return NULL;
    *slash = 0;
    return strcmp(real, lib) == 0 ? mem_strndup(g_arena, slash + 1, strlen(slash + 1)) : NULL;
}

static GtPkg *gt_dir_pkg(const char *dir)
{
    GtPkg *p = NEW(GtPkg);
    p->path = dir;
    p->dir = dir;
    p->stdlib_name = gt_stdlib_name(dir);
    Vec names = gt_list(dir, false);
    for (int i = 0; i < names.len; i++)
        vec_push(&p->files, (void *)gt_join(dir, VEC_AT(names, const char *, i)));
    return p;
}

/* dir/...: every folder at or below dir that holds test files. */
static void gt_walk(const char *dir, Vec *pkgs)
{
    GtPkg *p = gt_dir_pkg(dir);
    if (p->files.len)
        vec_push(pkgs, p);
    Vec subs = gt_list(dir, true);
    for (int i = 0; i < subs.len; i++)
        gt_walk(gt_join(dir, VEC_AT(subs, const char *, i)), pkgs);
}

static GtPkg *gt_file_pkg(const char *path)
{
    GtPkg *p = NEW(GtPkg);
    p->path = path;
    const char *slash = strrchr(path, '/');
    p->dir = slash ? (slash == path ? "/" : mem_strndup(g_arena, path, (size_t)(slash - path))) : ".";
    p->stdlib_name = gt_stdlib_name(p->dir);
    vec_push(&p->files, (void *)path);
    return p;
}

/* The packages of one path argument; the usage status when it names none. */
static int gt_find(const char *arg, Vec *pkgs)
{
    if (gt_ends_with(arg, "/...") || !strcmp(arg, "...")) {
        size_t n = strlen(arg) - 3;     /* dir and its slash: "x/" of "x/...", "/" of "/..." */
        const char *dir = n > 1 ? gt_trim(mem_strndup(g_arena, arg, n)) : n == 1 ? "/" : ".";
        if (!gt_is_dir(dir))
            return gt_usage_error("cannot read folder %s", dir);
        gt_walk(dir, pkgs);
        return 0;
    }
    if (gt_is_dir(arg)) {
        vec_push(pkgs, gt_dir_pkg(gt_trim(arg)));
        return 0;
    }
    if (access(arg, R_OK) != 0)
        return gt_usage_error("cannot read %s", arg);
    if (!gt_ends_with(arg, "_test.gs"))
        return gt_usage_error("%s is not a test file (*_test.gs)", arg);
    vec_push(pkgs, gt_file_pkg(arg));
    return 0;
}

/* ---- one package: parse the test files, make the root ---- */
/* The import path the root writes for the module x_test.gs joins: the
 * standard library module's name, else ./x beside the file. */
static const char *gt_import_of(const GtPkg *p, const char *file)
{
    if (p->stdlib_name)
        return p->stdlib_name;
    const char *stem = mem_strndup(g_arena, file, strlen(file) - strlen("_test.gs"));
    bool rel = stem[0] == '/' || !strncmp(stem, "./", 2) || !strncmp(stem, "../", 3);
    return rel ? stem : mem_printf(g_arena, "./%s", stem);
}

static int gt_import_index(GtBuild *b, const char *import)
{
    for (int i = 0; i < b->imports.len; i++)
        if (!strcmp(VEC_AT(b->imports, const char *, i), import))
            return i;
    vec_push(&b->imports, (void *)import);
    return b->imports.len - 1;
}

static bool gt_is_test_fn(const Decl *d)
{
    return d->kind == D_FN && !d->fn.recv && d->name && strncmp(d->name, "test_", 5) == 0 && d->name[5];
}

/* The test functions of one parsed file; a test_ function of another
 * shape is an error, as `go vet` and `go test` make it. */
static void gt_collect(GtBuild *b, const Module *file, int module)
{
    for (int i = 0; i < file->ndecls; i++) {
        const Decl *d = file->decls[i];
        if (!gt_is_test_fn(d))
            continue;
        if (d->fn.nparams || d->fn.ret || d->fn.ntparams) {
            diag_error(d->loc, "test function %s must be `fn %s()`: no parameters, results or type parameters",
                       d->name, d->name);
            continue;
        }
        GtTest *t = NEW(GtTest);
        t->name = d->name;
        t->module = module;
        vec_push(&b->tests, t);
    }
}

/* Parses every test file of p into b; false after reporting errors. */
static bool gt_parse(const GtPkg *p, GtBuild *b)
{
    bool ok = true;
    for (int i = 0; i < p->files.len; i++) {
        const char *path = VEC_AT(p->files, const char *, i);
        SrcFile *src = src_load(path);
        if (!src) {
            fprintf(stderr, "goose: cannot read %s: %s\n", path, strerror(errno));
            return false;
        }
        Module *m = NEW(Module);
        m->path = src->path;
        if (!parse_file(src, m)) {
            ok = false;
            continue;
        }
        CheckJoin *j = NEW(CheckJoin);
        j->import = gt_import_of(p, path);
        j->decls = m;
        vec_push(&b->joins, j);
        gt_collect(b, m, gt_import_index(b, j->import));
    }
    diag_flush();
    return ok && diag_error_count() == 0;
}

/* The root's main: `goose-test N` calls test N; any other argument is a
 * usage error of the program (status 2). */
static const char *gt_main_text(const GtBuild *b)
{
    StrBuf s = { 0 };
    sb_puts(&s, "fn main() -> int {\n    let a = args()\n    if a.len != 1 {\n        return 2\n    }\n");
    for (int i = 0; i < b->tests.len; i++) {
        const GtTest *t = VEC_AT(b->tests, GtTest *, i);
        sb_printf(&s, "    if a[0] == \"%d\" {\n        gt_m%d.%s()\n        return 0\n    }\n", i, t->module, t->name);
    }
    sb_puts(&s, "    return 2\n}\n");
    const char *text = mem_strndup(g_arena, s.data, s.len);
    sb_free(&s);
    return text;
}

/* The root module: the parsed main, after one import per tested module
 * made here, so that its alias gt_mN is private to the root whatever the
 * module's name (main, args, ...). */
static Module *gt_root(const GtBuild *b)
{
    const char *text = gt_main_text(b);
    SrcFile *src = src_from_text("_testmain.gs", text, strlen(text));
    Module *root = NEW(Module);
    root->name = intern_cstr("main");
    root->path = src->path;
    root->cprefix = "gs_main_";
    if (!parse_file(src, root))
        fatal_internal("goose test: the generated main does not parse");
    Decl **decls = NEW_ARRAY(Decl *, b->imports.len + root->ndecls);
    for (int i = 0; i < b->imports.len; i++) {
        Decl *d = ast_decl(D_IMPORT, (Loc){ src->id, 1, 1 });
        d->import.path = intern_cstr(VEC_AT(b->imports, const char *, i));
        d->name = intern_cstr(mem_printf(g_arena, "gt_m%d", i));
        decls[i] = d;
    }
    memcpy(decls + b->imports.len, root->decls, sizeof(Decl *) * (size_t)root->ndecls);
    root->decls = decls;
    root->ndecls += b->imports.len;
    return root;
}

/* ---- running one test ---- */
/* How the program runs a test: in memory, or as a built executable. */
typedef struct GtProg {
    JitProgram *jit;
    const char *exe;        /* absolute */
} GtProg;

typedef struct GtResult {
    int status;             /* waitpid's */
    StrBuf out;             /* stdout and stderr, interleaved */
    double secs;
} GtResult;

/* A child ends with the process that forked it (goose test stopped by
 * ctest's timeout or a signal leaves no test running on). */
static void gt_die_with(pid_t parent)
{
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent)
        _exit(2);
}

/* In the test's process: output into the pipe, stdin empty, the package's
 * folder as the working directory, the timeout armed; then test n. */
static void gt_child(const GtProg *prog, const char *dir, int timeout_s, int fd, int n) __attribute__((noreturn));
static void gt_child(const GtProg *prog, const char *dir, int timeout_s, int fd, int n)
{
    int null = open("/dev/null", O_RDONLY);
    if (null >= 0)
        dup2(null, 0);
    dup2(fd, 1);
    dup2(fd, 2);
    if (chdir(dir) != 0)
        _exit(127);
    alarm((unsigned)timeout_s);
    char num[16];
    snprintf(num, sizeof num, "%d", n);
    char *args[] = { num, NULL };
    if (prog->jit)
        exit(jit_call(prog->jit, "goose-test", 1, args));
    char *argv[] = { (char *)prog->exe, num, NULL };
    execv(prog->exe, argv);
    _exit(127);
}

static void gt_run_one(const GtProg *prog, const char *dir, int timeout_s, int n, GtResult *r)
{
    int fds[2];
    double t0 = gt_now();
    if (pipe(fds) != 0)
        fatal_internal("goose test: pipe: %s", strerror(errno));
    fflush(NULL);
    pid_t self = getpid(), pid = fork();
    if (pid < 0)
        fatal_internal("goose test: fork: %s", strerror(errno));
    if (pid == 0) {
        gt_die_with(self);
        close(fds[0]);
        gt_child(prog, dir, timeout_s, fds[1], n);
    }
    close(fds[1]);
    char buf[65536];
    ssize_t got;
    while ((got = read(fds[0], buf, sizeof buf)) > 0 || (got < 0 && errno == EINTR))
        if (got > 0)
            sb_putn(&r->out, buf, (size_t)got);
    close(fds[0]);
    while (waitpid(pid, &r->status, 0) < 0 && errno == EINTR)
        ;
    r->secs = gt_now() - t0;
}

/* ---- reporting ---- */
static void gt_print_indented(const StrBuf *out)
{
    const char *p = out->data, *end = out->data + out->len;
    while (p && p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *e = nl ? nl : end;
        printf("    %.*s\n", (int)(e - p), p);
        p = e + 1;
    }
}

/* What ended a failed test, when its output does not say it: a runtime
 * error (101) prints its own line. */
static void gt_print_cause(int status, int timeout_s)
{
    if (WIFEXITED(status) && WEXITSTATUS(status) != 101)
        printf("    exit status %d\n", WEXITSTATUS(status));
    else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
        printf("    timed out after %ds\n", timeout_s);
    else if (WIFSIGNALED(status))
        printf("    killed by signal %d (%s)\n", WTERMSIG(status), strsignal(WTERMSIG(status)));
}

static bool gt_report(const GtOptions *o, const char *name, GtResult *r)
{
    bool pass = WIFEXITED(r->status) && WEXITSTATUS(r->status) == 0;
    if (pass && !o->verbose)
        return true;
    printf("--- %s: %s (%.2fs)\n", pass ? "PASS" : "FAIL", name, r->secs);
    gt_print_indented(&r->out);
    if (!pass)
        gt_print_cause(r->status, o->timeout_s);
    return pass;
}

static bool gt_selected(const GtOptions *o, const char *name)
{
    return !o->run || regexec(&o->run_re, name, 0, NULL, 0) == 0;
}

static void gt_run_all(const GtOptions *o, const GtPkg *p, const GtBuild *b, const GtProg *prog, GtCounts *c)
{
    for (int i = 0; i < b->tests.len; i++) {
        const GtTest *t = VEC_AT(b->tests, GtTest *, i);
        if (!gt_selected(o, t->name))
            continue;
        GtResult r = { 0 };
        gt_run_one(prog, p->dir, o->timeout_s, i, &r);
        if (gt_report(o, t->name, &r))
            c->passed++;
        else
            c->failed++;
        sb_free(&r.out);
        fflush(stdout);
    }
}

/* ---- one package, in its own process ---- */
/* Builds the executable into a fresh temporary folder; NULL when it fails
 * (cc_build reported why). */
static const char *gt_build_native(const GtOptions *o, const StrBuf *c, const char **tmp)
{
    const char *t = getenv("TMPDIR");
    char *dir = mem_printf(g_arena, "%s/goose-test-XXXXXX", t && *t ? t : "/tmp");
    if (!mkdtemp(dir)) {
        fprintf(stderr, "goose: cannot make a temporary folder: %s\n", strerror(errno));
        return NULL;
    }
    *tmp = dir;
    CcJob job = { .cc = o->cc, .opt_level = o->opt_level, .out = mem_printf(g_arena, "%s/goose-test", dir),
                  .c_text = c->data ? c->data : "", .c_len = c->len };
    return cc_build(&job) == 0 ? job.out : NULL;
}

static void gt_remove_native(const char *tmp, const char *exe)
{
    if (exe)
        unlink(exe);
    if (tmp)
        rmdir(tmp);
}

/* The joins as the array check_program_joined takes. */
static CheckJoin *gt_join_array(const GtBuild *b)
{
    CheckJoin *a = NEW_ARRAY(CheckJoin, b->joins.len ? b->joins.len : 1);
    for (int i = 0; i < b->joins.len; i++)
        a[i] = *VEC_AT(b->joins, CheckJoin *, i);
    return a;
}

/* Parses, compiles and loads (or builds) the package; false when it does
 * not build. */
static bool gt_load(const GtOptions *o, const GtPkg *p, GtBuild *b, GtProg *prog, const char **tmp)
{
    StrBuf c = { 0 };
    if (!gt_parse(p, b))
        return false;
    if (!drv_compile_joined(gt_root(b), gt_join_array(b), b->joins.len, o->opt_level, &c))
        return false;
    if (o->cc)
        prog->exe = gt_build_native(o, &c, tmp);
    else
        prog->jit = jit_load(sb_cstr(&c), NULL);
    sb_free(&c);
    return prog->jit || prog->exe;
}

/* The exe's path made absolute: the tests run in their package's folder. */
static void gt_absolute(GtProg *prog)
{
    char real[PATH_MAX];
    if (prog->exe && realpath(prog->exe, real))
        prog->exe = mem_strndup(g_arena, real, strlen(real));
}

static void gt_package(const GtOptions *o, const GtPkg *p, GtCounts *c)
{
    double t0 = gt_now();
    GtBuild b = { 0 };
    GtProg prog = { 0 };
    const char *tmp = NULL;
    if (!gt_load(o, p, &b, &prog, &tmp)) {
        gt_remove_native(tmp, prog.exe);
        printf("FAIL %s [build failed]\n", p->path);
        c->broken = 1;
        return;
    }
    gt_absolute(&prog);
    gt_run_all(o, p, &b, &prog, c);
    gt_remove_native(tmp, prog.exe);
    const char *none = c->passed + c->failed ? "" : " [no tests to run]";
    printf("%-4s %s (%.2fs)%s\n", c->failed ? "FAIL" : "ok", p->path, gt_now() - t0, none);
}

/* Runs gt_package in a child and collects its counts; a child that dies
 * (an internal error) counts as a package that does not build. */
static void gt_fork_package(const GtOptions *o, const GtPkg *p, GtCounts *total)
{
    int fds[2];
    if (pipe(fds) != 0)
        fatal_internal("goose test: pipe: %s", strerror(errno));
    fflush(NULL);
    pid_t self = getpid(), pid = fork();
    if (pid < 0)
        fatal_internal("goose test: fork: %s", strerror(errno));
    if (pid == 0) {
        gt_die_with(self);
        close(fds[0]);
        GtCounts c = { 0 };
        gt_package(o, p, &c);
        fflush(NULL);
        bool ok = write(fds[1], &c, sizeof c) == (ssize_t)sizeof c;
        exit(ok ? 0 : 2);
    }
    close(fds[1]);
    GtCounts c = { 0 };
    bool got = read(fds[0], &c, sizeof c) == (ssize_t)sizeof c;
    close(fds[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    if (!got || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        printf("FAIL %s [goose test stopped]\n", p->path);
        c.broken = 1;
    }
    total->passed += c.passed;
    total->failed += c.failed;
    total->broken += c.broken;
}

static void gt_no_tests(const GtPkg *p)
{
    printf("?    %s [no test files]\n", p->path);
}

int gt_main(int argc, char **argv)
{
    GtOptions o = { .opt_level = 2, .timeout_s = GT_TIMEOUT_S };
    int st = gt_parse_args(&o, argc, argv);
    Vec pkgs = { 0 };
    for (int i = 0; !st && i < o.paths.len; i++)
        st = gt_find(VEC_AT(o.paths, const char *, i), &pkgs);
    if (st)
        return st;
    GtCounts total = { 0 };
    for (int i = 0; i < pkgs.len; i++) {
        const GtPkg *p = VEC_AT(pkgs, GtPkg *, i);
        if (p->files.len)
            gt_fork_package(&o, p, &total);
        else
            gt_no_tests(p);
    }
    printf("%d passed, %d failed\n", total.passed, total.failed);
    if (fflush(stdout) != 0)
        return 2;
    return total.broken ? 2 : total.failed ? 1 : 0;
}
