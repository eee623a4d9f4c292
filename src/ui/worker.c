/* An engine of the screen's own (the hint, the live analysis, the score
 * graph's pass) with the copy of the position it searches; its thread is a
 * dr_engine_worker (engine_worker.h), as the computer player's is. */
#include <stdlib.h>
#include <string.h>

#include "ui.h"

bool worker_engine(struct ui_worker *w, const struct dr_variant *v, size_t hash_mib)
{
    if (w->engine && memcmp(&w->variant, v, sizeof *v) == 0)
        return true;
    worker_stop(w);
    dr_engine_free(w->engine);
    w->variant = *v; /* the engine borrows the variant: keep our own copy */
    w->engine = dr_engine_new(&w->variant, hash_mib);
    return w->engine != NULL;
}

bool worker_start(struct ui_worker *w, void (*fn)(void *arg), void *arg)
{
    worker_stop(w);
    return w->engine && dr_engine_worker_start(&w->thread, w->engine, fn, arg);
}

bool worker_quitting(struct ui_worker *w) { return dr_engine_worker_quitting(&w->thread); }

bool worker_running(struct ui_worker *w) { return dr_engine_worker_running(&w->thread); }

void worker_stop(struct ui_worker *w) { dr_engine_worker_stop(&w->thread); }

bool worker_position(struct ui_worker *w, const struct dr_game *g)
{
    w->root = *dr_game_position(g);
    dr_game_engine_context(g, &w->ctx);
    if (w->ctx.nkeys >= w->keys_cap) {
        int cap = w->ctx.nkeys + 64;
        uint64_t *k = realloc(w->keys, sizeof *k * (size_t)cap);
        if (!k)
            return false;
        w->keys = k;
        w->keys_cap = cap;
    }
    memcpy(w->keys, w->ctx.keys, sizeof *w->keys * (size_t)w->ctx.nkeys);
    w->ctx.keys = w->keys;
    return true;
}

void worker_free(struct ui_worker *w)
{
    worker_stop(w);
    dr_engine_free(w->engine);
    w->engine = NULL;
    free(w->keys);
    w->keys = NULL;
    w->keys_cap = 0;
}
