/* A search in a thread of its own (engine_worker.h). */
#include "draughts/engine_worker.h"

#include <time.h>

static void *run(void *arg)
{
    struct dr_engine_worker *w = arg;
    /* fn runs even when stopped at once: its first search takes the
     * engine's arming, and ends at once */
    w->fn(w->arg);
    atomic_store(&w->finished, true);
    return NULL;
}

bool dr_engine_worker_start(struct dr_engine_worker *w, struct dr_engine *e,
                            void (*fn)(void *arg), void *arg)
{
    dr_engine_worker_stop(w);
    w->engine = e;
    w->fn = fn;
    w->arg = arg;
    atomic_store(&w->quit, false);
    atomic_store(&w->finished, false);
    dr_engine_arm(e); /* a stop made before the search begins is kept */
    w->live = pthread_create(&w->thread, NULL, run, w) == 0;
    return w->live;
}

void dr_engine_worker_stop(struct dr_engine_worker *w)
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

void dr_engine_worker_join(struct dr_engine_worker *w)
{
    if (!w->live)
        return;
    pthread_join(w->thread, NULL);
    w->live = false;
}

bool dr_engine_worker_running(struct dr_engine_worker *w)
{
    return w->live && !atomic_load(&w->finished);
}

bool dr_engine_worker_quitting(struct dr_engine_worker *w) { return atomic_load(&w->quit); }
