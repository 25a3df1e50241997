/* parse_cjson.c — the C arm of bench/stdlib/json/run.py: parses the file
 * argv[1] argv[2] times with cJSON_ParseWithLength, walks each tree for
 * the checksum parse_goose.gs computes, and deletes it.
 * Prints `checksum <c> pairs <iterations>`. */
#include <cjson/cJSON.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { uint64_t nodes, bytes, ints; } Sum;

static void walk(const cJSON *v, Sum *s) {
    s->nodes++;
    if (cJSON_IsNumber(v)) {
        double n = v->valuedouble;
        if (n > -1e15 && n < 1e15) s->ints += (uint64_t)(int64_t)n;
    } else if (cJSON_IsString(v)) {
        s->bytes += strlen(v->valuestring);
    } else if (cJSON_IsArray(v) || cJSON_IsObject(v)) {
        for (const cJSON *c = v->child; c; c = c->next) {
            if (c->string) s->bytes += strlen(c->string);
            walk(c, s);
        }
    }
}

int main(int argc, char **argv) {
    FILE *f = fopen(argv[1], "rb");
    if (!f || argc < 3) return 1;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)n + 1);
    if (fread(text, 1, (size_t)n, f) != (size_t)n) return 1;
    text[n] = 0;
    fclose(f);
    long iters = atol(argv[2]);
    Sum s = {0, 0, 0};
    for (long i = 0; i < iters; i++) {
        cJSON *v = cJSON_ParseWithLength(text, (size_t)n);
        if (!v) {
            printf("parse error\n");
            return 1;
        }
        walk(v, &s);
        cJSON_Delete(v);
    }
    printf("checksum %llu pairs %ld\n", (unsigned long long)(s.nodes * 1000003 + s.bytes * 31 + s.ints), iters);
    free(text);
    return 0;
}
