#include "eval.h"

#include <stdlib.h>

#include "draughts/bitboard.h"

/* Weights per kind of game.  The kind is read off the rule flags (king range,
 * board, squares), never off the variant's name.  Values are in centi-men. */
static const struct eval_weights families[] = {
    /* family             man king  adv centre back runaway mob  tempo */
    {"flying kings, 10x10", 100, 330, 4, 6, 5, 60, 2, 2},
    {"flying kings, 8x8", 100, 280, 5, 6, 6, 60, 2, 2},
    {"short kings", 100, 160, 4, 5, 8, 45, 2, 1},
    {"all squares, orthogonal", 100, 260, 5, 3, 4, 50, 1, 0},
};

static const struct eval_weights *family_of(const struct dr_variant *v)
{
    if (v->all_squares)
        return &families[3];
    if (!v->king_flying)
        return &families[2];
    return v->width * v->height >= 100 ? &families[0] : &families[1];
}

void eval_init(struct evaluator *ev, const struct dr_variant *v)
{
    ev->v = v;
    ev->w = family_of(v);
    ev->centre = ev->left_half = ev->right_half = 0;
    int lo = v->width / 2 - (v->width >= 10 ? 2 : 1), hi = v->width / 2 + (v->width >= 10 ? 1 : 0);
    for (int sq = 0; sq < DR_MAX_SQUARES; sq++) {
        if (v->sq_file[sq] < 0)
            continue;
        int f = v->sq_file[sq], r = v->sq_rank[sq];
        if (f >= lo && f <= hi)
            ev->centre |= 1ULL << sq;
        if (f < v->width / 2)
            ev->left_half |= 1ULL << sq;
        else
            ev->right_half |= 1ULL << sq;
        ev->rows_to_go[DR_WHITE][sq] = v->height - 1 - r;
        ev->rows_to_go[DR_BLACK][sq] = r;
        /* the cone ahead: every square an enemy could use to block or take
         * the man before it crowns, widening one file per row (two for the
         * enemy's reach) */
        for (int side = 0; side < 2; side++) {
            uint64_t cone = 0;
            for (int t = 0; t < DR_MAX_SQUARES; t++) {
                if (v->sq_file[t] < 0)
                    continue;
                int ahead = side == DR_WHITE ? v->sq_rank[t] - r : r - v->sq_rank[t];
                if (ahead >= 0 && abs(v->sq_file[t] - f) <= ahead + 1 && t != sq)
                    cone |= 1ULL << t;
            }
            ev->cone[side][sq] = cone;
        }
    }
    ev->drawn_kings_vs_lone_king = v->king_halt ? 0 : (v->king_flying ? 2 : 0);
}

static int side_score(const struct evaluator *ev, const struct dr_position *pos, int side,
                      int *kings_out, int *men_out)
{
    const struct dr_variant *v = ev->v;
    const struct eval_weights *w = ev->w;
    uint64_t own = pos->pieces[side], enemy = pos->pieces[!side];
    uint64_t men = own & ~pos->kings, kings = own & pos->kings;
    uint64_t empty = v->board & ~dr_occupied(pos);
    int nmen = bits_count(men), nkings = bits_count(kings);
    *kings_out = nkings;
    *men_out = nmen;
    int s = nmen * w->man + nkings * w->king;
    s += w->centre * bits_count(men & ev->centre);
    s += w->back_rank * bits_count(men & v->promo_row[!side]) * (!(enemy & pos->kings));
    int left = 0, right = 0;
    for (uint64_t b = men; b;) {
        int sq = bits_pop(&b);
        int togo = ev->rows_to_go[side][sq], done = v->height - 1 - togo;
        s += w->advance * done;
        if ((1ULL << sq) & ev->left_half)
            left += done;
        else
            right += done;
        if (!(ev->cone[side][sq] & enemy))
            s += w->runaway * (v->height - togo) / v->height + w->man / 2;
    }
    s -= w->tempo_balance * abs(left - right) / 2;
    int mob = 0;
    for (unsigned dirs = v->man_move_dirs[side]; dirs; dirs &= dirs - 1)
        mob += bits_count(bits_step(v, men, __builtin_ctz(dirs)) & empty);
    s += w->mobility * mob;
    return s;
}

int eval_position(const struct evaluator *ev, const struct dr_position *pos)
{
    int kw, mw, kb, mb;
    int white = side_score(ev, pos, DR_WHITE, &kw, &mw);
    int black = side_score(ev, pos, DR_BLACK, &kb, &mb);
    int score = white - black;
    /* only kings left and the stronger side has at most a couple against a
     * lone flying king: nothing can be forced, so call it (nearly) level */
    if (!mw && !mb && ev->drawn_kings_vs_lone_king) {
        if ((kb == 1 && kw <= ev->drawn_kings_vs_lone_king) ||
            (kw == 1 && kb <= ev->drawn_kings_vs_lone_king))
            score /= 16;
    }
    return pos->side == DR_WHITE ? score : -score;
}
