/* An engine of the screen's own (the live analysis, the score graph's pass)
 * with the thread that searches on it.  Stopping is the delicate part: a
 * search clears the engine's stop flag when it begins, so a stop that
 * arrives just before would be lost and an infinite search would never
 * end.  worker_stop therefore repeats the stop until the thread says it is
 * done, and only then joins it. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

static void *run(void *arg)
{
    struct ui_worker *w = arg;
    if (!atomic_load(&w->quit))
        w->fn(w->arg);
    atomic_store(&w->finished, true);
    return NULL;
}

bool worker_start(struct ui_worker *w, void (*fn)(void *arg), void *arg)
{
    worker_stop(w);
    if (!w->engine)
        return false;
    w->fn = fn;
    w->arg = arg;
    atomic_store(&w->quit, false);
    atomic_store(&w->finished, false);
    w->live = pthread_create(&w->thread, NULL, run, w) == 0;
    return w->live;
}

bool worker_quitting(struct ui_worker *w) { return atomic_load(&w->quit); }

bool worker_running(struct ui_worker *w) { return w->live && !atomic_load(&w->finished); }

void worker_stop(struct ui_worker *w)
{
    if (!w->live)
        return;
    atomic_store(&w->quit, true);
    while (!atomic_load(&w->finished)) {
        dr_engine_stop(w->engine);
        struct timespec pause = {0, 500000};
        nanosleep(&pause, NULL);
    }
    pthread_join(w->thread, NULL);
    w->live = false;
}

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
