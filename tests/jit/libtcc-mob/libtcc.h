/* libtcc.h — the part of newer TinyCC's API (0.9.28 / mob) that jit/jit.c
 * uses, for tests/jit: tcc_relocate takes the state only and
 * TCC_RELOCATE_AUTO is gone, so jit.c must compile against it with
 * GOOSE_TCC_RELOCATE_1ARG. Declarations as in that release. */
#ifndef LIBTCC_H
#define LIBTCC_H
#define LIBTCCAPI
struct TCCState;
typedef struct TCCState TCCState;
typedef void (*TCCErrorFunc)(void *opaque, const char *msg);
LIBTCCAPI TCCState *tcc_new(void);
LIBTCCAPI void tcc_delete(TCCState *s);
LIBTCCAPI void tcc_set_lib_path(TCCState *s, const char *path);
LIBTCCAPI void tcc_set_error_func(TCCState *s, void *error_opaque, TCCErrorFunc error_func);
LIBTCCAPI int tcc_add_include_path(TCCState *s, const char *pathname);
LIBTCCAPI int tcc_compile_string(TCCState *s, const char *buf);
LIBTCCAPI int tcc_set_output_type(TCCState *s, int output_type);
#define TCC_OUTPUT_MEMORY 1
LIBTCCAPI int tcc_add_symbol(TCCState *s, const char *name, const void *val);
LIBTCCAPI int tcc_relocate(TCCState *s1);
LIBTCCAPI void *tcc_get_symbol(TCCState *s, const char *name);
#endif
