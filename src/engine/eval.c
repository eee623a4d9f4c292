#include "eval.h"

#include <stdlib.h>

#include "draughts/bitboard.h"

const char *const eval_feature_names[EVAL_NFEATURES] = {
    "man", "king", "advance", "centre", "back_rank", "runaway", "runaway_near", "mobility",
    "tempo_imbalance",
};

/* Weights per kind of game.  The kind is read off the rule flags (king range,
 * board, squares), never off the variant's name.  Values are in centi-men. */
static const struct eval_family families[] = {
    /*                          man king adv centre back run near mob tempo */
    {"flying kings, 10x10",     {100, 330, 4, 6, 5, 50, 6, 2, -1}},
    {"flying kings, 8x8",       {100, 280, 5, 6, 6, 50, 7, 2, -1}},
    {"short kings",             {100, 160, 4, 5, 8, 50, 6, 2, -1}},
    {"all squares, orthogonal", {100, 260, 5, 3, 4, 50, 6, 1, 0}},
};

static const struct eval_family *family_of(const struct dr_variant *v)
{
    if (v->all_squares)
        return &families[3];
    if (!v->king_flying)
        return &families[2];
    return v->width * v->height >= 100 ? &families[0] : &families[1];
}

/* Every square an enemy could use to block or take a man on sq before it
 * crowns: the cone ahead, widening one file per row (two for the enemy's
 * reach). */
static uint64_t cone_ahead(const struct dr_variant *v, int side, int sq)
{
    int f = v->sq_file[sq], r = v->sq_rank[sq];
    uint64_t cone = 0;
    for (int t = 0; t < DR_MAX_SQUARES; t++) {
        if (v->sq_file[t] < 0)
            continue;
        int ahead = side == DR_WHITE ? v->sq_rank[t] - r : r - v->sq_rank[t];
        if (ahead >= 0 && abs(v->sq_file[t] - f) <= ahead + 1 && t != sq)
            cone |= 1ULL << t;
    }
    return cone;
}

void eval_init(struct evaluator *ev, const struct dr_variant *v)
{
    ev->v = v;
    ev->family = family_of(v);
    ev->centre = ev->left_half = 0;
    int lo = v->width / 2 - (v->width >= 10 ? 2 : 1), hi = v->width / 2 + (v->width >= 10 ? 1 : 0);
    for (int sq = 0; sq < DR_MAX_SQUARES; sq++) {
        if (v->sq_file[sq] < 0)
            continue;
        int f = v->sq_file[sq], r = v->sq_rank[sq];
        if (f >= lo && f <= hi)
            ev->centre |= 1ULL << sq;
        if (f < v->width / 2)
            ev->left_half |= 1ULL << sq;
        ev->rows_done[DR_WHITE][sq] = r;
        ev->rows_done[DR_BLACK][sq] = v->height - 1 - r;
        for (int side = 0; side < 2; side++)
            ev->cone[side][sq] = cone_ahead(v, side, sq);
    }
    ev->drawn_kings_vs_lone_king = v->king_halt ? 0 : (v->king_flying ? 2 : 0);
}

/* Adds one side's features to f with the given sign. */
static void side_features(const struct evaluator *ev, const struct dr_position *pos, int side,
                          int sign, int *f)
{
    const struct dr_variant *v = ev->v;
    uint64_t own = pos->pieces[side], enemy = pos->pieces[!side];
    uint64_t men = own & ~pos->kings, kings = own & pos->kings;
    uint64_t empty = v->board & ~dr_occupied(pos);
    f[EF_MAN] += sign * bits_count(men);
    f[EF_KING] += sign * bits_count(kings);
    f[EF_CENTRE] += sign * bits_count(men & ev->centre);
    if (!(enemy & pos->kings))
        f[EF_BACK_RANK] += sign * bits_count(men & v->promo_row[!side]);
    int left = 0, right = 0, runaway = 0, near = 0;
    for (uint64_t b = men; b;) {
        int sq = bits_pop(&b);
        int done = ev->rows_done[side][sq];
        if ((1ULL << sq) & ev->left_half)
            left += done;
        else
            right += done;
        if (!(ev->cone[side][sq] & enemy)) {
            runaway++;
            near += done + 1;
        }
    }
    f[EF_ADVANCE] += sign * (left + right);
    f[EF_RUNAWAY] += sign * runaway;
    f[EF_RUNAWAY_NEAR] += sign * near;
    f[EF_TEMPO_IMBALANCE] += sign * abs(left - right);
    int mob = 0;
    for (unsigned dirs = v->man_move_dirs[side]; dirs; dirs &= dirs - 1)
        mob += bits_count(bits_step(v, men, __builtin_ctz(dirs)) & empty);
    f[EF_MOBILITY] += sign * mob;
}

void eval_features(const struct evaluator *ev, const struct dr_position *pos,
                   int f[EVAL_NFEATURES])
{
    for (int i = 0; i < EVAL_NFEATURES; i++)
        f[i] = 0;
    side_features(ev, pos, DR_WHITE, 1, f);
    side_features(ev, pos, DR_BLACK, -1, f);
}

int eval_drawish(const struct evaluator *ev, const struct dr_position *pos)
{
    if (!ev->drawn_kings_vs_lone_king || (pos->pieces[0] | pos->pieces[1]) & ~pos->kings)
        return 0;
    int kw = bits_count(pos->pieces[DR_WHITE]), kb = bits_count(pos->pieces[DR_BLACK]);
    return (kb == 1 && kw <= ev->drawn_kings_vs_lone_king) ||
           (kw == 1 && kb <= ev->drawn_kings_vs_lone_king);
}

int eval_position(const struct evaluator *ev, const struct dr_position *pos)
{
    int f[EVAL_NFEATURES];
    eval_features(ev, pos, f);
    int score = eval_dot(ev->family->w, f);
    /* the stronger side has at most a couple of kings against a lone flying
     * king: call it (nearly) level */
    if (eval_drawish(ev, pos))
        score /= 16;
    return pos->side == DR_WHITE ? score : -score;
}
