/* The live analysis: the engine thinks about the position shown, without
 * end, in a thread of its own, while the person looks around.  Each
 * completed iteration goes into a snapshot under a lock; the screen polls
 * it.  Another position stops the search and starts a new one.  After a few
 * minutes on one position the search rests, so that a replay left open
 * does not hold a processor for ever; the snapshot stays. */
#include <stdlib.h>
#include <string.h>

#include "ui.h"

#define ANALYSIS_HASH_MIB 32
#ifndef ANALYSIS_REST_MS
#define ANALYSIS_REST_MS (3 * 60 * 1000)
#endif

struct ui_analysis {
    struct ui_worker w;
    bool active;                  /* a search was started on root (and not stopped) */
    bool resting;                 /* it ran ANALYSIS_REST_MS on root and stopped */
    int64_t started_ms;
    pthread_mutex_t lock;         /* guards snap and fresh */
    struct analysis_snapshot snap;
    bool fresh;                   /* snap changed since the last poll */
};

struct ui_analysis *analysis_new(void)
{
    struct ui_analysis *a = calloc(1, sizeof *a);
    if (a && pthread_mutex_init(&a->lock, NULL) != 0) {
        free(a);
        return NULL;
    }
    return a;
}

void analysis_free(struct ui_analysis *a)
{
    if (!a)
        return;
    worker_free(&a->w);
    pthread_mutex_destroy(&a->lock);
    free(a);
}

/* The engine's thread: each iteration it finishes is published. */
static void on_info(void *arg, const struct dr_search_info *info)
{
    struct ui_analysis *a = arg;
    pthread_mutex_lock(&a->lock);
    a->snap.have = true;
    a->snap.info = *info;
    a->fresh = true;
    pthread_mutex_unlock(&a->lock);
}

static void think(void *arg)
{
    struct ui_analysis *a = arg;
    struct dr_limits l;
    memset(&l, 0, sizeof l);
    l.infinite = true;
    struct dr_move best;
    struct dr_search_info info;
    dr_engine_search(a->w.engine, &a->w.root, &a->w.ctx, &l, on_info, a, &best, &info);
}

/* Enough on this position: the search stops, what it found stays shown. */
static void rest(struct ui_analysis *a)
{
    worker_stop(&a->w);
    a->active = false;
    a->resting = true;
    pthread_mutex_lock(&a->lock);
    a->snap.resting = true;
    a->fresh = true;
    pthread_mutex_unlock(&a->lock);
}

void analysis_start(struct ui_analysis *a, const struct dr_variant *v, const struct dr_game *g)
{
    if (!a)
        return;
    const struct dr_position *pos = dr_game_position(g);
    int nkeys;
    dr_game_keys(g, &nkeys);
    if ((a->active || a->resting) && dr_position_equal(&a->w.root, pos) &&
        a->w.ctx.nkeys == nkeys) {
        if (a->active && dr_monotonic_ms() - a->started_ms >= ANALYSIS_REST_MS)
            rest(a);
        return; /* already on it */
    }
    analysis_stop(a);
    if (dr_game_over(g) || !worker_engine(&a->w, v, ANALYSIS_HASH_MIB) || !worker_position(&a->w, g))
        return;
    pthread_mutex_lock(&a->lock);
    memset(&a->snap, 0, sizeof a->snap);
    a->snap.root = *pos;
    a->snap.running = true;
    a->fresh = true;
    pthread_mutex_unlock(&a->lock);
    /* no thread, no analysis: an infinite search must never run here */
    a->active = worker_start(&a->w, think, a);
    a->started_ms = dr_monotonic_ms();
}

bool analysis_resting(const struct ui_analysis *a) { return a && a->resting; }

void analysis_stop(struct ui_analysis *a)
{
    if (!a || (!a->active && !a->resting))
        return;
    worker_stop(&a->w);
    a->active = a->resting = false;
    pthread_mutex_lock(&a->lock);
    a->snap.running = a->snap.resting = false;
    a->fresh = true;
    pthread_mutex_unlock(&a->lock);
}

bool analysis_poll(struct ui_analysis *a, struct analysis_snapshot *out)
{
    if (!a)
        return false;
    pthread_mutex_lock(&a->lock);
    bool fresh = a->fresh;
    if (fresh)
        *out = a->snap;
    a->fresh = false;
    pthread_mutex_unlock(&a->lock);
    return fresh;
}
