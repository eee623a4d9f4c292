/* A move is (from, to, set of captured squares): two capture paths that differ
 * only in their landing squares are the same move.  The path itself is
 * recovered when notation needs it (dr_move_path). */
#ifndef DRAUGHTS_MOVE_H
#define DRAUGHTS_MOVE_H

#include <stdbool.h>
#include <stdint.h>

enum { DR_MOVE_PROMOTES = 1 };

struct dr_move {
    uint64_t captures;
    uint8_t from, to;
    uint8_t flags;
};

/* Room for every legal move of any reachable position on the boards we
 * support (many flying kings on 64 squares stay well below this). */
#define DR_MAX_MOVES 768

struct dr_movelist {
    int count;
    struct dr_move moves[DR_MAX_MOVES];
};

static inline bool dr_move_is_capture(const struct dr_move *m) { return m->captures != 0; }

static inline bool dr_move_same(const struct dr_move *a, const struct dr_move *b)
{
    return a->from == b->from && a->to == b->to && a->captures == b->captures;
}

#endif
