/* peak.c — the peak of a program's memory, by kind: runs the program with
 * ASLR off (so the C library's file pages land in the same place every
 * run), polls /proc/PID/status as fast as it can until the program exits,
 * and prints the highest VmRSS, RssAnon and RssFile seen, and ru_maxrss
 * from wait4. The anonymous peak is the heap's own (file pages are the
 * program's and the C library's code, and their peak moves with what the
 * exit path faults in). A poll may miss a peak shorter than one poll
 * (~10-50 us); the program's own output goes to /dev/null.
 *
 *   cc -O2 bench/heap/peak.c -o /tmp/peak
 *   GOOSE_HEAP=system /tmp/peak ./short_lived 1000000 1
 *   -> peak rss 2584 anon 980 file 1712 maxrss 2588 polls 25675 (KiB) */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/personality.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct {
    long rss, anon, file;
} pk_mem;

/* One reading of /proc/PID/status; false once the process is gone or a
 * zombie (its counters are then zero). */
static bool pk_read(const char *path, pk_mem *m) {
    char line[256], state = '?';
    FILE *f = fopen(path, "r");
    if (f == NULL) return false;
    m->rss = m->anon = m->file = -1;
    while (fgets(line, sizeof line, f)) {
        if (!strncmp(line, "State:", 6)) state = line[7];
        else if (!strncmp(line, "VmRSS:", 6)) m->rss = atol(line + 6);
        else if (!strncmp(line, "RssAnon:", 8)) m->anon = atol(line + 8);
        else if (!strncmp(line, "RssFile:", 8)) m->file = atol(line + 8);
    }
    fclose(f);
    return state != 'Z' && state != 'X' && m->rss >= 0;
}

static long pk_max(long a, long b) { return a > b ? a : b; }

int main(int argc, char **argv) {
    char path[64];
    pk_mem m, top = {0, 0, 0};
    long polls = 0;
    struct rusage ru;
    int status;
    pid_t pid;
    if (argc < 2) {
        fprintf(stderr, "usage: peak program [args...]\n");
        return 2;
    }
    personality(ADDR_NO_RANDOMIZE);
    pid = fork();
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0) dup2(null, 1);
        execv(argv[1], argv + 1);
        _exit(127);
    }
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    while (pk_read(path, &m)) {
        top.rss = pk_max(top.rss, m.rss);
        top.anon = pk_max(top.anon, m.anon);
        top.file = pk_max(top.file, m.file);
        polls++;
    }
    if (wait4(pid, &status, 0, &ru) < 0) return 2;
    printf("peak rss %ld anon %ld file %ld maxrss %ld polls %ld (KiB)\n", top.rss, top.anon, top.file,
           ru.ru_maxrss, polls);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
