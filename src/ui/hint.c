/* The hint: a short search on an engine of its own (a ui_worker), in a
 * thread so that keys keep working while it runs. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "ui.h"

#define HINT_HASH_MIB 8
#define HINT_MS 600

struct ui_hint {
    struct ui_worker w;
    bool wanted;                      /* someone waits for the answer */
    atomic_bool done;
    struct dr_move best;
    bool found;
};

struct ui_hint *hint_new(void) { return calloc(1, sizeof(struct ui_hint)); }

void hint_free(struct ui_hint *h)
{
    if (!h)
        return;
    worker_free(&h->w);
    free(h);
}

static void think(void *arg)
{
    struct ui_hint *h = arg;
    struct dr_limits l;
    memset(&l, 0, sizeof l);
    l.movetime_ms = HINT_MS;
    l.depth = 20;
    struct dr_search_info info;
    h->found = dr_engine_search(h->w.engine, &h->w.root, &h->w.ctx, &l, NULL, NULL, &h->best,
                                &info);
    atomic_store(&h->done, true);
}

void hint_start(struct ui_hint *h, const struct dr_variant *v, const struct dr_game *g)
{
    if (!h || h->wanted)
        return;
    worker_stop(&h->w); /* an abandoned hint still running */
    if (!worker_engine(&h->w, v, HINT_HASH_MIB) || !worker_position(&h->w, g))
        return;
    atomic_store(&h->done, false);
    h->found = false;
    h->wanted = true;
    if (!worker_start(&h->w, think, h))
        think(h); /* no thread: think here */
}

bool hint_poll(struct ui_hint *h, bool *running, struct dr_move *m)
{
    *running = false;
    if (!h || !atomic_load(&h->done)) {
        *running = h && h->wanted;
        return false;
    }
    worker_stop(&h->w); /* done: joins at once */
    if (!h->wanted)
        return false;
    h->wanted = false;
    *m = h->best;
    return h->found;
}

/* Forget the question: the search is stopped and its thread joined. */
void hint_cancel(struct ui_hint *h)
{
    if (!h || !h->wanted)
        return;
    h->wanted = false;
    worker_stop(&h->w);
}
