/* step.c — counts the instructions a program runs by single-stepping it
 * with ptrace: the AVX-512 variant's instruction counts, which callgrind
 * cannot give (valgrind hides AVX-512, so it runs the AVX2 variant).
 * Slow (tens of thousands of instructions per second), so use small runs
 * and take differences: the tree's instructions per pair at L live spans
 * are ((tree L P2) - (tree L P1) - ((null L P2) - (null L P1))) / (P2 - P1),
 * the two runs of an arm sharing everything but the extra pairs.
 * Linux x86-64 only. Not for: timing.
 *
 * usage: step PROGRAM [ARGS...]   prints the count on its last line
 * build: cc -O2 bench/spantree/step.c -o /tmp/step */
#define _GNU_SOURCE
#include <stdio.h>
#include <sys/ptrace.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
    unsigned long long n = 0;
    int st;
    pid_t pid;
    if (argc < 2) {
        fprintf(stderr, "usage: step PROGRAM [ARGS...]\n");
        return 2;
    }
    pid = fork();
    if (pid == 0) {
        ptrace(PTRACE_TRACEME, 0, NULL, NULL);
        execv(argv[1], argv + 1);
        _exit(127);
    }
    if (pid < 0 || waitpid(pid, &st, 0) < 0 || !WIFSTOPPED(st))
        return 1;
    for (;;) {
        if (ptrace(PTRACE_SINGLESTEP, pid, NULL, NULL) < 0)
            break;
        if (waitpid(pid, &st, 0) < 0 || WIFEXITED(st) || WIFSIGNALED(st))
            break;
        n++;
    }
    fflush(stdout);
    printf("%llu\n", n);
    return 0;
}
