/* libtcc.h — the part of TinyCC 0.9.27's API (Debian 12) that jit/jit.c
 * uses, for tests/jit: jit.c must compile against it without
 * GOOSE_TCC_RELOCATE_1ARG. Declarations as in that release. */
#ifndef LIBTCC_H
#define LIBTCC_H
#define LIBTCCAPI
struct TCCState;
typedef struct TCCState TCCState;
LIBTCCAPI TCCState *tcc_new(void);
LIBTCCAPI void tcc_delete(TCCState *s);
LIBTCCAPI void tcc_set_lib_path(TCCState *s, const char *path);
LIBTCCAPI void tcc_set_error_func(TCCState *s, void *error_opaque,
    void (*error_func)(void *opaque, const char *msg));
LIBTCCAPI int tcc_add_include_path(TCCState *s, const char *pathname);
LIBTCCAPI int tcc_compile_string(TCCState *s, const char *buf);
LIBTCCAPI int tcc_set_output_type(TCCState *s, int output_type);
#define TCC_OUTPUT_MEMORY 1
LIBTCCAPI int tcc_add_symbol(TCCState *s, const char *name, const void *val);
LIBTCCAPI int tcc_relocate(TCCState *s1, void *ptr);
#define TCC_RELOCATE_AUTO (void*)1
LIBTCCAPI void *tcc_get_symbol(TCCState *s, const char *name);
#endif
