/* Position keys for repetition detection and the transposition table.  The
 * key of a piece on a square is a fixed mix of its index (splitmix64),
 * worked out by the compiler into a constant table: nothing to initialise,
 * no shared mutable state, and a load where the mix took three multiplies
 * on every move the search plays. */
#ifndef DRAUGHTS_ZOBRIST_H
#define DRAUGHTS_ZOBRIST_H

#include <stdint.h>

#include "draughts/move.h"
#include "draughts/position.h"

/* The mix of index i, as a constant expression. */
#define DR_ZOBRIST_MIX1(x) (((x) ^ ((x) >> 30)) * 0xBF58476D1CE4E5B9ULL)
#define DR_ZOBRIST_MIX2(x) (((x) ^ ((x) >> 27)) * 0x94D049BB133111EBULL)
#define DR_ZOBRIST_MIX(i)                                                                     \
    (DR_ZOBRIST_MIX2(DR_ZOBRIST_MIX1((uint64_t)((i) + 1) * 0x9E3779B97F4A7C15ULL)) ^           \
     (DR_ZOBRIST_MIX2(DR_ZOBRIST_MIX1((uint64_t)((i) + 1) * 0x9E3779B97F4A7C15ULL)) >> 31))

/* [kind * 64 + sq] for the four kinds below (zobrist.c) */
extern const uint64_t dr_zobrist_pieces[4 * 64];

/* piece kinds for the key: colour * 2 + is_king */
static inline uint64_t dr_zobrist_piece(int kind, int sq)
{
    return dr_zobrist_pieces[kind * 64 + sq];
}

#define DR_ZOBRIST_BLACK_TO_MOVE 0x6A09E667F3BCC909ULL

uint64_t dr_zobrist(const struct dr_position *pos);

/* Key after m is played on pos (whose key is key), without playing it. */
uint64_t dr_zobrist_after(const struct dr_position *pos, uint64_t key, const struct dr_move *m);

#endif
