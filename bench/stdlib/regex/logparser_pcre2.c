/* logparser_pcre2.c — the PCRE2 side of bench/stdlib/regex/run.py: the same
 * log and patterns as logparser.gs, matched with pcre2_match (the
 * interpreter) or, with -DUSE_JIT, pcre2_jit_match after pcre2_jit_compile.
 * args: lines iterations [k]. Prints `checksum <matches> pairs <n>`. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *PATTERNS[] = {
    " [5][0-9]{2} | [4][0-9]{2} ",
    "(?i)bot|crawler|scanner|spider|indexing|crawl|robot|spider",
    "(?i)etc/passwd|wp-admin|\\.\\./",
    "\\d+\\.\\d+\\.\\d+\\.35",
    "/api/[^ \"]+",
    "POST [^ ]* HTTP",
    "(?i)/login|/signin",
    "(?i)get|post|put",
    "[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\\.[a-zA-Z]{2,}",
    "password=[^&\\s\"]+",
    "token=[^&\\s\"]+|api[_-]?key=[^&\\s\"]+",
    "session[_-]?id=[^&\\s\"]+",
    "\\[\\d+/\\w+/\\d+:1[3-7]:\\d+:\\d+ [+\\-]\\d+\\]",
};
#define NPAT (int)(sizeof PATTERNS / sizeof PATTERNS[0])

static char *buf;
static size_t len, cap;

static void put(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#include <stdarg.h>
static void put(const char *fmt, ...) {
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int n = vsnprintf(buf + len, cap - len, fmt, ap);
        va_end(ap);
        if ((size_t)n < cap - len) { len += (size_t)n; return; }
        cap = cap * 2 + 1024;
        buf = realloc(buf, cap);
    }
}

static void log_line(int i) {
    static const char *methods[] = {"GET", "POST", "PUT", "DELETE"};
    static const char *paths[] = {"/index.html", "/api/users", "/admin", "/images/logo.png",
                                  "/etc/passwd", "/wp-admin/setup.php"};
    static const int statuses[] = {200, 201, 301, 302, 400, 401, 403, 404, 500, 502, 503};
    static const char *agents[] = {"Mozilla/5.0", "Googlebot/2.1", "curl/7.68.0", "scanner/2.0"};
    static const char *users[] = {"john", "jane", "alex", "sarah", "mike", "anna", "david", "elena"};
    static const char *domains[] = {"example.com", "gmail.com", "yahoo.com", "hotmail.com",
                                    "company.org", "mail.ru"};
    put("192.168.1.%d - - [%d/Oct/2023:%d:55:36 +0000] \"%s ", i % 255 + 1, i % 31, i % 60, methods[i % 4]);
    if (i % 3 == 0)
        put("/login?email=%s%d@%s&password=secret%d", users[i % 8], i % 100, domains[i % 6], i % 10000);
    else if (i % 5 == 0) {
        put("/api/data?token=");
        for (int k = 0; k < i % 3 + 1; k++) put("abcdef123456");
    } else if (i % 7 == 0)
        put("/user/profile?session_id=sess_%lx", (long)i * 12345);
    else
        put("%s", paths[i % 6]);
    put(" HTTP/1.1\" %d 2326 \"http://%s\" \"%s\"\n", statuses[i % 11], domains[i % 6], agents[i % 4]);
}

/* Non-overlapping matches left to right (no pattern here matches empty). */
static long count(pcre2_code *re, pcre2_match_data *md) {
    long n = 0;
    size_t pos = 0;
    for (;;) {
#ifdef USE_JIT
        int rc = pcre2_jit_match(re, (PCRE2_SPTR)buf, len, pos, 0, md, NULL);
#else
        int rc = pcre2_match(re, (PCRE2_SPTR)buf, len, pos, 0, md, NULL);
#endif
        if (rc < 0) return n;
        PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
        n++;
        pos = ov[1] > ov[0] ? ov[1] : ov[1] + 1;
        if (pos > len) return n;
    }
}

int main(int argc, char **argv) {
    int lines = atoi(argv[1]), iterations = atoi(argv[2]);
    int only = argc > 3 ? atoi(argv[3]) : -1;
    for (int i = 0; i < lines; i++) log_line(i);
    pcre2_code *res[NPAT];
    pcre2_match_data *md[NPAT];
    for (int k = 0; k < NPAT; k++) {
        int err;
        PCRE2_SIZE off;
        res[k] = pcre2_compile((PCRE2_SPTR)PATTERNS[k], PCRE2_ZERO_TERMINATED, 0, &err, &off, NULL);
        if (!res[k]) { fprintf(stderr, "pattern %d does not compile\n", k); return 1; }
#ifdef USE_JIT
        if (pcre2_jit_compile(res[k], PCRE2_JIT_COMPLETE) != 0) { fprintf(stderr, "no JIT\n"); return 1; }
#endif
        md[k] = pcre2_match_data_create_from_pattern(res[k], NULL);
    }
    unsigned long long total = 0;
    long pairs = 0;
    for (int it = 0; it < iterations; it++)
        for (int k = 0; k < NPAT; k++) {
            if (only >= 0 && k != only) continue;
            total += (unsigned long long)count(res[k], md[k]);
            pairs++;
        }
    printf("checksum %llu pairs %ld\n", total, pairs);
    for (int k = 0; k < NPAT; k++) { pcre2_match_data_free(md[k]); pcre2_code_free(res[k]); }
    free(buf);
    return 0;
}
