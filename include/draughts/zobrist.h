/* Position keys for repetition detection and the transposition table.  The
 * key of a piece on a square is a fixed mix of its index, so there is no
 * table to initialise and no shared state. */
#ifndef DRAUGHTS_ZOBRIST_H
#define DRAUGHTS_ZOBRIST_H

#include <stdint.h>

#include "draughts/move.h"
#include "draughts/position.h"

/* piece kinds for the key: colour * 2 + is_king */
static inline uint64_t dr_zobrist_piece(int kind, int sq)
{
    uint64_t x = (uint64_t)(kind * 64 + sq + 1) * 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

#define DR_ZOBRIST_BLACK_TO_MOVE 0x6A09E667F3BCC909ULL

uint64_t dr_zobrist(const struct dr_position *pos);

/* Key after m is played on pos (whose key is key), without playing it. */
uint64_t dr_zobrist_after(const struct dr_position *pos, uint64_t key, const struct dr_move *m);

#endif
