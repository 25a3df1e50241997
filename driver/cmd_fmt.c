/* cmd_fmt.c — `goose fmt [--check] [path...]` (prefix cmdfmt_): formats
 * Goose files in place, or lists the ones that are not formatted.
 *
 * A path is a file (formatted whatever its name) or a folder (every .gs
 * below it, in name order, skipping names that start with `.`); no path
 * is the current folder; `-` reads standard input and prints the result
 * (for editors). A file is rewritten only when its text changes, through
 * a temporary file beside it renamed over it (its mode kept), so a reader
 * never sees half a file. A file that does not parse gets the usual
 * diagnostics and is left as it is. With --check nothing is written: the
 * names of the files that are not formatted go to stdout.
 * Exit status: 0; 1 when --check found a file to format, a file does not
 * parse, or a file cannot be read or written; 2 for a usage error or an
 * internal error of the formatter (the file is then left as it is).
 * Not for: the layout itself (frontend/fmt.c). */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ast.h"
#include "driver.h"
#include "fmt.h"
#include "util.h"

typedef struct CmdFmt {
    bool check;
    int status;
} CmdFmt;

static void cmdfmt_fail(CmdFmt *c, int status)
{
    if (status > c->status)
        c->status = status;
}

static bool cmdfmt_is_gs(const char *name)
{
    size_t n = strlen(name);
    return n > 3 && strcmp(name + n - 3, ".gs") == 0;
}

/* Writes text over path through a temporary file in its folder (the
 * folder of the file a symbolic link names: the link stays a link). */
static bool cmdfmt_replace(const char *given, const StrBuf *text)
{
    struct stat st;
    char *real = realpath(given, NULL);
    if (!real || stat(real, &st) != 0) {
        free(real);
        return false;
    }
    const char *path = mem_strndup(g_arena, real, strlen(real));   /* absolute */
    free(real);
    const char *slash = strrchr(path, '/');
    char *tmp = mem_printf(g_arena, "%.*s/.%s.fmt-XXXXXX", (int)(slash - path), path, slash + 1);
    int fd = mkstemp(tmp);
    if (fd < 0)
        return false;
    FILE *f = fdopen(fd, "wb");
    bool ok = f && fwrite(text->data ? text->data : "", 1, text->len, f) == text->len;
    ok = ok && fchmod(fd, st.st_mode & 07777) == 0;
    if (f ? fclose(f) != 0 : close(fd) != 0)
        ok = false;
    if (ok && rename(tmp, path) == 0)
        return true;
    int err = errno;
    unlink(tmp);
    errno = err;
    return false;
}

/* Formats one loaded file: rewrites it, or names it under --check. Then
 * the compiler's memory starts over (frontend_reset), so a large tree
 * takes no more than its largest file, and each file's errors are its
 * own (up to DIAG_MAX_ERRORS). */
static void cmdfmt_source(CmdFmt *c, SrcFile *src, bool to_stdout)
{
    StrBuf out = { 0 };
    FmtStatus st = fmt_source(src, &out);
    diag_flush();
    if (st != FMT_OK) {
        cmdfmt_fail(c, st == FMT_SYNTAX ? 1 : 2);
    } else if (out.len == src->len && memcmp(out.data ? out.data : "", src->text, out.len) == 0) {
        if (to_stdout && !c->check)
            fwrite(out.data ? out.data : "", 1, out.len, stdout);
    } else if (c->check) {
        printf("%s\n", src->path);
        cmdfmt_fail(c, 1);
    } else if (to_stdout) {
        fwrite(out.data, 1, out.len, stdout);
    } else if (!cmdfmt_replace(src->path, &out)) {
        fprintf(stderr, "goose: cannot write %s: %s\n", src->path, strerror(errno));
        cmdfmt_fail(c, 1);
    }
    sb_free(&out);
    frontend_reset();
}

static void cmdfmt_file(CmdFmt *c, const char *path)
{
    SrcFile *src = src_load(path);
    if (!src) {
        fprintf(stderr, "goose: cannot read %s: %s\n", path, strerror(errno));
        cmdfmt_fail(c, 1);
        return;
    }
    cmdfmt_source(c, src, false);
}

static void cmdfmt_stdin(CmdFmt *c)
{
    StrBuf b = { 0 };
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, stdin)) > 0)
        sb_putn(&b, chunk, n);
    if (ferror(stdin) || b.len > SRC_MAX_BYTES) {
        fputs("goose: cannot read standard input\n", stderr);
        cmdfmt_fail(c, 1);
    } else {
        cmdfmt_source(c, src_from_text("<stdin>", b.data ? b.data : "", b.len), true);
    }
    sb_free(&b);
}

static void cmdfmt_path(CmdFmt *c, const char *path, bool given);

static int cmdfmt_skip_hidden(const struct dirent *d) { return d->d_name[0] != '.'; }

/* Every .gs below dir, in name order; symbolic links are not followed.
 * The paths live on the heap: the arena is reset after each file. */
static void cmdfmt_dir(CmdFmt *c, const char *dir)
{
    struct dirent **names;
    int n = scandir(dir, &names, cmdfmt_skip_hidden, alphasort);
    if (n < 0) {
        fprintf(stderr, "goose: cannot read %s: %s\n", dir, strerror(errno));
        cmdfmt_fail(c, 1);
        return;
    }
    size_t len = strlen(dir);
    for (int i = 0; i < n; i++) {
        char *path;
        if (strcmp(dir, ".") == 0)
            path = strdup(names[i]->d_name);
        else if (asprintf(&path, "%s%s%s", dir, dir[len - 1] == '/' ? "" : "/", names[i]->d_name) < 0)
            path = NULL;
        if (!path)
            fatal_internal("out of memory");
        cmdfmt_path(c, path, false);
        free(path);
        free(names[i]);
    }
    free(names);
}

static void cmdfmt_path(CmdFmt *c, const char *path, bool given)
{
    struct stat st;
    if ((given ? stat(path, &st) : lstat(path, &st)) != 0) {
        fprintf(stderr, "goose: cannot read %s: %s\n", path, strerror(errno));
        cmdfmt_fail(c, 1);
    } else if (S_ISDIR(st.st_mode)) {
        cmdfmt_dir(c, path);
    } else if (given || (S_ISREG(st.st_mode) && cmdfmt_is_gs(path))) {
        cmdfmt_file(c, path);
    }
}

static const char cmdfmt_usage[] =
    "usage: goose fmt [--check] [path...] | goose fmt [--check] -\n"
    "  formats .gs files in place (a folder: every .gs below it; no path: the\n"
    "  current folder); '-' formats standard input to standard output;\n"
    "  --check writes nothing and lists the files that are not formatted\n"
    "  (exit 1 if any). The layout: docs/tools.md, \"goose fmt\".\n";

static int cmdfmt_usage_error(const char *fmt, const char *arg)
{
    fputs("goose: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\n", stderr);
    fputs(cmdfmt_usage, stderr);
    return 2;
}

int cmdfmt_main(int argc, char **argv)
{
    CmdFmt c = { 0 };
    int npaths = 0;
    bool use_stdin = false;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(cmdfmt_usage, stdout);
            return 0;
        }
        if (strcmp(argv[i], "--check") == 0)
            c.check = true;
        else if (strcmp(argv[i], "-") == 0)
            use_stdin = true;
        else if (argv[i][0] == '-')
            return cmdfmt_usage_error("unknown flag '%s' for fmt", argv[i]);
        else
            argv[npaths++] = argv[i];
    }
    if (use_stdin && npaths)
        return cmdfmt_usage_error("'-' (standard input) cannot be given with %s", "paths");
    if (use_stdin)
        cmdfmt_stdin(&c);
    for (int i = 0; i < npaths; i++)
        cmdfmt_path(&c, argv[i], true);
    if (!use_stdin && !npaths)
        cmdfmt_path(&c, ".", true);
    return fflush(stdout) == 0 ? c.status : 1;
}
