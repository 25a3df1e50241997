/* unavailable.c — the definitions behind the stand-in yyjson.h and
 * libbase64.h: each stops the program (exit status 3) naming the library
 * Debian 12 lacks. Linked into upstream LangArena's C by bench/apps/arena.py
 * so that every other benchmark of c/main.c builds from the file unchanged;
 * a benchmark that reaches one of these was not meant to be run. */
#include <stdio.h>
#include <stdlib.h>

#include "libbase64.h"
#include "yyjson.h"

static void unavailable(const char *lib, const char *fn) {
  fflush(stdout);
  fprintf(stderr, "%s: %s is not packaged by Debian 12; this benchmark has no C peer in "
                  "bench/apps/arena.py\n", fn, lib);
  exit(3);
}

#define YY(fn) unavailable("yyjson", fn)
#define B64(fn) unavailable("aklomp/base64", fn)

yyjson_mut_doc *yyjson_mut_doc_new(const yyjson_alc *alc) { (void)alc; YY(__func__); return NULL; }
void yyjson_mut_doc_free(yyjson_mut_doc *doc) { (void)doc; YY(__func__); }
void yyjson_mut_doc_set_root(yyjson_mut_doc *doc, yyjson_mut_val *root) { (void)doc; (void)root; YY(__func__); }
yyjson_mut_val *yyjson_mut_obj(yyjson_mut_doc *doc) { (void)doc; YY(__func__); return NULL; }
yyjson_mut_val *yyjson_mut_arr(yyjson_mut_doc *doc) { (void)doc; YY(__func__); return NULL; }
yyjson_mut_val *yyjson_mut_str(yyjson_mut_doc *doc, const char *s) { (void)doc; (void)s; YY(__func__); return NULL; }
yyjson_mut_val *yyjson_mut_strcpy(yyjson_mut_doc *doc, const char *s) { (void)doc; (void)s; YY(__func__); return NULL; }
yyjson_mut_val *yyjson_mut_real(yyjson_mut_doc *doc, double n) { (void)doc; (void)n; YY(__func__); return NULL; }
bool yyjson_mut_obj_add(yyjson_mut_val *o, yyjson_mut_val *k, yyjson_mut_val *v) {
  (void)o; (void)k; (void)v; YY(__func__); return false;
}
bool yyjson_mut_arr_append(yyjson_mut_val *a, yyjson_mut_val *v) { (void)a; (void)v; YY(__func__); return false; }
bool yyjson_mut_arr_add_uint(yyjson_mut_doc *d, yyjson_mut_val *a, uint64_t n) {
  (void)d; (void)a; (void)n; YY(__func__); return false;
}
bool yyjson_mut_arr_add_bool(yyjson_mut_doc *d, yyjson_mut_val *a, bool v) {
  (void)d; (void)a; (void)v; YY(__func__); return false;
}
char *yyjson_mut_write(const yyjson_mut_doc *d, yyjson_write_flag f, size_t *n) {
  (void)d; (void)f; (void)n; YY(__func__); return NULL;
}
yyjson_doc *yyjson_read(const char *s, size_t n, yyjson_read_flag f) { (void)s; (void)n; (void)f; YY(__func__); return NULL; }
void yyjson_doc_free(yyjson_doc *d) { (void)d; YY(__func__); }
yyjson_val *yyjson_doc_get_root(yyjson_doc *d) { (void)d; YY(__func__); return NULL; }
yyjson_val *yyjson_obj_get(yyjson_val *o, const char *k) { (void)o; (void)k; YY(__func__); return NULL; }
bool yyjson_is_arr(yyjson_val *v) { (void)v; YY(__func__); return false; }
bool yyjson_is_obj(yyjson_val *v) { (void)v; YY(__func__); return false; }
bool yyjson_is_num(yyjson_val *v) { (void)v; YY(__func__); return false; }
double yyjson_get_num(yyjson_val *v) { (void)v; YY(__func__); return 0; }
size_t yyjson_arr_size(yyjson_val *a) { (void)a; YY(__func__); return 0; }
yyjson_val *yyjson_arr_get_first(yyjson_val *a) { (void)a; YY(__func__); return NULL; }
yyjson_val *arena_shim_yyjson_next(yyjson_val *v) { (void)v; YY(__func__); return NULL; }

void base64_encode(const char *s, size_t n, char *o, size_t *on, int f) {
  (void)s; (void)n; (void)o; (void)on; (void)f; B64(__func__);
}
int base64_decode(const char *s, size_t n, char *o, size_t *on, int f) {
  (void)s; (void)n; (void)o; (void)on; (void)f; B64(__func__); return 0;
}
