/* yyjson.h — a stand-in for ibireme/yyjson, which Debian 12 does not
 * package. It declares exactly what LangArena's c/main.c uses (Json::Generate,
 * Json::ParseDom, Json::ParseMapping) so that file compiles unchanged;
 * unavailable.c defines each function to stop the program with a message.
 * bench/apps/arena.py never runs those three benchmarks' C (docs/langarena.md). */
#ifndef ARENA_SHIM_YYJSON_H
#define ARENA_SHIM_YYJSON_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct yyjson_doc yyjson_doc;
typedef struct yyjson_val yyjson_val;
typedef struct yyjson_mut_doc yyjson_mut_doc;
typedef struct yyjson_mut_val yyjson_mut_val;
typedef struct yyjson_alc yyjson_alc;
typedef uint32_t yyjson_read_flag;
typedef uint32_t yyjson_write_flag;

yyjson_mut_doc *yyjson_mut_doc_new(const yyjson_alc *alc);
void yyjson_mut_doc_free(yyjson_mut_doc *doc);
void yyjson_mut_doc_set_root(yyjson_mut_doc *doc, yyjson_mut_val *root);
yyjson_mut_val *yyjson_mut_obj(yyjson_mut_doc *doc);
yyjson_mut_val *yyjson_mut_arr(yyjson_mut_doc *doc);
yyjson_mut_val *yyjson_mut_str(yyjson_mut_doc *doc, const char *str);
yyjson_mut_val *yyjson_mut_strcpy(yyjson_mut_doc *doc, const char *str);
yyjson_mut_val *yyjson_mut_real(yyjson_mut_doc *doc, double num);
bool yyjson_mut_obj_add(yyjson_mut_val *obj, yyjson_mut_val *key, yyjson_mut_val *val);
bool yyjson_mut_arr_append(yyjson_mut_val *arr, yyjson_mut_val *val);
bool yyjson_mut_arr_add_uint(yyjson_mut_doc *doc, yyjson_mut_val *arr, uint64_t num);
bool yyjson_mut_arr_add_bool(yyjson_mut_doc *doc, yyjson_mut_val *arr, bool val);
char *yyjson_mut_write(const yyjson_mut_doc *doc, yyjson_write_flag flg, size_t *len);

yyjson_doc *yyjson_read(const char *dat, size_t len, yyjson_read_flag flg);
void yyjson_doc_free(yyjson_doc *doc);
yyjson_val *yyjson_doc_get_root(yyjson_doc *doc);
yyjson_val *yyjson_obj_get(yyjson_val *obj, const char *key);
bool yyjson_is_arr(yyjson_val *val);
bool yyjson_is_obj(yyjson_val *val);
bool yyjson_is_num(yyjson_val *val);
double yyjson_get_num(yyjson_val *val);
size_t yyjson_arr_size(yyjson_val *arr);
yyjson_val *yyjson_arr_get_first(yyjson_val *arr);
yyjson_val *arena_shim_yyjson_next(yyjson_val *val);

/* The iteration yyjson's own header defines (index, count, element). */
#define yyjson_arr_foreach(arr, idx, max, val)                                 \
  for ((idx) = 0, (max) = yyjson_arr_size(arr),                                \
      (val) = yyjson_arr_get_first(arr);                                       \
       (idx) < (max); (idx)++, (val) = arena_shim_yyjson_next(val))

#endif
