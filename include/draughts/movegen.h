/* Legal move generation for any variant, driven by its rule flags. */
#ifndef DRAUGHTS_MOVEGEN_H
#define DRAUGHTS_MOVEGEN_H

#include <stdint.h>

#include "draughts/move.h"
#include "draughts/position.h"
#include "draughts/variant.h"

/* All legal moves: the captures allowed by the precedence rule when any
 * capture exists, otherwise the ordinary moves.  Returns the count. */
int dr_gen_moves(const struct dr_variant *v, const struct dr_position *pos,
                 struct dr_movelist *list);

/* Only the legal captures (empty when none). */
int dr_gen_captures(const struct dr_variant *v, const struct dr_position *pos,
                    struct dr_movelist *list);

/* The legal captures, as dr_gen_captures; when there are none, *quiet gets
 * the number of ordinary moves, counted without listing them (a search's
 * leaf needs the captures, or only to know that it is not lost). */
int dr_gen_captures_or_count(const struct dr_variant *v, const struct dr_position *pos,
                             struct dr_movelist *list, int *quiet);
/* Does the side to move have a capture? */
bool dr_has_capture(const struct dr_variant *v, const struct dr_position *pos);

/* Number of legal moves, without listing the ordinary ones. */
int dr_count_moves(const struct dr_variant *v, const struct dr_position *pos);

/* Play a legal move (from dr_gen_moves) on pos. */
void dr_make(const struct dr_variant *v, struct dr_position *pos, const struct dr_move *m);

/* A complete capture sequence: the landing square, direction and captured
 * square of each jump.  key is the sequence's precedence key (higher wins). */
#define DR_MAX_JUMPS 32
struct dr_path {
    uint8_t from, to, n, flags;
    uint64_t captures;
    uint32_t key;
    uint8_t land[DR_MAX_JUMPS], dirs[DR_MAX_JUMPS], caps[DR_MAX_JUMPS];
};
typedef void (*dr_path_fn)(void *arg, const struct dr_path *path);

/* Every complete capture sequence of the piece on from (before the
 * precedence filter; duplicates by path included). */
void dr_capture_paths(const struct dr_variant *v, const struct dr_position *pos, int from,
                      dr_path_fn fn, void *arg);

/* The path of capture m that has the best precedence key; false when m is
 * not a capture of this position. */
bool dr_move_path(const struct dr_variant *v, const struct dr_position *pos,
                  const struct dr_move *m, struct dr_path *out);

/* Why a capture of precedence key better beats one of key worse (better >
 * worse, both keys of v's precedence rule): the criterion that decides. */
enum dr_prec_reason {
    DR_PREC_MORE_PIECES,   /* it takes more pieces (majority, Italian's first) */
    DR_PREC_KING_CAPTURES, /* Italian: as many pieces, and a king takes them */
    DR_PREC_MORE_KINGS,    /* Italian: it takes more kings */
    DR_PREC_KING_SOONER,   /* Italian: it meets a king earlier in the capture */
};
enum dr_prec_reason dr_precedence_reason(const struct dr_variant *v, uint32_t better,
                                         uint32_t worse);

/* Leaf count of the legal-move tree to depth (bulk counted at the last ply). */
uint64_t dr_perft(const struct dr_variant *v, const struct dr_position *pos, int depth);

#endif
