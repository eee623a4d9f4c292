/* The evaluation: exact colour symmetry in every variant, the weights files'
 * checks, the choice of weights for a rules file of one's own, and the
 * trainer lowering its loss on a small synthetic set. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draughts/bitboard.h"
#include "draughts/engine.h"
#include "draughts/fen.h"
#include "draughts/position.h"
#include "eval.h"
#include "trainer.h"

static uint64_t rng_state = 0x243f6a8885a308d3ULL;
static uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* A random position: men off their crowning rows, some kings. */
static void random_position(const struct dr_variant *v, struct dr_position *pos, int pieces)
{
    memset(pos, 0, sizeof *pos);
    pos->side = (int)(rnd() & 1);
    for (int placed = 0; placed < pieces;) {
        int sq = (int)(rnd() % DR_MAX_SQUARES);
        uint64_t bit = 1ULL << sq;
        if (!(v->board & bit) || (dr_occupied(pos) & bit))
            continue;
        int side = (int)(rnd() & 1);
        bool king = rnd() % 6 == 0;
        if (!king && (v->promo_row[side] & bit))
            continue;
        pos->pieces[side] |= bit;
        if (king)
            pos->kings |= bit;
        placed++;
    }
}

/* pos turned half round with the colours swapped. */
static void flip(const struct dr_variant *v, const struct dr_position *pos,
                 struct dr_position *out)
{
    memset(out, 0, sizeof *out);
    out->side = !pos->side;
    for (int sq = 0; sq < DR_MAX_SQUARES; sq++) {
        uint64_t bit = 1ULL << sq;
        if (!(dr_occupied(pos) & bit))
            continue;
        int to = -1;
        for (int t = 0; t < DR_MAX_SQUARES; t++)
            if (v->sq_file[t] == v->width - 1 - v->sq_file[sq] &&
                v->sq_rank[t] == v->height - 1 - v->sq_rank[sq])
                to = t;
        assert_true(to >= 0);
        int side = (pos->pieces[DR_WHITE] & bit) ? DR_BLACK : DR_WHITE;
        out->pieces[side] |= 1ULL << to;
        if (pos->kings & bit)
            out->kings |= 1ULL << to;
    }
}

static int white_view(const struct dr_engine *e, const struct dr_position *pos)
{
    int s = dr_engine_eval(e, pos);
    return pos->side == DR_WHITE ? s : -s;
}

/* Every variant: a colour-flipped position scores exactly the negation. */
static void test_flip_negates_every_variant(void **state)
{
    (void)state;
    for (const char *const *name = dr_variant_builtin_names(); *name; name++) {
        struct dr_variant v;
        assert_true(dr_variant_builtin(*name, &v, NULL));
        struct dr_engine *e = dr_engine_new(&v, 1);
        assert_non_null(e);
        int nonzero = 0;
        for (int i = 0; i < 3000; i++) {
            struct dr_position pos, flipped;
            random_position(&v, &pos, 2 + (int)(rnd() % (unsigned)(v.nsquares / 2)));
            flip(&v, &pos, &flipped);
            int a = white_view(e, &pos), b = white_view(e, &flipped);
            if (a != -b)
                fail_msg("%s: %d and %d for a position and its flip", *name, a, b);
            nonzero += a != 0;
        }
        assert_true(nonzero > 1000); /* the positions were not all scored 0 */
        dr_engine_free(e);
    }
}

/* Random weights of sets tables a window for v (and for the board's edge
 * strips, with edges), written to a temporary file whose name goes to path. */
static void write_random_weights(const struct dr_variant *v, const struct evaluator *ev,
                                 int sets, bool edges, char path[static 32])
{
    int nedge = edges ? ev->layout.nedge : 0;
    struct weights w = {.nglobal = EVAL_NGLOBAL, .nwin = ev->layout.nwin, .sets = sets,
                        .nedge = nedge};
    snprintf(w.variant, sizeof w.variant, "%s", v->name);
    w.count = EVAL_NGLOBAL + (size_t)sets * pat_set_pairs(&ev->layout, nedge);
    w.pairs = calloc(w.count * 2, sizeof *w.pairs);
    assert_non_null(w.pairs);
    for (size_t i = 0; i < w.count * 2; i++)
        w.pairs[i] = (int16_t)(rnd() % 2000 - 1000);
    snprintf(path, 32, "/tmp/test_eval_XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    struct dr_error err;
    if (!weights_write_file(path, v, &w, &err))
        fail_msg("%s", err.msg);
    weights_free(&w);
}

/* ev reads random weights of sets tables a window, with or without the
 * edge strips' (through a file, as a user's --weights would). */
static void load_random_weights(const struct dr_variant *v, struct evaluator *ev, int sets,
                                bool edges)
{
    char path[32];
    write_random_weights(v, ev, sets, edges, path);
    struct dr_error err;
    bool loaded = eval_load_weights(ev, path, &err);
    remove(path);
    if (!loaded)
        fail_msg("%s", err.msg);
}

/* Tables split by the side to move (weights.h, sets 2) keep the exact
 * colour symmetry on every kind of board, and who is to move changes the
 * score (the second set is read). */
static void test_side_to_move_tables_flip_negates(void **state)
{
    (void)state;
    static const char *const boards[] = {"international", "english", "turkish", "armenian"};
    for (size_t b = 0; b < sizeof boards / sizeof *boards; b++) {
        struct dr_variant v;
        assert_true(dr_variant_builtin(boards[b], &v, NULL));
        struct evaluator ev;
        eval_init(&ev, &v);
        assert_true(ev.has_layout);
        load_random_weights(&v, &ev, 2, true);
        assert_int_equal(ev.w.sets, 2);
        assert_int_equal(ev.w.nedge, v.all_squares ? 0 : PAT_MAX_EDGES);
        int tempo_matters = 0;
        for (int i = 0; i < 2000; i++) {
            struct dr_position pos, flipped, other_side;
            random_position(&v, &pos, 2 + (int)(rnd() % (unsigned)(v.nsquares / 2)));
            pos.kings = 0;
            for (int s = 0; s < 2; s++)
                pos.pieces[s] &= ~v.promo_row[s];
            flip(&v, &pos, &flipped);
            int a = eval_position(&ev, &pos), f = eval_position(&ev, &flipped);
            if (a != f) /* each from its side to move's view: equal */
                fail_msg("%s: %d and %d for a position and its flip", boards[b], a, f);
            other_side = pos;
            other_side.side = !pos.side;
            tempo_matters += eval_position(&ev, &other_side) != -a;
        }
        assert_true(tempo_matters > 1000);
        eval_free(&ev);
    }
}

/* Both ways of reading the windows give the same configurations, so that
 * weights trained on one processor serve on any. */
static void test_window_reading_portable(void **state)
{
    (void)state;
    for (const char *const *name = dr_variant_builtin_names(); *name; name++) {
        struct dr_variant v;
        assert_true(dr_variant_builtin(*name, &v, NULL));
        struct pat_layout lay;
        assert_true(pat_layout_build(&v, &lay));
        for (int i = 0; i < 2000; i++) {
            struct dr_position pos;
            random_position(&v, &pos, 2 + (int)(rnd() % (unsigned)(v.nsquares / 2)));
            uint16_t a[2][PAT_MAX_WINDOWS], b[2][PAT_MAX_WINDOWS];
            pat_indexes(&lay, pos.pieces[0], pos.pieces[1], a);
            pat_indexes_portable(&lay, pos.pieces[0], pos.pieces[1], b);
            for (int w = 0; w < lay.nwin; w++) {
                assert_int_equal(a[0][w], b[0][w]);
                assert_int_equal(a[1][w], b[1][w]);
                assert_true(a[0][w] < PAT_CONFIGS && a[1][w] < PAT_CONFIGS);
            }
            uint16_t ea[2][PAT_MAX_EDGES], eb[2][PAT_MAX_EDGES];
            pat_edge_indexes(&lay, pos.pieces[0], pos.pieces[1], ea);
            pat_edge_indexes_portable(&lay, pos.pieces[0], pos.pieces[1], eb);
            for (int e = 0; e < lay.nedge; e++) {
                assert_int_equal(ea[0][e], eb[0][e]);
                assert_int_equal(ea[1][e], eb[1][e]);
                assert_true(ea[0][e] < PAT_EDGE_CONFIGS && ea[1][e] < PAT_EDGE_CONFIGS);
            }
        }
    }
}

/* The edge strips: on every dark-square board the three files along each
 * side over the windows' rows, nine squares, and Black's the same squares
 * turned half round; the all-squares boards have none.  A man on a strip's
 * square counts in its configuration, one elsewhere does not. */
static void test_edge_strips_geometry(void **state)
{
    (void)state;
    for (const char *const *name = dr_variant_builtin_names(); *name; name++) {
        struct dr_variant v;
        assert_true(dr_variant_builtin(*name, &v, NULL));
        struct pat_layout lay;
        assert_true(pat_layout_build(&v, &lay));
        if (v.all_squares) {
            assert_int_equal(lay.nedge, 0);
            continue;
        }
        assert_int_equal(lay.nedge, PAT_MAX_EDGES);
        for (int e = 0; e < lay.nedge; e++) {
            uint64_t white = lay.edge_mask[0][e], black = lay.edge_mask[1][e];
            assert_int_equal(bits_count(white), PAT_EDGE_CELLS);
            for (int sq = 0; sq < DR_MAX_SQUARES; sq++) {
                if (!((white >> sq) & 1))
                    continue;
                int f = v.sq_file[sq], r = v.sq_rank[sq];
                assert_true(e == 0 ? f <= 2 : f >= v.width - 3);
                int rows = 0;
                for (int w = 0; w < lay.nwin; w++)
                    for (int t = 0; t < DR_MAX_SQUARES; t++)
                        if (((lay.mask[0][w] >> t) & 1) && v.sq_rank[t] + 1 > rows)
                            rows = v.sq_rank[t] + 1;
                assert_true(r < rows);
                bool turned = false;
                for (int t = 0; t < DR_MAX_SQUARES; t++)
                    if (v.sq_file[t] == v.width - 1 - f && v.sq_rank[t] == v.height - 1 - r)
                        turned = ((black >> t) & 1) != 0;
                if (!turned)
                    fail_msg("%s: strip %d's square %d not turned round in Black's view", *name,
                             e, sq);
                uint16_t idx[2][PAT_MAX_EDGES];
                pat_edge_indexes(&lay, 1ULL << sq, 0, idx);
                assert_true(idx[0][e] != 0);
            }
            uint16_t idx[2][PAT_MAX_EDGES];
            pat_edge_indexes(&lay, v.board & ~white & ~black, 0, idx);
            assert_int_equal(idx[0][e], 0);
            assert_int_equal(idx[1][e], 0);
        }
    }
}

/* The runaway terms against their definition, square by square: a man
 * is free when no enemy piece stands on a square ahead of it (its own row
 * included) no more files away than one plus the rows between them; near
 * adds the rows it has crossed, plus one.  Every variant's board. */
static void test_runaway_men_by_definition(void **state)
{
    (void)state;
    for (const char *const *name = dr_variant_builtin_names(); *name; name++) {
        struct dr_variant v;
        assert_true(dr_variant_builtin(*name, &v, NULL));
        struct evaluator ev;
        eval_init(&ev, &v);
        int free_seen = 0;
        for (int i = 0; i < 3000; i++) {
            struct dr_position pos;
            random_position(&v, &pos, 2 + (int)(rnd() % (unsigned)(v.nsquares / 2)));
            int want[2] = {0, 0}, near[2] = {0, 0};
            for (int side = 0; side < 2; side++)
                for (int sq = 0; sq < DR_MAX_SQUARES; sq++) {
                    if (!((pos.pieces[side] & ~pos.kings) >> sq & 1))
                        continue;
                    bool stopped = false;
                    for (int t = 0; t < DR_MAX_SQUARES; t++) {
                        if (!((pos.pieces[!side] >> t) & 1))
                            continue;
                        int ahead = side == DR_WHITE ? v.sq_rank[t] - v.sq_rank[sq]
                                                     : v.sq_rank[sq] - v.sq_rank[t];
                        if (ahead >= 0 && abs(v.sq_file[t] - v.sq_file[sq]) <= ahead + 1)
                            stopped = true;
                    }
                    if (stopped)
                        continue;
                    want[side]++;
                    near[side] += (side == DR_WHITE ? v.sq_rank[sq]
                                                    : v.height - 1 - v.sq_rank[sq]) + 1;
                }
            int f[EVAL_NFEATURES];
            eval_features(&ev, &pos, f);
            if (f[EF_RUNAWAY] != want[0] - want[1] || f[EF_RUNAWAY_NEAR] != near[0] - near[1])
                fail_msg("%s: runaways %d and %d, want %d and %d", *name, f[EF_RUNAWAY],
                         f[EF_RUNAWAY_NEAR], want[0] - want[1], near[0] - near[1]);
            free_seen += want[0] + want[1] > 0;
        }
        assert_true(free_seen > 100);
        eval_free(&ev);
    }
}

/* A file with the edge strips' tables is read with them: zeroing those
 * tables changes the scores. */
static void test_edge_tables_read(void **state)
{
    (void)state;
    struct dr_variant v;
    assert_true(dr_variant_builtin("international", &v, NULL));
    struct evaluator ev;
    eval_init(&ev, &v);
    load_random_weights(&v, &ev, 2, true);
    assert_int_equal(ev.w.nedge, PAT_MAX_EDGES);
    struct dr_position pos[500];
    int before[500], changed = 0;
    for (int i = 0; i < 500; i++) {
        random_position(&v, &pos[i], 10 + (int)(rnd() % 20));
        before[i] = eval_position(&ev, &pos[i]);
    }
    size_t set = pat_set_pairs(&ev.layout, ev.w.nedge), windows = pat_set_pairs(&ev.layout, 0);
    for (int s = 0; s < ev.w.sets; s++)
        memset(ev.w.pairs + 2 * (ev.w.nglobal + s * set + windows), 0,
               2 * sizeof *ev.w.pairs * (set - windows));
    for (int i = 0; i < 500; i++)
        changed += eval_position(&ev, &pos[i]) != before[i];
    assert_true(changed > 400);
    eval_free(&ev);
}

/* The built-in variants with weights files use them; the others say which
 * evaluation they use. */
static void test_builtin_weights_chosen(void **state)
{
    (void)state;
    for (int i = 0; i < weights_builtin_count; i++) {
        char name[DR_NAME_LEN];
        assert_true(weights_peek_variant(weights_builtin[i].bytes, weights_builtin[i].size, name));
        struct dr_variant v;
        assert_true(dr_variant_builtin(name, &v, NULL));
        struct dr_engine *e = dr_engine_new(&v, 1);
        char want[96];
        snprintf(want, sizeof want, "learned weights (%s)", name);
        assert_string_equal(dr_engine_eval_source(e), want);
        dr_engine_free(e);
    }
    /* a built-in variant without a file of its own keeps the hand-set
     * weights it was measured with, not a neighbour's */
    for (const char *const *name = dr_variant_builtin_names(); *name; name++) {
        bool has = false;
        for (int i = 0; i < weights_builtin_count; i++) {
            char wname[DR_NAME_LEN];
            assert_true(weights_peek_variant(weights_builtin[i].bytes, weights_builtin[i].size,
                                             wname));
            has |= !strcmp(wname, *name);
        }
        if (has)
            continue;
        struct dr_variant v;
        assert_true(dr_variant_builtin(*name, &v, NULL));
        struct dr_engine *e = dr_engine_new(&v, 1);
        if (!strstr(dr_engine_eval_source(e), "hand-set"))
            fail_msg("%s: %s", *name, dr_engine_eval_source(e));
        dr_engine_free(e);
    }
}

static const char *const rules_text =
    "name = mine\nboard = 10x10\nsquares = dark\na1 = dark\nstart_rows = 1-4\n"
    "first_player = white\nman_move_dirs = diagonal_forward\nman_capture_dirs = diagonal\n"
    "king_move_dirs = diagonal\nking_capture_dirs = diagonal\nking_range = %s\n"
    "men_capture_kings = yes\nprecedence = majority\nremoval = deferred\n"
    "no_reverse_jump = no\npromotion = end_of_move\nking_halt_behind_captured_king = no\n"
    "king_must_land_to_continue = no\nnotation = numeric\ncapture_separator = x\n"
    "draw_repetitions = 3\ndraw_kings_only_plies = 50\ndraw_1k_vs_3_plies = 32\n"
    "draw_1k_vs_2_plies = 10\ndraw_3k_vs_1k_plies = 0\n";

/* A rules file of one's own: the same rules as a built-in variant get its
 * weights; other rules on the same board the nearest variant's; a board
 * without learned weights the hand-set evaluation. */
static void test_rules_file_falls_back(void **state)
{
    (void)state;
    struct dr_variant intl;
    assert_true(dr_variant_builtin("international", &intl, NULL));
    struct dr_engine *ref = dr_engine_new(&intl, 1);
    bool learned = strstr(dr_engine_eval_source(ref), "learned") != NULL;
    char text[2048];
    struct dr_variant v;
    struct dr_error err;

    snprintf(text, sizeof text, rules_text, "flying");
    if (!dr_variant_parse(text, "mine.rules", &v, &err))
        fail_msg("%s", err.msg);
    struct dr_engine *e = dr_engine_new(&v, 1);
    if (learned) {
        assert_string_equal(dr_engine_eval_source(e), dr_engine_eval_source(ref));
        struct dr_position pos;
        dr_position_start(&v, &pos);
        assert_int_equal(dr_engine_eval(e, &pos), dr_engine_eval(ref, &pos));
    }
    dr_engine_free(e);

    snprintf(text, sizeof text, rules_text, "short");
    if (!dr_variant_parse(text, "mine.rules", &v, &err))
        fail_msg("%s", err.msg);
    e = dr_engine_new(&v, 1);
    if (learned)
        assert_non_null(strstr(dr_engine_eval_source(e), "the nearest rules"));
    dr_engine_free(e);

    /* 6x6: no weights of that board */
    char small[2048];
    snprintf(text, sizeof text, rules_text, "flying");
    char *board = strstr(text, "10x10"), *rows = strstr(text, "1-4");
    memcpy(board, " 6x6 ", 5);
    memcpy(rows, "1-2", 3);
    snprintf(small, sizeof small, "%s", text);
    if (!dr_variant_parse(small, "small.rules", &v, &err))
        fail_msg("%s", err.msg);
    e = dr_engine_new(&v, 1);
    assert_non_null(strstr(dr_engine_eval_source(e), "hand-set"));
    dr_engine_free(e);
    dr_engine_free(ref);
}

/* A weights image and what each kind of damage gives. */
static void test_weights_damage_refused(void **state)
{
    (void)state;
    struct dr_variant v;
    assert_true(dr_variant_builtin("english", &v, NULL));
    struct evaluator ev;
    eval_init(&ev, &v);
    assert_true(ev.has_layout);
    struct weights w = {.nglobal = EVAL_NGLOBAL, .nwin = ev.layout.nwin};
    snprintf(w.variant, sizeof w.variant, "english");
    w.count = EVAL_NGLOBAL + (size_t)ev.layout.nwin * PAT_CONFIGS;
    w.pairs = calloc(w.count * 2, sizeof *w.pairs);
    for (size_t i = 0; i < w.count * 2; i++)
        w.pairs[i] = (int16_t)(rnd() % 200 - 100);
    char path[] = "/tmp/test_eval_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    struct dr_error err;
    assert_true(weights_write_file(path, &v, &w, &err));
    FILE *f = fopen(path, "rb");
    static uint8_t bytes[1 << 20];
    size_t n = fread(bytes, 1, sizeof bytes, f);
    fclose(f);
    remove(path);
    struct weights back;
    assert_true(weights_parse(bytes, n, "w", &v, &ev.layout, EVAL_NGLOBAL, &back, &err));
    assert_memory_equal(back.pairs, w.pairs, w.count * 4);
    weights_free(&back);

    bytes[n - 3] ^= 1;
    assert_false(weights_parse(bytes, n, "w", &v, &ev.layout, EVAL_NGLOBAL, &back, &err));
    assert_non_null(strstr(err.msg, "checksum"));
    bytes[n - 3] ^= 1;
    assert_false(weights_parse(bytes, n - 4, "w", &v, &ev.layout, EVAL_NGLOBAL, &back, &err));
    assert_non_null(strstr(err.msg, "expected"));
    bytes[8] = 9;
    assert_false(weights_parse(bytes, n, "w", &v, &ev.layout, EVAL_NGLOBAL, &back, &err));
    assert_non_null(strstr(err.msg, "version"));
    bytes[8] = WEIGHTS_VERSION;
    bytes[49] = 3;
    assert_false(weights_parse(bytes, n, "w", &v, &ev.layout, EVAL_NGLOBAL, &back, &err));
    assert_non_null(strstr(err.msg, "sets"));
    /* version 1 had zero there and one set */
    bytes[8] = 1;
    bytes[49] = 0;
    assert_true(weights_parse(bytes, n, "w", &v, &ev.layout, EVAL_NGLOBAL, &back, &err));
    assert_int_equal(back.sets, 1);
    weights_free(&back);
    bytes[8] = WEIGHTS_VERSION;
    bytes[49] = 1;
    /* edge strips the board does not have, or of another size */
    bytes[50] = 1;
    bytes[51] = PAT_EDGE_CELLS;
    assert_false(weights_parse(bytes, n, "w", &v, &ev.layout, EVAL_NGLOBAL, &back, &err));
    assert_non_null(strstr(err.msg, "edge strips"));
    bytes[50] = PAT_MAX_EDGES;
    bytes[51] = 8;
    assert_false(weights_parse(bytes, n, "w", &v, &ev.layout, EVAL_NGLOBAL, &back, &err));
    assert_non_null(strstr(err.msg, "edge strips"));
    bytes[50] = bytes[51] = 0;
    /* global terms: all of this build's, or the ten of the files before
     * the king terms (every file in weights/ was made so) */
    bytes[56] = EVAL_NGLOBAL_CLASSIC + 1;
    assert_false(weights_parse(bytes, n, "w", &v, &ev.layout, EVAL_NGLOBAL, &back, &err));
    assert_non_null(strstr(err.msg, "global terms"));
    bytes[56] = EVAL_NGLOBAL;
    struct dr_variant intl;
    assert_true(dr_variant_builtin("international", &intl, NULL));
    assert_false(weights_parse(bytes, n, "w", &intl, &ev.layout, EVAL_NGLOBAL, &back, &err));
    assert_non_null(strstr(err.msg, "board"));
    bytes[0] = 'X';
    assert_false(weights_parse(bytes, n, "w", &v, &ev.layout, EVAL_NGLOBAL, &back, &err));
    assert_non_null(strstr(err.msg, "not a weights file"));
    weights_free(&w);
    eval_free(&ev);
}

/* Positions of men only whose outcome follows a rule a fit can learn: the
 * side with more men wins, and a man on the left wing (a pattern) is worth
 * edge_value men more.  One position in eight goes to held. */
static void edge_rule_set(const struct dr_variant *v, const struct evaluator *ev,
                          double edge_value, struct train_set *train, struct train_set *held)
{
    for (int i = 0; i < 24000; i++) {
        struct dr_position pos;
        random_position(v, &pos, 8 + (int)(rnd() % 12));
        pos.kings = 0;
        for (int s = 0; s < 2; s++)
            pos.pieces[s] &= ~v->promo_row[s];
        double edge = 0;
        for (int sq = 0; sq < DR_MAX_SQUARES; sq++) {
            if (v->sq_file[sq] < 0 || v->sq_file[sq] > 1)
                continue;
            edge += ((pos.pieces[DR_WHITE] >> sq) & 1) - ((pos.pieces[DR_BLACK] >> sq) & 1);
        }
        double diff = bits_count(pos.pieces[DR_WHITE]) - bits_count(pos.pieces[DR_BLACK]);
        float target = (float)(1 / (1 + exp(-(diff + edge_value * edge))));
        assert_true(train_set_add(i % 8 ? train : held, ev, &pos, target));
    }
}

/* The trainer lowers the held-out loss on positions whose outcome follows
 * a rule it can learn (edge_rule_set, the wing worth half a man). */
static void test_trainer_reduces_loss(void **state)
{
    (void)state;
    struct dr_variant v;
    assert_true(dr_variant_builtin("russian", &v, NULL));
    struct evaluator ev;
    eval_init(&ev, &v);
    weights_free(&ev.w); /* from the hand-set terms */
    struct train_set train = {0}, held = {0};
    edge_rule_set(&v, &ev, 0.5, &train, &held);
    struct train_params p = {.lr = 2.0, .l2 = 1e-4, .batch = 64};
    struct trainer t;
    assert_true(trainer_init(&t, &ev, &p));
    double before = trainer_loss(&t, &held);
    uint64_t seed = 7;
    for (int e = 0; e < 4; e++)
        trainer_epoch(&t, &train, &seed);
    double after = trainer_loss(&t, &held);
    if (!(after < before * 0.95))
        fail_msg("held-out loss %.5f before, %.5f after training", before, after);
    trainer_free(&t);
    train_set_free(&train);
    train_set_free(&held);
    eval_free(&ev);
}

/* Mean distance of the windows' weights from where they started. */
static double tables_moved(const struct trainer *t, const struct weights *start)
{
    double sum = 0;
    size_t first = 2 * (size_t)EVAL_NGLOBAL, n = t->pairs * 2;
    for (size_t i = first; i < n; i++)
        sum += fabs(t->w[i] - (double)start->pairs[i] / WEIGHTS_UNIT);
    return sum / (double)(n - first);
}

/* Decay towards the starting weights (p.anchor) keeps them where the new
 * data does not say otherwise: weights fitted where the wing is worth a
 * man, fitted on again where it is worth nothing under a strong decay,
 * move less far from where they started with the anchor than with decay
 * towards zero, and both fits learn the new set. */
static void test_trainer_anchor_keeps_start(void **state)
{
    (void)state;
    struct dr_variant v;
    assert_true(dr_variant_builtin("russian", &v, NULL));
    struct evaluator ev;
    eval_init(&ev, &v);
    weights_free(&ev.w);
    struct train_set first = {0}, first_held = {0}, second = {0}, second_held = {0};
    edge_rule_set(&v, &ev, 1.0, &first, &first_held);
    edge_rule_set(&v, &ev, 0.0, &second, &second_held);
    struct train_params p = {.lr = 2.0, .l2 = 1e-4, .batch = 64};
    struct trainer t;
    assert_true(trainer_init(&t, &ev, &p));
    uint64_t seed = 7;
    trainer_epoch(&t, &first, &seed);
    assert_true(trainer_weights(&t, v.name, &ev.w));
    trainer_free(&t);
    double start_loss = 0, moved[2] = {0}, loss[2] = {0};
    for (int anchor = 0; anchor <= 1; anchor++) {
        struct train_params again = {.lr = 2.0, .l2 = 0.05, .batch = 64, .anchor = anchor};
        assert_true(trainer_init(&t, &ev, &again));
        start_loss = trainer_loss(&t, &second_held);
        seed = 9;
        trainer_epoch(&t, &second, &seed);
        moved[anchor] = tables_moved(&t, &ev.w);
        loss[anchor] = trainer_loss(&t, &second_held);
        trainer_free(&t);
    }
    if (!(moved[1] < moved[0] * 0.8))
        fail_msg("the tables moved %.3f centi-men with the anchor, %.3f without", moved[1],
                 moved[0]);
    if (!(loss[0] < start_loss * 0.9 && loss[1] < start_loss * 0.9))
        fail_msg("new set's held-out loss %.5f at the start, %.5f and %.5f after", start_loss,
                 loss[0], loss[1]);
    train_set_free(&first);
    train_set_free(&first_held);
    train_set_free(&second);
    train_set_free(&second_held);
    eval_free(&ev);
}

/* Where the side to move decides part of the outcome (a man on the left
 * wing is worth a man to the side to move only), tables split by the side
 * to move fit the outcome better than one table a window. */
static void test_trainer_learns_side_to_move(void **state)
{
    (void)state;
    struct dr_variant v;
    assert_true(dr_variant_builtin("russian", &v, NULL));
    struct evaluator ev;
    eval_init(&ev, &v);
    weights_free(&ev.w);
    struct train_set train = {0}, held = {0};
    for (int i = 0; i < 24000; i++) {
        struct dr_position pos;
        random_position(&v, &pos, 8 + (int)(rnd() % 12));
        pos.kings = 0;
        for (int s = 0; s < 2; s++)
            pos.pieces[s] &= ~v.promo_row[s];
        double edge = 0;
        for (int sq = 0; sq < DR_MAX_SQUARES; sq++)
            if (v.sq_file[sq] >= 0 && v.sq_file[sq] <= 1)
                edge += (pos.pieces[pos.side] >> sq) & 1;
        double diff = bits_count(pos.pieces[DR_WHITE]) - bits_count(pos.pieces[DR_BLACK]);
        double white_edge = pos.side == DR_WHITE ? edge : -edge;
        float target = (float)(1 / (1 + exp(-(diff + white_edge))));
        assert_true(train_set_add(i % 8 ? &train : &held, &ev, &pos, target));
    }
    double loss[3] = {0};
    for (int sets = 1; sets <= 2; sets++) {
        struct train_params p = {.lr = 2.0, .l2 = 1e-4, .batch = 64, .sets = sets};
        struct trainer t;
        assert_true(trainer_init(&t, &ev, &p));
        assert_int_equal(t.sets, sets);
        uint64_t seed = 7;
        for (int e = 0; e < 4; e++)
            trainer_epoch(&t, &train, &seed);
        loss[sets] = trainer_loss(&t, &held);
        trainer_free(&t);
    }
    if (!(loss[2] < loss[1] - 0.01))
        fail_msg("held-out loss %.5f with one set, %.5f with two", loss[1], loss[2]);
    train_set_free(&train);
    train_set_free(&held);
    eval_free(&ev);
}

/* The king terms (eval.h), counted by hand on a position: White's king on
 * 28 is blocked by 22 towards 17 and reaches 13 squares along the other
 * three diagonals, of which 32 and 33 are denied (the man on 38 would take
 * a king there, landing on 27 or 29).  The colour-flipped position counts
 * the same for Black, and a king's square is read in its own side's view
 * (Black's king on 23 is White's on 28). */
static void test_king_terms_counted(void **state)
{
    (void)state;
    struct dr_variant v;
    assert_true(dr_variant_builtin("international", &v, NULL));
    struct evaluator ev;
    eval_init(&ev, &v);
    eval_set_king_terms(&ev, true);
    struct dr_position pos, flipped;
    struct dr_error err;
    assert_true(dr_fen_parse(&v, "W:WK28:B22,38", &pos, &err));
    assert_true(dr_fen_parse(&v, "B:BK23:W29,13", &flipped, &err));
    int g[EVAL_NGLOBAL], h[EVAL_NGLOBAL];
    eval_globals(&ev, &pos, g);
    eval_globals(&ev, &flipped, h);
    assert_int_equal(g[EG_KING_SAFE], 11);
    assert_int_equal(g[EG_KING_DENIED], 2);
    int sq28 = v.number_sq[28], sq23 = v.number_sq[23];
    assert_int_equal(g[EG_KING_SQUARE + sq28], 1);
    for (int i = 0; i < EVAL_NGLOBAL; i++)
        if (g[i] != -h[i])
            fail_msg("global term %d: %d, flipped %d", i, g[i], h[i]);
    assert_int_equal(ev.own_square[DR_BLACK][sq23], sq28);
    /* without the king terms they stay zero, and the phase is the men left */
    eval_set_king_terms(&ev, false);
    eval_globals(&ev, &pos, g);
    for (int i = EG_KING_SAFE; i < EVAL_NGLOBAL; i++)
        assert_int_equal(g[i], 0);
    assert_int_equal(eval_phase(&ev, &pos), 2);
    eval_free(&ev);
}

/* What the trainer fits is what the search computes: for positions with
 * and without kings, on every kind of board, the trainer's prediction from
 * eval_globals and the windows equals the engine's score (before the
 * drawish divisor) up to the rounding of the integer blend. */
static void test_trainer_predicts_engine_score(void **state)
{
    (void)state;
    static const char *const boards[] = {"international", "english", "turkish"};
    for (size_t b = 0; b < sizeof boards / sizeof *boards; b++) {
        struct dr_variant v;
        assert_true(dr_variant_builtin(boards[b], &v, NULL));
        struct evaluator ev;
        eval_init(&ev, &v);
        load_random_weights(&v, &ev, 2, true);
        assert_true(ev.king_terms);
        struct trainer t;
        struct train_params p = {.lr = 1, .batch = 1};
        assert_true(trainer_init(&t, &ev, &p));
        int with_kings = 0;
        for (int i = 0; i < 2000; i++) {
            struct dr_position pos;
            random_position(&v, &pos, 2 + (int)(rnd() % (unsigned)(v.nsquares / 2)));
            struct train_set set = {0};
            assert_true(train_set_add(&set, &ev, &pos, 0.5f));
            double want = trainer_predict(&t, &set.s[0]);
            train_set_free(&set);
            int score = eval_position(&ev, &pos);
            score = pos.side == DR_WHITE ? score : -score;
            int divisor = eval_drawish(&ev, &pos) ? 16 : 1;
            if (fabs(want) >= DR_SCORE_KNOWN_WIN / 2)
                continue;
            if (fabs(want / divisor - score) > 1.5)
                fail_msg("%s: the engine scores %d, the trainer %.2f / %d", boards[b], score,
                         want, divisor);
            with_kings += pos.kings != 0;
        }
        assert_true(with_kings > 500);
        trainer_free(&t);
        eval_free(&ev);
    }
}

/* With the king terms the two sets are blended by the rows the men have
 * to go: all of them at the start, fewer after a man's move, and a king
 * counts none. */
static void test_rows_phase(void **state)
{
    (void)state;
    struct dr_variant v;
    assert_true(dr_variant_builtin("international", &v, NULL));
    struct evaluator ev;
    eval_init(&ev, &v);
    eval_set_king_terms(&ev, true);
    assert_int_equal(eval_phase_full(&ev), 2 * 5 * (6 + 7 + 8 + 9));
    struct dr_position pos;
    dr_position_start(&v, &pos);
    assert_int_equal(eval_phase(&ev, &pos), eval_phase_full(&ev));
    struct dr_error err;
    assert_true(dr_fen_parse(&v, "W:W28,K30:B3", &pos, &err));
    /* 28 is on the sixth row from the top: five rows to go; 3 is on Black's
     * first row: nine */
    assert_int_equal(eval_phase(&ev, &pos), 5 + 9);
    eval_free(&ev);
}

/* Random weights with the king terms keep the exact colour symmetry with
 * kings on the board, on every kind of board, and the king terms move the
 * score. */
static void test_king_terms_flip_negates(void **state)
{
    (void)state;
    static const char *const boards[] = {"international", "english", "italian", "turkish",
                                         "armenian"};
    for (size_t b = 0; b < sizeof boards / sizeof *boards; b++) {
        struct dr_variant v;
        assert_true(dr_variant_builtin(boards[b], &v, NULL));
        struct evaluator ev;
        eval_init(&ev, &v);
        load_random_weights(&v, &ev, 1, false);
        assert_true(ev.king_terms);
        int kings_matter = 0;
        for (int i = 0; i < 2000; i++) {
            struct dr_position pos, flipped;
            random_position(&v, &pos, 2 + (int)(rnd() % (unsigned)(v.nsquares / 2)));
            flip(&v, &pos, &flipped);
            int a = eval_position(&ev, &pos), f = eval_position(&ev, &flipped);
            if (a != f)
                fail_msg("%s: %d and %d for a position and its flip", boards[b], a, f);
            eval_set_king_terms(&ev, false);
            int g[EVAL_NGLOBAL];
            eval_globals(&ev, &pos, g);
            eval_set_king_terms(&ev, true);
            int h[EVAL_NGLOBAL];
            eval_globals(&ev, &pos, h);
            kings_matter += memcmp(g, h, sizeof g) != 0;
        }
        assert_true(kings_matter > 500);
        eval_free(&ev);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_flip_negates_every_variant),
        cmocka_unit_test(test_window_reading_portable),
        cmocka_unit_test(test_edge_strips_geometry),
        cmocka_unit_test(test_edge_tables_read),
        cmocka_unit_test(test_runaway_men_by_definition),
        cmocka_unit_test(test_builtin_weights_chosen),
        cmocka_unit_test(test_rules_file_falls_back),
        cmocka_unit_test(test_weights_damage_refused),
        cmocka_unit_test(test_trainer_reduces_loss),
        cmocka_unit_test(test_trainer_anchor_keeps_start),
        cmocka_unit_test(test_side_to_move_tables_flip_negates),
        cmocka_unit_test(test_trainer_learns_side_to_move),
        cmocka_unit_test(test_king_terms_counted),
        cmocka_unit_test(test_rows_phase),
        cmocka_unit_test(test_king_terms_flip_negates),
        cmocka_unit_test(test_trainer_predicts_engine_score),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
