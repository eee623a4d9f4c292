/* A search in a thread of its own: the one way the program runs an engine
 * beside the thread that owns it (the computer player of the game loop; the
 * board's hint, live analysis and score pass).  No terminal here.
 *
 * The contract: dr_engine_worker_start hands the engine to a new thread,
 * which runs fn(arg) once; fn searches on the engine (one search or
 * several, asking dr_engine_worker_quitting between them).  Then either
 * dr_engine_worker_join waits for fn to end by itself, or
 * dr_engine_worker_stop stops the search and waits; both join the thread,
 * after which fn's results may be read without a lock.  Only the thread
 * that started a worker starts, stops or joins it.
 *
 * Stopping is the delicate part: a search forgets a stop made before it
 * begins (dr_engine_search clears the engine's flag), so a stop that came
 * just before would be lost and an infinite search would never end.  The
 * engine is armed when the thread starts, so that its first search keeps
 * such a stop, and dr_engine_worker_stop repeats the stop until fn has
 * returned, for the searches that follow. */
#ifndef DRAUGHTS_ENGINE_WORKER_H
#define DRAUGHTS_ENGINE_WORKER_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

#include "draughts/engine.h"

struct dr_engine_worker {
    struct dr_engine *engine; /* searched on by fn (not owned) */
    pthread_t thread;
    bool live;                /* a thread to join */
    atomic_bool quit;         /* stop was asked */
    atomic_bool finished;     /* fn has returned */
    void (*fn)(void *arg);
    void *arg;
};

/* Run fn(arg) in a new thread that searches on e (a worker still running
 * is stopped first); false when no thread could be made (nothing runs). */
bool dr_engine_worker_start(struct dr_engine_worker *w, struct dr_engine *e,
                            void (*fn)(void *arg), void *arg);
/* Stop the search and join the thread: returns within milliseconds.
 * Nothing when no thread runs. */
void dr_engine_worker_stop(struct dr_engine_worker *w);
/* Wait for fn to end by itself and join the thread. */
void dr_engine_worker_join(struct dr_engine_worker *w);
/* A thread was started and fn has not returned yet. */
bool dr_engine_worker_running(struct dr_engine_worker *w);
/* For fn: stop was asked (end between searches). */
bool dr_engine_worker_quitting(struct dr_engine_worker *w);

#endif
