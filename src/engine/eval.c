#include "eval.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draughts/bitboard.h"
#include "draughts/engine.h"

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

/* A man is a runaway when no enemy piece stands in its cone: the squares
 * ahead of it that could block or take it before it crowns, widening one
 * file a row from one file either side of its own (two for the enemy's
 * reach).  The steps of cone_back and cone_along (eval.h), from the
 * geometry: a cone turned round is a fill of single steps one row back,
 * after one step along the row where that is a playing square (the
 * all-squares boards). */
static void cone_steps(struct evaluator *ev)
{
    const struct dr_variant *v = ev->v;
    ev->cone_back[DR_WHITE] = ev->cone_back[DR_BLACK] = ev->cone_along = 0;
    for (int d = 0; d < DR_NDIRS; d++)
        for (int sq = 0; sq < DR_MAX_SQUARES; sq++) {
            int to = v->sq_file[sq] < 0 ? -1 : v->next_sq[d][sq];
            if (to < 0)
                continue;
            int rows = v->sq_rank[to] - v->sq_rank[sq], files = abs(v->sq_file[to] - v->sq_file[sq]);
            if (files > 1)
                break;
            if (rows == 0 && files == 1)
                ev->cone_along |= 1u << d;
            else if (rows == -1)
                ev->cone_back[DR_WHITE] |= 1u << d; /* White's men go up the rows */
            else if (rows == 1)
                ev->cone_back[DR_BLACK] |= 1u << d;
            break;
        }
}

/* The squares from which a man of side has a piece of enemy in its cone:
 * a few shifts for all the men at once, where a test a man cost a
 * mispredicted branch or a table load each. */
static uint64_t cone_shadow(const struct evaluator *ev, int side, uint64_t enemy)
{
    const struct dr_variant *v = ev->v;
    uint64_t shadow = enemy;
    for (unsigned dirs = ev->cone_along; dirs; dirs &= dirs - 1)
        shadow |= bits_step(v, enemy, __builtin_ctz(dirs));
    for (uint64_t front = shadow; front;) {
        uint64_t next = 0;
        for (unsigned dirs = ev->cone_back[side]; dirs; dirs &= dirs - 1)
            next |= bits_step(v, front, __builtin_ctz(dirs));
        front = next & ~shadow;
        shadow |= next;
    }
    return shadow;
}

/* How many rule fields of a and b differ (boards are compared apart). */
static int rules_distance(const struct dr_variant *a, const struct dr_variant *b)
{
    int d = 0;
    for (int s = 0; s < 2; s++)
        d += (a->man_move_dirs[s] != b->man_move_dirs[s]) +
             (a->man_capture_dirs[s] != b->man_capture_dirs[s]) +
             (a->king_move_dirs[s] != b->king_move_dirs[s]) +
             (a->king_capture_dirs[s] != b->king_capture_dirs[s]);
    d += (a->king_flying != b->king_flying) + (a->men_capture_kings != b->men_capture_kings) +
         (a->precedence != b->precedence) + (a->removal != b->removal) +
         (a->no_reverse_jump != b->no_reverse_jump) + (a->promotion != b->promotion) +
         (a->king_halt != b->king_halt) +
         (a->king_must_land_to_continue != b->king_must_land_to_continue) +
         (a->start_row_lo != b->start_row_lo) + (a->start_row_hi != b->start_row_hi) +
         (a->first_player != b->first_player) + (a->a1_dark != b->a1_dark) +
         (a->draw_repetitions != b->draw_repetitions) +
         (a->draw_kings_only_plies != b->draw_kings_only_plies) +
         (a->draw_1k_vs_3_plies != b->draw_1k_vs_3_plies) +
         (a->draw_1k_vs_2_plies != b->draw_1k_vs_2_plies) +
         (a->draw_3k_vs_1k_plies != b->draw_3k_vs_1k_plies);
    return d;
}

/* The built-in variant whose rules and board are v's, or NULL. */
static const char *builtin_twin(const struct dr_variant *v)
{
    for (const char *const *name = dr_variant_builtin_names(); *name; name++) {
        struct dr_variant bv;
        if (dr_variant_builtin(*name, &bv, NULL) && bv.width == v->width &&
            bv.height == v->height && bv.all_squares == v->all_squares &&
            rules_distance(&bv, v) == 0)
            return *name;
    }
    return NULL;
}

/* The compiled-in weights made for the rules nearest to ev->v's among
 * those with the same windows (eval_init).  A built-in variant (or a copy
 * of its rules) without weights of its own keeps the hand-set ones, which
 * its play was measured with; only other rules borrow a neighbour's. */
static void choose_weights(struct evaluator *ev)
{
    snprintf(ev->source, sizeof ev->source, "hand-set weights (%s)", ev->family->name);
    if (!ev->has_layout)
        return;
    int best = -1, best_distance = 1 << 30, best_rules = 0;
    for (int i = 0; i < weights_builtin_count; i++) {
        char name[DR_NAME_LEN];
        struct dr_variant bv;
        struct pat_layout lay;
        if (!weights_peek_variant(weights_builtin[i].bytes, weights_builtin[i].size, name) ||
            !dr_variant_builtin(name, &bv, NULL) || bv.width != ev->v->width ||
            bv.height != ev->v->height || bv.all_squares != ev->v->all_squares ||
            !pat_layout_build(&bv, &lay) || !pat_layout_same(&lay, &ev->layout))
            continue;
        /* the same rules first, the same name among those */
        int rules = rules_distance(&bv, ev->v), d = rules * 2 + (strcmp(name, ev->v->name) != 0);
        if (d < best_distance) {
            best = i;
            best_distance = d;
            best_rules = rules;
        }
    }
    const char *twin = builtin_twin(ev->v);
    if (twin && best_rules != 0) {
        snprintf(ev->source, sizeof ev->source, "hand-set weights (%s; none learned for %s)",
                 ev->family->name, twin);
        return;
    }
    struct dr_error err;
    if (best < 0 || !weights_parse(weights_builtin[best].bytes, weights_builtin[best].size,
                                   weights_builtin[best].file, ev->v, &ev->layout,
                                   EVAL_NGLOBAL, &ev->w, &err))
        return;
    if (best_rules == 0)
        snprintf(ev->source, sizeof ev->source, "learned weights (%s)", ev->w.variant);
    else
        snprintf(ev->source, sizeof ev->source, "learned weights of %s, the nearest rules",
                 ev->w.variant);
}

/* A square as each side sees it: White's own, Black's turned half round
 * (the same file and row counted from the other corner). */
static void init_own_squares(struct evaluator *ev)
{
    const struct dr_variant *v = ev->v;
    for (int sq = 0; sq < DR_MAX_SQUARES; sq++) {
        ev->own_square[DR_WHITE][sq] = ev->own_square[DR_BLACK][sq] = sq;
        if (v->sq_file[sq] < 0)
            continue;
        for (int t = 0; t < DR_MAX_SQUARES; t++)
            if (v->sq_file[t] == v->width - 1 - v->sq_file[sq] &&
                v->sq_rank[t] == v->height - 1 - v->sq_rank[sq])
                ev->own_square[DR_BLACK][sq] = t;
    }
}

/* Rows the men of side still have to go to be crowned, summed. */
static int rows_to_go(const struct evaluator *ev, uint64_t men, int side)
{
    int done = 0;
    for (int k = 0; k < ev->row_planes; k++)
        done += bits_count(men & ev->rows_done_bit[side][k]) << k;
    return bits_count(men) * (ev->v->height - 1) - done;
}

void eval_init(struct evaluator *ev, const struct dr_variant *v)
{
    ev->v = v;
    ev->family = family_of(v);
    ev->centre = ev->left_half = 0;
    memset(ev->rows_done_bit, 0, sizeof ev->rows_done_bit);
    ev->row_planes = 0;
    while ((v->height - 1) >> ev->row_planes)
        ev->row_planes++;
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
        for (int k = 0; k < 6; k++)
            for (int side = 0; side < 2; side++)
                if ((ev->rows_done[side][sq] >> k) & 1)
                    ev->rows_done_bit[side][k] |= 1ULL << sq;
    }
    cone_steps(ev);
    ev->drawn_kings_vs_lone_king = v->king_halt ? 0 : (v->king_flying ? 2 : 0);
    init_own_squares(ev);
    struct dr_position start;
    dr_position_start(v, &start);
    ev->pip_full = 0;
    for (int side = 0; side < 2; side++)
        ev->pip_full += rows_to_go(ev, start.pieces[side] & ~start.kings, side);
    if (ev->pip_full <= 0)
        ev->pip_full = 1;
    memset(&ev->w, 0, sizeof ev->w);
    ev->king_terms = false;
    ev->has_layout = pat_layout_build(v, &ev->layout);
    choose_weights(ev);
    ev->king_terms = ev->w.pairs && ev->w.nglobal == EVAL_NGLOBAL;
}

void eval_set_king_terms(struct evaluator *ev, bool on) { ev->king_terms = on; }

void eval_free(struct evaluator *ev)
{
    weights_free(&ev->w);
}

bool eval_load_weights(struct evaluator *ev, const char *path, struct dr_error *err)
{
    struct weights w;
    if (!path) {
        weights_free(&ev->w);
        ev->king_terms = false;
        snprintf(ev->source, sizeof ev->source, "hand-set weights (%s)", ev->family->name);
        return true;
    }
    if (!ev->has_layout) {
        dr_error_set(err, "%s: %s's board has no pattern windows", path, ev->v->name);
        return false;
    }
    if (!weights_load_file(path, ev->v, &ev->layout, EVAL_NGLOBAL, &w, err))
        return false;
    weights_free(&ev->w);
    ev->w = w;
    ev->king_terms = w.nglobal == EVAL_NGLOBAL;
    snprintf(ev->source, sizeof ev->source, "learned weights from %s", path);
    return true;
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
    /* rows crossed, summed bit by bit of the row count */
    int left = 0, right = 0;
    for (int k = 0; k < ev->row_planes; k++) {
        uint64_t plane = men & ev->rows_done_bit[side][k];
        left += bits_count(plane & ev->left_half) << k;
        right += bits_count(plane & ~ev->left_half) << k;
    }
    uint64_t free_men = men & ~cone_shadow(ev, side, enemy);
    int runaway = bits_count(free_men), near = runaway;
    for (int k = 0; k < ev->row_planes; k++)
        near += bits_count(free_men & ev->rows_done_bit[side][k]) << k;
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

/* Squares where a king of side would stand to be taken by an enemy man:
 * the man next to it one way, the square beyond it the other way empty. */
static uint64_t men_threaten(const struct dr_variant *v, const struct dr_position *pos, int side,
                             uint64_t empty)
{
    if (!v->men_capture_kings)
        return 0;
    uint64_t enemy_men = pos->pieces[!side] & ~pos->kings, threatened = 0;
    for (unsigned dirs = v->man_capture_dirs[!side]; dirs; dirs &= dirs - 1) {
        int d = __builtin_ctz(dirs);
        threatened |= bits_step(v, enemy_men, d) & bits_step(v, empty, dr_dir_opposite(d));
    }
    return threatened;
}

/* Adds side's king mobility terms to g with the given sign (the kings'
 * squares are added apart, by eval_globals and learned_score). */
static void king_terms(const struct evaluator *ev, const struct dr_position *pos, int side,
                       int sign, int *g)
{
    const struct dr_variant *v = ev->v;
    uint64_t kings = pos->pieces[side] & pos->kings;
    if (!kings)
        return;
    uint64_t empty = v->board & ~dr_occupied(pos);
    uint64_t denied = men_threaten(v, pos, side, empty);
    int safe = 0, unsafe = 0;
    for (uint64_t b = kings; b;) {
        int sq = bits_pop(&b);
        uint64_t reach = 0;
        for (unsigned dirs = v->king_move_dirs[side]; dirs; dirs &= dirs - 1) {
            int d = __builtin_ctz(dirs);
            if (v->king_flying)
                reach |= bits_slide(v, sq, d, empty);
            else if (v->next_sq[d][sq] >= 0)
                reach |= (1ULL << v->next_sq[d][sq]) & empty;
        }
        safe += bits_count(reach & ~denied);
        unsafe += bits_count(reach & denied);
    }
    g[EG_KING_SAFE] += sign * safe;
    g[EG_KING_DENIED] += sign * unsafe;
}

_Static_assert(EVAL_NGLOBAL_CLASSIC == WEIGHTS_NGLOBAL_BEFORE_KINGS,
               "files made before the king terms hold the classic global terms");

/* The global terms before the kings' squares (EG_KING_SQUARE of them; the
 * king terms zero without them).  The squares are few and sparse, so they
 * are added apart, without a table of zeros to clear and sum each time. */
static void dense_globals(const struct evaluator *ev, const struct dr_position *pos, int *g)
{
    eval_features(ev, pos, g);
    g[EG_HAS_KING] = ((pos->pieces[DR_WHITE] & pos->kings) != 0) -
                     ((pos->pieces[DR_BLACK] & pos->kings) != 0);
    g[EG_KING_SAFE] = g[EG_KING_DENIED] = 0;
    if (!ev->king_terms)
        return;
    king_terms(ev, pos, DR_WHITE, 1, g);
    king_terms(ev, pos, DR_BLACK, -1, g);
}

void eval_globals(const struct evaluator *ev, const struct dr_position *pos,
                  int g[EVAL_NGLOBAL])
{
    memset(g, 0, sizeof *g * EVAL_NGLOBAL);
    dense_globals(ev, pos, g);
    if (!ev->king_terms)
        return;
    for (int side = 0; side < 2; side++)
        for (uint64_t b = pos->pieces[side] & pos->kings; b;)
            g[EG_KING_SQUARE + ev->own_square[side][bits_pop(&b)]] += side == DR_WHITE ? 1 : -1;
}

int eval_phase(const struct evaluator *ev, const struct dr_position *pos)
{
    if (ev->king_terms) {
        int pip = rows_to_go(ev, pos->pieces[DR_WHITE] & ~pos->kings, DR_WHITE) +
                  rows_to_go(ev, pos->pieces[DR_BLACK] & ~pos->kings, DR_BLACK);
        return pip < ev->pip_full ? pip : ev->pip_full;
    }
    int men = bits_count(dr_occupied(pos) & ~pos->kings);
    return men < ev->layout.start_men ? men : ev->layout.start_men;
}

int eval_phase_full(const struct evaluator *ev)
{
    return ev->king_terms ? ev->pip_full : ev->layout.start_men;
}

/* The learned score for White, in centi-men: the opening and endgame
 * weights each summed over the global terms and both views of every window,
 * then blended by the men left.  C's division truncates towards zero, so a
 * colour-flipped position gets exactly the negated score. */
static int learned_score(const struct evaluator *ev, const struct dr_position *pos)
{
    int g[EG_KING_SQUARE];
    dense_globals(ev, pos, g);
    const int16_t *w = ev->w.pairs;
    int32_t open = 0, end = 0;
    int nglobal = ev->w.nglobal, dense = nglobal < EG_KING_SQUARE ? nglobal : EG_KING_SQUARE;
    for (int i = 0; i < dense; i++) {
        open += w[2 * i] * g[i];
        end += w[2 * i + 1] * g[i];
    }
    if (ev->king_terms && nglobal > EG_KING_SQUARE)
        for (int side = 0; side < 2; side++)
            for (uint64_t b = pos->pieces[side] & pos->kings; b;) {
                const int16_t *k = w + 2 * (EG_KING_SQUARE + ev->own_square[side][bits_pop(&b)]);
                open += side == DR_WHITE ? k[0] : -k[0];
                end += side == DR_WHITE ? k[1] : -k[1];
            }
    uint16_t idx[2][PAT_MAX_WINDOWS];
    uint64_t men = ~pos->kings;
    pat_indexes(&ev->layout, pos->pieces[DR_WHITE] & men, pos->pieces[DR_BLACK] & men, idx);
    /* with two sets, a view reads the first when its side is to move */
    const int16_t *white_view = w + 2 * nglobal, *black_view = white_view;
    if (ev->w.sets == 2) {
        size_t set = 2 * pat_set_pairs(&ev->layout, ev->w.nedge);
        if (pos->side == DR_WHITE)
            black_view += set;
        else
            white_view += set;
    }
    for (int k = 0; k < ev->layout.nwin; k++) {
        size_t table = 2 * (size_t)PAT_CONFIGS * k;
        const int16_t *a = white_view + table + 2 * idx[0][k];
        const int16_t *b = black_view + table + 2 * idx[1][k];
        open += a[0] - b[0];
        end += a[1] - b[1];
    }
    if (ev->w.nedge) {
        uint16_t edge[2][PAT_MAX_EDGES];
        pat_edge_indexes(&ev->layout, pos->pieces[DR_WHITE] & men, pos->pieces[DR_BLACK] & men,
                         edge);
        size_t windows = pat_set_pairs(&ev->layout, 0); /* the strips' tables follow */
        for (int k = 0; k < ev->w.nedge; k++) {
            size_t table = 2 * (windows + (size_t)PAT_EDGE_CONFIGS * k);
            const int16_t *a = white_view + table + 2 * edge[0][k];
            const int16_t *b = black_view + table + 2 * edge[1][k];
            open += a[0] - b[0];
            end += a[1] - b[1];
        }
    }
    int64_t phase = eval_phase(ev, pos), full = eval_phase_full(ev);
    return (int)((open * phase + end * (full - phase)) / (full * WEIGHTS_UNIT));
}

int eval_position(const struct evaluator *ev, const struct dr_position *pos)
{
    int score;
    if (ev->w.pairs) {
        score = learned_score(ev, pos);
    } else {
        int f[EVAL_NFEATURES];
        eval_features(ev, pos, f);
        score = eval_dot(ev->family->w, f);
    }
    /* the stronger side has at most a couple of kings against a lone flying
     * king: call it (nearly) level */
    if (eval_drawish(ev, pos))
        score /= 16;
    /* never mistaken for a forced result */
    if (score > DR_SCORE_KNOWN_WIN / 2)
        score = DR_SCORE_KNOWN_WIN / 2;
    if (score < -DR_SCORE_KNOWN_WIN / 2)
        score = -DR_SCORE_KNOWN_WIN / 2;
    return pos->side == DR_WHITE ? score : -score;
}
