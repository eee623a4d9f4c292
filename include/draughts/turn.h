/* A turn at the board as a person plays it: the legal moves of the
 * position, the piece picked up and where it can go, the landing squares of
 * a capture entered so far (the partial path), the captures to choose
 * between when two or more land on the same square, and why the rules
 * refuse an attempt, told from the rules core's own precedence keys.  No
 * terminal here: the UI draws a turn and tells its sentences, tests drive it.
 * Squares are the variant's square indexes; -1 is a square off the playing
 * squares (a light square). */
#ifndef DRAUGHTS_TURN_H
#define DRAUGHTS_TURN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "draughts/game.h"
#include "draughts/movegen.h"

#define DR_TURN_MAX_CHOICES 16

struct dr_turn {
    const struct dr_game *game;  /* NULL: no turn (nothing legal, nothing picked) */
    struct dr_movelist legal;
    uint64_t must_from;          /* pieces that can take, when taking is compulsory */
    int max_take;                /* pieces a legal capture takes */
    uint32_t key;                /* the precedence key of the legal captures */
    int sel;                     /* the piece picked up, -1: none */
    int npath;                   /* landing squares of its capture entered so far */
    uint8_t path[DR_MAX_JUMPS];  /* they, in order */
    uint64_t dests;              /* where it can go next: a landing square or the end */
    int nchoices;                /* the captures from sel to one square, to choose from */
    struct dr_move choices[DR_TURN_MAX_CHOICES];
};

/* What an attempt came to. */
enum dr_turn_step {
    DR_TURN_REFUSED,  /* the rules refuse it: the sentence says why */
    DR_TURN_PICKED,   /* a piece is picked up: the sentence lists its targets */
    DR_TURN_PUT_BACK, /* the piece held was put back */
    DR_TURN_LANDED,   /* a landing square of a capture, added to path: dests go on */
    DR_TURN_MOVE,     /* *move is the one legal move meant */
    DR_TURN_CHOOSE,   /* two or more captures fit: choices lists them */
};

/* The turn of the game's position (game over: no legal move). */
void dr_turn_begin(struct dr_turn *t, const struct dr_game *g);
/* No turn: nothing legal, nothing picked (while the other side moves). */
void dr_turn_clear(struct dr_turn *t);
/* Put the piece held back (no sentence). */
void dr_turn_put_back(struct dr_turn *t);

uint64_t dr_turn_movable(const struct dr_turn *t);
uint64_t dr_turn_dests(const struct dr_turn *t, int from);

/* Touch sq: with nothing held, pick up the piece there; holding one, put it
 * there when a move of the path entered ends there (even where another
 * lands on its way), else land there on the way of a capture (played once
 * the squares entered fit one legal move).  Its own square puts it back
 * (after a landing: takes the path back, the piece held, unless a capture
 * of the path entered comes round through it or ends there: then it is a
 * landing like any other); another piece of one's own that can move is
 * picked up instead. */
enum dr_turn_step dr_turn_touch(struct dr_turn *t, int sq, struct dr_move *move, char *say,
                                size_t size);
/* The move from -> to, as typed (no path): MOVE, CHOOSE (from is then
 * held) or REFUSED with the reason. */
enum dr_turn_step dr_turn_go(struct dr_turn *t, int from, int to, struct dr_move *move,
                             char *say, size_t size);

/* Why a move of the piece on from (to to, or anywhere when to is -1) is
 * not legal now (the piece held, after a landing: why it cannot go on to
 * to); false when there is nothing to explain (it is legal). */
bool dr_turn_explain(const struct dr_turn *t, int from, int to, char *say, size_t size);
/* The one sentence for "taking is compulsory now" ("" when it is not). */
void dr_turn_must_capture(const struct dr_turn *t, char *say, size_t size);

#endif
