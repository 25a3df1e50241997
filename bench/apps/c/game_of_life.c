// langarena: Etc::GameOfLife w h iterations
//
// Hand-written C twin of bench/apps/game_of_life_{builtin,library}.gs:
// Conway's Game of Life (B3/S23) on a w x h torus of cell objects, each
// with `alive`, `next` and pointers to its 8 neighbours (dy = -1..1 outer,
// dx = -1..1 inner, skipping itself, wrapping); seeding row-major,
// alive = next_float(1.0) < 0.1. Each run is one generation: every next,
// then commit. Checksum: FNV-1a-like over the alive bits row-major
// (restarting from the basis whenever the hash is 0) plus the live count.
// Memory: the cells are one malloc'd array (an arena, row-major), made in
// prepare; the Goose ports take a pool slot per cell, in the same order.
// Usage: game_of_life w h iterations expected_checksum.
#include "la.h"

static const char *NAME = "Etc::GameOfLife";

typedef struct Cell {
    _Bool alive, next;
    struct Cell *nb[8];
} Cell;

static Cell *cells;
static int64_t w, h;

static void prepare(void) {
    cells = la_zalloc((size_t)(w * h) * sizeof *cells);
    for (int64_t i = 0; i < w * h; i++)
        cells[i].alive = la_next_float(1.0) < 0.1;
    for (int64_t y = 0; y < h; y++)
        for (int64_t x = 0; x < w; x++) {
            Cell *c = &cells[y * w + x];
            int k = 0;
            for (int64_t dy = -1; dy <= 1; dy++)
                for (int64_t dx = -1; dx <= 1; dx++)
                    if (dy != 0 || dx != 0)
                        c->nb[k++] = &cells[((y + dy + h) % h) * w + (x + dx + w) % w];
        }
}

static void run(int64_t it) {
    (void)it;
    int64_t n = w * h;
    for (int64_t i = 0; i < n; i++) {
        Cell *c = &cells[i];
        int live = 0;
        for (int k = 0; k < 8; k++)
            live += c->nb[k]->alive;
        c->next = live == 3 || (live == 2 && c->alive);
    }
    for (int64_t i = 0; i < n; i++)
        cells[i].alive = cells[i].next;
}

static uint32_t checksum(void) {
    uint32_t hash = 0, live = 0;
    for (int64_t i = 0; i < w * h; i++) {
        uint32_t bit = cells[i].alive;
        if (hash == 0)
            hash = 2166136261u;
        hash = (hash ^ bit) * 16777619u;
        live += bit;
    }
    return hash + live;
}

int main(int argc, char **argv) {
    int64_t in[3], expected;
    la_args(argc, argv, NAME, "game_of_life w h iterations expected_checksum", 3, in, &expected);
    w = in[0];
    h = in[1];
    if (w < 1 || h < 1 || in[2] < 0) {
        fprintf(stderr, "%s: w and h must be >= 1, iterations >= 0\n", NAME);
        return 2;
    }
    return la_harness(NAME, in[2], expected, prepare, run, checksum);
}
