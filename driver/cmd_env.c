/* cmd_env.c — where goose finds its files, and `goose env`, which prints
 * them (as `go env` does).
 *
 * goose finds its root folder relative to its own executable
 * (/proc/self/exe, resolved by realpath), so a copied or moved tree keeps
 * working. Two layouts, tried in order (env_layouts):
 *   installed   P/bin/goose, P/lib/goose/std, P/lib/goose/runtime
 *               (`cmake --install`, `./build.sh install`; as zig's lib/zig/std)
 *   build tree  <source>/<build>/goose, <source>/stdlib, <source>/runtime
 * When neither is found (a build folder outside the source tree), the
 * source tree's path compiled in (GOOSE_SOURCE_DIR) is the last fallback.
 * GOOSE_STDLIB overrides the standard library folder.
 *
 * The runtime's sources under <root>/runtime are a copy for people and
 * debuggers (`goose build -g` points the debug information there): goose
 * compiles the runtime it carries inside itself (gs_embedded_files).
 * Not for: compiling (main.c, cc.c). */
#define _GNU_SOURCE
#include "driver.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "jit.h"
#include "util.h"

#ifndef GOOSE_VERSION
#define GOOSE_VERSION "0.0.0"
#endif
#ifndef GOOSE_SOURCE_DIR
#define GOOSE_SOURCE_DIR "."
#endif

/* A root, relative to the folder of the executable, and its stdlib folder. */
static const struct {
    const char *root;
    const char *std;
} env_layouts[] = {
    { "../lib/goose", "std" },      /* installed */
    { "..", "stdlib" },             /* the build tree inside the source tree */
};
#define ENV_NLAYOUTS ((int)(sizeof env_layouts / sizeof env_layouts[0]))

typedef struct EnvRoot {
    const char *root, *std;
} EnvRoot;

static bool env_is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* path made absolute and canonical, or NULL when it does not exist. */
static const char *env_real(const char *path)
{
    char buf[PATH_MAX];
    return realpath(path, buf) ? mem_printf(g_arena, "%s", buf) : NULL;
}

const char *env_exe(void)
{
    static const char *exe;
    if (!exe)
        exe = env_real("/proc/self/exe");
    return exe;
}

/* The first layout whose root holds its stdlib and runtime folders. */
static EnvRoot env_find_root(void)
{
    const char *exe = env_exe();
    const char *slash = exe ? strrchr(exe, '/') : NULL;
    if (slash) {
        const char *dir = mem_strndup(g_arena, exe, (size_t)(slash - exe));
        for (int i = 0; i < ENV_NLAYOUTS; i++) {
            const char *root = env_real(mem_printf(g_arena, "%s/%s", dir, env_layouts[i].root));
            if (root && env_is_dir(mem_printf(g_arena, "%s/%s", root, env_layouts[i].std)) &&
                env_is_dir(mem_printf(g_arena, "%s/runtime", root)))
                return (EnvRoot){ root, env_layouts[i].std };
        }
    }
    return (EnvRoot){ GOOSE_SOURCE_DIR, "stdlib" };
}

static EnvRoot env_root(void)
{
    static EnvRoot r;
    if (!r.root)
        r = env_find_root();
    return r;
}

const char *env_stdlib_dir(void)
{
    const char *env = getenv("GOOSE_STDLIB");
    if (env && *env)
        return env;
    EnvRoot r = env_root();
    return mem_printf(g_arena, "%s/%s", r.root, r.std);
}

const char *env_runtime_dir(void)
{
    return mem_printf(g_arena, "%s/runtime", env_root().root);
}

/* ---- goose env ---- */
static const char *env_cc(void)
{
    const char *cc = getenv("GOOSE_CC");
    return cc && *cc ? cc : cc_default();
}

static const char *env_clang(void) { return cc_find("clang"); }
static const char *env_gcc(void) { return cc_find("gcc"); }
static const char *env_tcc(void) { return cc_find("tcc"); }
static const char *env_version(void) { return GOOSE_VERSION; }
static const char *env_cflags(void) { return getenv("GOOSE_CFLAGS"); }

/* Every key `goose env` prints, in order; a NULL value prints empty. */
static const struct {
    const char *name;
    const char *(*value)(void);
    const char *what;
} env_keys[] = {
    { "GOOSE_VERSION", env_version, "goose's version" },
    { "GOOSE_EXE", env_exe, "this goose executable" },
    { "GOOSE_STDLIB", env_stdlib_dir, "the standard library (GOOSE_STDLIB overrides)" },
    { "GOOSE_RUNTIME", env_runtime_dir, "the runtime's sources (goose carries its own copy)" },
    { "GOOSE_CACHE", cc_cache_path, "cached runtime objects (empty: off, GOOSE_NO_CACHE)" },
    { "GOOSE_CC", env_cc, "the default C compiler of goose build (GOOSE_CC overrides)" },
    { "GOOSE_CFLAGS", env_cflags, "more flags for clang and gcc" },
    { "GOOSE_CLANG", env_clang, "clang, when installed" },
    { "GOOSE_GCC", env_gcc, "gcc, when installed" },
    { "GOOSE_TCC", env_tcc, "tcc, when installed" },
    { "GOOSE_TCC_LIB_DIR", jit_lib_dir, "TinyCC's libtcc1.a and headers, for goose run" },
};
#define ENV_NKEYS ((int)(sizeof env_keys / sizeof env_keys[0]))

static int env_find_key(const char *name)
{
    for (int i = 0; i < ENV_NKEYS; i++)
        if (strcmp(env_keys[i].name, name) == 0)
            return i;
    return -1;
}

static const char *env_value(int k)
{
    const char *v = env_keys[k].value();
    return v ? v : "";
}

static void env_help(void)
{
    puts("usage: goose env [NAME...]\n"
         "  prints NAME=value for every name below, or the value of each NAME given\n");
    for (int k = 0; k < ENV_NKEYS; k++)
        printf("  %-18s %s\n", env_keys[k].name, env_keys[k].what);
}

int env_main(int argc, char **argv)
{
    if (argc == 1 && (!strcmp(argv[0], "--help") || !strcmp(argv[0], "-h"))) {
        env_help();
        return 0;
    }
    for (int i = 0; i < argc; i++)
        if (env_find_key(argv[i]) < 0) {
            fprintf(stderr, "goose: env: unknown name '%s' (names:", argv[i]);
            for (int k = 0; k < ENV_NKEYS; k++)
                fprintf(stderr, " %s", env_keys[k].name);
            fputs(")\n", stderr);
            return 2;
        }
    for (int i = 0; i < argc; i++)
        printf("%s\n", env_value(env_find_key(argv[i])));
    for (int k = 0; argc == 0 && k < ENV_NKEYS; k++)
        printf("%s=%s\n", env_keys[k].name, env_value(k));
    return fflush(stdout) == 0 ? 0 : 1;
}
