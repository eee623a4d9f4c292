/* The hint: a short search on a private engine, in a thread of its own so
 * that keys keep working while it runs. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "ui.h"

#define HINT_HASH_MIB 8
#define HINT_MS 600

struct ui_hint {
    struct dr_engine *engine;
    struct dr_variant copy;           /* the engine's variant */
    pthread_t thread;
    bool thread_live;                 /* a thread to join */
    bool wanted;                      /* someone waits for the answer */
    atomic_bool done;
    struct dr_position root;
    struct dr_game_context ctx;
    uint64_t *keys;
    struct dr_move best;
    bool found;
};

struct ui_hint *hint_new(void) { return calloc(1, sizeof(struct ui_hint)); }

static void join(struct ui_hint *h)
{
    if (h->thread_live) {
        dr_engine_stop(h->engine);
        pthread_join(h->thread, NULL);
        h->thread_live = false;
    }
}

void hint_free(struct ui_hint *h)
{
    if (!h)
        return;
    join(h);
    dr_engine_free(h->engine);
    free(h->keys);
    free(h);
}

static void *think(void *arg)
{
    struct ui_hint *h = arg;
    struct dr_limits l;
    memset(&l, 0, sizeof l);
    l.movetime_ms = HINT_MS;
    l.depth = 20;
    struct dr_search_info info;
    h->found = dr_engine_search(h->engine, &h->root, &h->ctx, &l, NULL, NULL, &h->best, &info);
    atomic_store(&h->done, true);
    return NULL;
}

void hint_start(struct ui_hint *h, const struct dr_variant *v, const struct dr_game *g)
{
    if (!h || h->wanted)
        return;
    join(h); /* an abandoned hint still running */
    if (!h->engine || memcmp(&h->copy, v, sizeof *v) != 0) {
        dr_engine_free(h->engine);
        h->copy = *v;
        h->engine = dr_engine_new(&h->copy, HINT_HASH_MIB);
        if (!h->engine)
            return;
    }
    h->root = *dr_game_position(g);
    dr_game_engine_context(g, &h->ctx);
    free(h->keys); /* the game's keys may change while we think: our own copy */
    h->keys = malloc(sizeof *h->keys * (size_t)(h->ctx.nkeys + 1));
    if (!h->keys)
        return;
    memcpy(h->keys, h->ctx.keys, sizeof *h->keys * (size_t)h->ctx.nkeys);
    h->ctx.keys = h->keys;
    atomic_store(&h->done, false);
    h->found = false;
    h->wanted = true;
    dr_engine_arm(h->engine);
    h->thread_live = pthread_create(&h->thread, NULL, think, h) == 0;
    if (!h->thread_live)
        think(h); /* no thread: think here */
}

bool hint_poll(struct ui_hint *h, bool *running, struct dr_move *m)
{
    *running = false;
    if (!h || !atomic_load(&h->done)) {
        *running = h && h->wanted;
        return false;
    }
    join(h);
    if (!h->wanted)
        return false;
    h->wanted = false;
    *m = h->best;
    return h->found;
}

/* Forget the question; the thread, told to stop, is joined later. */
void hint_cancel(struct ui_hint *h)
{
    if (!h || !h->wanted)
        return;
    h->wanted = false;
    dr_engine_stop(h->engine);
}
