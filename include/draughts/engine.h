/* The alpha-beta engine.  It never prints: progress goes to a callback.  A
 * search runs in the caller's thread (with helper threads of its own when
 * set to more than one); dr_engine_stop() may be called from any other
 * thread and the search returns within a few milliseconds. */
#ifndef DRAUGHTS_ENGINE_H
#define DRAUGHTS_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "draughts/error.h"
#include "draughts/move.h"
#include "draughts/position.h"
#include "draughts/variant.h"

#define DR_SCORE_WIN 30000     /* a won position at the root; less per ply */
#define DR_SCORE_KNOWN_WIN 29000 /* scores beyond this are forced wins/losses */
#define DR_MAX_PLY 128
#define DR_MAX_THREADS 64

/* What limits a search; zero fields are "no limit". */
struct dr_limits {
    int depth;
    uint64_t nodes;
    int64_t movetime_ms;     /* exactly this long per move */
    int64_t time_ms[2];      /* game clocks by colour */
    int64_t inc_ms[2];
    int movestogo;           /* moves to the next time control, 0 = sudden death */
    bool infinite;           /* until stopped */
};

/* The game so far, for draws inside the search. */
struct dr_game_context {
    const uint64_t *keys;    /* keys of earlier positions, oldest first (not the root) */
    int nkeys;
    int reversible_plies;    /* plies since the last capture or man's step forward
                                (dr_move_reversible): positions before cannot repeat */
    int kings_only_plies;    /* plies since the last capture or man move (the kings-only rule) */
    int endgame_limit;       /* the material counter running (dr_endgame_limit), 0: none */
    int endgame_elapsed;     /* plies it has run */
};

struct dr_search_info {
    int depth, seldepth;
    int score;               /* centi-men, from the side to move's view */
    uint64_t nodes;
    int64_t time_ms;
    uint64_t nps;
    int pv_len;
    struct dr_move pv[DR_MAX_PLY];
};

typedef void (*dr_info_fn)(void *arg, const struct dr_search_info *info);

struct dr_engine;

struct dr_engine *dr_engine_new(const struct dr_variant *v, size_t tt_mib);
void dr_engine_free(struct dr_engine *e);

/* Switch variant (clears the hash table); v must outlive the engine's use. */
void dr_engine_set_variant(struct dr_engine *e, const struct dr_variant *v);
bool dr_engine_set_hash(struct dr_engine *e, size_t tt_mib);
/* Search with n threads (1 to DR_MAX_THREADS; false when not possible):
 * lazy SMP, the helpers sharing the hash table.  One thread is the default
 * and searches deterministically (bench). */
bool dr_engine_set_threads(struct dr_engine *e, int n);
int dr_engine_threads(const struct dr_engine *e);
/* The selective search (ProbCut, and reductions from the second move away
 * from the principal variation): AUTO follows the variant's board (on where
 * it was measured to gain), ON and OFF hold for every variant after. */
enum dr_selective { DR_SELECTIVE_AUTO, DR_SELECTIVE_ON, DR_SELECTIVE_OFF };
void dr_engine_set_selective(struct dr_engine *e, enum dr_selective mode);
bool dr_engine_selective(const struct dr_engine *e);
/* "auto", "on" or "off" (false for anything else) and back. */
bool dr_selective_parse(const char *text, enum dr_selective *out);
const char *dr_selective_name(enum dr_selective mode);
void dr_engine_new_game(struct dr_engine *e);

/* Search pos; fills *best (always a legal move when one exists) and *info
 * with the last completed iteration.  Returns false when pos has no legal
 * move.  ctx may be NULL. */
bool dr_engine_search(struct dr_engine *e, const struct dr_position *pos,
                      const struct dr_game_context *ctx, const struct dr_limits *limits,
                      dr_info_fn on_info, void *arg, struct dr_move *best,
                      struct dr_search_info *info);

void dr_engine_stop(struct dr_engine *e);

/* Pondering: the running infinite search (on the position after the
 * expected reply) was right; it goes on, keeping its tree, under limits
 * counted from now, and answers when they are spent.  Any thread. */
void dr_engine_ponderhit(struct dr_engine *e, const struct dr_limits *limits);

/* Call before handing the next search to another thread: a dr_engine_stop()
 * made from then on ends that search, even one made before it has begun
 * (otherwise a search forgets the stops made before it starts). */
void dr_engine_arm(struct dr_engine *e);

/* Static evaluation of pos from the side to move's view (centi-men). */
int dr_engine_eval(const struct dr_engine *e, const struct dr_position *pos);

/* Which evaluation the engine uses: "learned weights (international)",
 * "learned weights of X, the nearest rules" for a rules file of one's own,
 * or "hand-set weights (...)" for a board without learned weights. */
const char *dr_engine_eval_source(const struct dr_engine *e);

/* Evaluate with the weights file at path (made by tools/train), or with the
 * hand-set weights when path is NULL, until the variant changes; false with
 * the reason when the file does not fit. */
bool dr_engine_load_weights(struct dr_engine *e, const char *path, struct dr_error *err);

#endif
