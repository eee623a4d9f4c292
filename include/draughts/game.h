/* A game: the moves played from a start position, with undo/redo, every
 * draw rule of the variant and the result with its reason.  No curses, no
 * engine: the loop (loop.h) drives players and views around it. */
#ifndef DRAUGHTS_GAME_H
#define DRAUGHTS_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "draughts/error.h"
#include "draughts/move.h"
#include "draughts/position.h"
#include "draughts/variant.h"

enum dr_result { DR_ONGOING, DR_WHITE_WINS, DR_BLACK_WINS, DR_DRAW };

enum dr_reason {
    DR_REASON_NONE,
    DR_REASON_NO_MOVES,       /* the side to move has no legal move */
    DR_REASON_REPETITION,
    DR_REASON_KINGS_ONLY,     /* the king-move counter ran out */
    DR_REASON_ENDGAME_RULE,   /* a material counter (lone king...) ran out */
    DR_REASON_AGREEMENT,
    DR_REASON_RESIGNATION,
    DR_REASON_TIME,
    DR_REASON_ADJUDICATION,  /* an arbiter (a match runner) ended a game without end */
};

/* Counters that the draw rules read, as they stand after a ply. */
struct dr_counters {
    int kings_only;   /* plies since the last man move or capture */
    int reversible;   /* plies since the last capture or man's step forward:
                         the stretch in which a position can repeat */
    int endgame;      /* plies since the current endgame-rule material arose */
    int endgame_rule; /* which limit runs (plies), 0 when none applies */
};

struct dr_game;

struct dr_game *dr_game_new(const struct dr_variant *v, const struct dr_position *start);
void dr_game_free(struct dr_game *g);
void dr_game_reset(struct dr_game *g, const struct dr_position *start);

const struct dr_variant *dr_game_variant(const struct dr_game *g);
const struct dr_position *dr_game_position(const struct dr_game *g);
const struct dr_position *dr_game_start(const struct dr_game *g);
int dr_game_ply(const struct dr_game *g);               /* moves played (and not undone) */
const struct dr_move *dr_game_move(const struct dr_game *g, int i);  /* i < ply */
/* position before move i (i <= ply) */
const struct dr_position *dr_game_position_at(const struct dr_game *g, int i);
struct dr_counters dr_game_counters(const struct dr_game *g);

/* Keys of the positions before the current one (for the engine's draws). */
const uint64_t *dr_game_keys(const struct dr_game *g, int *n);

/* The legal moves now (empty once the game is over). */
int dr_game_legal(const struct dr_game *g, struct dr_movelist *list);

/* Play a move; false (with a message) when it is not legal or the game is
 * over.  Playing drops the redo list. */
bool dr_game_play(struct dr_game *g, const struct dr_move *m, struct dr_error *err);
bool dr_game_undo(struct dr_game *g);
bool dr_game_redo(struct dr_game *g);
int dr_game_redo_count(const struct dr_game *g);

/* End the game by a decision of the players. */
void dr_game_resign(struct dr_game *g, int side);
void dr_game_agree_draw(struct dr_game *g);
void dr_game_flag(struct dr_game *g, int side);  /* side ran out of time */
void dr_game_adjudicate(struct dr_game *g, enum dr_result r);

enum dr_result dr_game_result(const struct dr_game *g);
enum dr_reason dr_game_reason(const struct dr_game *g);
bool dr_game_over(const struct dr_game *g);

/* "White wins: Black has no legal move" and the like. */
const char *dr_result_text(enum dr_result r);
void dr_game_result_sentence(const struct dr_game *g, char *buf, size_t size);

#endif
