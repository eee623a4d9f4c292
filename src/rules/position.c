#include "draughts/position.h"

void dr_position_start(const struct dr_variant *v, struct dr_position *pos)
{
    pos->pieces[0] = pos->pieces[1] = 0;
    pos->kings = 0;
    pos->side = v->first_player;
    for (int sq = 0; sq < DR_MAX_SQUARES; sq++) {
        if (v->sq_rank[sq] < 0)
            continue;
        int white_row = v->sq_rank[sq] + 1, black_row = v->height - v->sq_rank[sq];
        if (white_row >= v->start_row_lo && white_row <= v->start_row_hi)
            pos->pieces[DR_WHITE] |= 1ULL << sq;
        if (black_row >= v->start_row_lo && black_row <= v->start_row_hi)
            pos->pieces[DR_BLACK] |= 1ULL << sq;
    }
}

bool dr_position_equal(const struct dr_position *a, const struct dr_position *b)
{
    return a->pieces[0] == b->pieces[0] && a->pieces[1] == b->pieces[1] &&
           a->kings == b->kings && a->side == b->side;
}
