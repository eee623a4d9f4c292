/* Bit-board helpers over a variant's geometry, for the rules core and the engine. */
#ifndef DRAUGHTS_BITBOARD_H
#define DRAUGHTS_BITBOARD_H

#include <stdint.h>

#include "draughts/variant.h"

static inline int bits_count(uint64_t b) { return __builtin_popcountll(b); }
static inline int bits_first(uint64_t b) { return __builtin_ctzll(b); }
static inline int bits_last(uint64_t b) { return 63 - __builtin_clzll(b); }
static inline int bits_pop(uint64_t *b)
{
    int sq = __builtin_ctzll(*b);
    *b &= *b - 1;
    return sq;
}

/* Every square of bb moved one step in direction d; squares without a
 * neighbour that way drop off.  After that mask no bit can wrap, so a
 * rotation does the shift either way without a branch. */
static inline uint64_t bits_step(const struct dr_variant *v, uint64_t bb, int d)
{
    bb &= v->can_step[d];
    unsigned r = v->rot[d];
    return (bb << r) | (bb >> ((64 - r) & 63));
}

/* A step without the edge mask, for ghost-layout boards (v->ghost): the
 * result is only meaningful once intersected with a set of board squares. */
static inline uint64_t bits_shift(const struct dr_variant *v, uint64_t bb, int d)
{
    int s = v->shift[d];
    return s > 0 ? bb << s : bb >> -s;
}

/* The occupied square of blockers nearest to the start of a ray going in d
 * (blockers must be non-empty and lie on that ray). */
static inline int bits_nearest(const struct dr_variant *v, uint64_t blockers, int d)
{
    return v->shift[d] > 0 ? bits_first(blockers) : bits_last(blockers);
}

/* The squares a slider on sq reaches in direction d before the first
 * occupied square. */
static inline uint64_t bits_slide(const struct dr_variant *v, int sq, int d, uint64_t empty)
{
    uint64_t ray = v->ray[d][sq];
    uint64_t blockers = ray & ~empty;
    if (!blockers)
        return ray;
    int b = bits_nearest(v, blockers, d);
    return ray & ~(v->ray[d][b] | (1ULL << b));
}

#endif
