#include "draughts/drawrules.h"

#include <stddef.h>

#include "draughts/bitboard.h"

bool dr_move_reversible(const struct dr_variant *v, const struct dr_position *before,
                        const struct dr_move *m)
{
    if (m->captures || (m->flags & DR_MOVE_PROMOTES))
        return false;
    if ((before->kings >> m->from) & 1)
        return true;
    /* a man's step can be undone where men may step straight back: sideways
     * (Turkish, Armenian), or backward in a user's variant */
    for (unsigned dirs = v->man_move_dirs[before->side]; dirs; dirs &= dirs - 1)
        if (bits_step(v, 1ULL << m->to, __builtin_ctz(dirs)) & (1ULL << m->from))
            return true;
    return false;
}

bool dr_move_kings_only(const struct dr_position *before, const struct dr_move *m)
{
    return !m->captures && ((before->kings >> m->from) & 1);
}

int dr_endgame_limit(const struct dr_variant *v, const struct dr_position *pos)
{
    int limit = 0;
    for (int lone = 0; lone < 2; lone++) {
        uint64_t weak = pos->pieces[lone], strong = pos->pieces[!lone];
        if (__builtin_popcountll(weak) != 1 || !(weak & pos->kings) || !(strong & pos->kings))
            continue;
        int n = __builtin_popcountll(strong);
        bool all_kings = (strong & ~pos->kings) == 0;
        if (n == 3 && v->draw_1k_vs_3_plies)
            limit = v->draw_1k_vs_3_plies;
        if (n <= 2 && v->draw_1k_vs_2_plies)
            limit = v->draw_1k_vs_2_plies;
        if (n == 3 && all_kings && v->draw_3k_vs_1k_plies)
            limit = v->draw_3k_vs_1k_plies;
    }
    return limit;
}

int dr_endgame_longest(const struct dr_variant *v)
{
    int counters[] = {v->draw_1k_vs_3_plies, v->draw_1k_vs_2_plies, v->draw_3k_vs_1k_plies};
    int longest = 0;
    for (size_t i = 0; i < sizeof counters / sizeof counters[0]; i++)
        if (counters[i] > longest)
            longest = counters[i];
    return longest;
}

int dr_endgame_next(const struct dr_variant *v, const struct dr_position *before,
                    const struct dr_position *after, bool capture, int limit_before,
                    int elapsed_before, int *elapsed)
{
    int limit_after = dr_endgame_limit(v, after);
    if (!limit_after) {
        *elapsed = 0;
        return 0;
    }
    /* the same material rule goes on counting, even when the running
     * limit is shorter than its own (cut by the count it followed) */
    if (limit_before && !capture && limit_after == dr_endgame_limit(v, before)) {
        *elapsed = elapsed_before + 1;
        return limit_before;
    }
    int left = limit_before ? limit_before - elapsed_before : limit_after;
    *elapsed = 0;
    return limit_after < left ? limit_after : left;
}
