/* variant.h — which narrow variant of the span tree a test ran, against
 * the one it was built to test (--want NAME), as the test's last line and
 * exit status:
 *   PASS  its checks held and it ran the wanted variant (or wanted none);
 *   SKIP  its checks held on another variant because this CPU cannot run
 *         the wanted one: exit ST_SKIP, which CMakeLists.txt registers as
 *         SKIP_RETURN_CODE, so ctest shows it skipped, not passed;
 *   FAIL  a check failed, or another variant ran although the CPU runs the
 *         wanted one (the build does not compile it in).
 * The line names the variant that ran. check_variant.py tests this.
 * Not for: anything outside tests/spantree. */
#ifndef ST_VARIANT_H
#define ST_VARIANT_H

#include <stdbool.h>

#define ST_SKIP 77

typedef enum st_outcome { ST_PASS, ST_SKIPPED, ST_FAIL } st_outcome;

/* true when this CPU and OS run the named variant, by the runtime's own
 * conditions (gs_span_isa_init); SPANTREE_CPU_LACKS=<name> in the
 * environment makes it false for that name (check_variant.py's stand-in
 * for a CPU without it). */
bool st_cpu_runs(const char *variant);

/* The outcome of a test with `failures` failed checks that wanted the
 * variant `want` (NULL: any) and ran `ran`. */
st_outcome st_outcome_of(int failures, const char *want, const char *ran, bool cpu_runs_want);

/* The value of --want in argv (argv[i] == "--want"), NULL when absent;
 * exits 2 when it names no variant. */
const char *st_want(int argc, char **argv);

/* Prints "PASS|SKIP|FAIL <what> ..." naming the variant that ran, and
 * returns the exit status (0, ST_SKIP, 1). */
int st_finish(const char *what, int failures, const char *want);

#endif
