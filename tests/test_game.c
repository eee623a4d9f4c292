/* The game and its loop, without a terminal: whole games of every variant,
 * undo/redo, every draw rule and every result reason. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "draughts/engine_worker.h"
#include "draughts/fen.h"
#include "draughts/game_pdn.h"
#include "draughts/monotonic.h"
#include "draughts/loop.h"
#include "draughts/movegen.h"
#include "draughts/notation.h"
#include "draughts/players.h"

static struct dr_game *new_game(const char *variant, const char *rules_text, const char *fen,
                                struct dr_variant *v)
{
    struct dr_error err;
    bool ok = rules_text ? dr_variant_parse(rules_text, "test.rules", v, &err)
                         : dr_variant_builtin(variant, v, &err);
    if (!ok)
        fail_msg("%s", err.msg);
    struct dr_position pos;
    if (fen && !dr_fen_parse(v, fen, &pos, &err))
        fail_msg("%s", err.msg);
    struct dr_game *g = dr_game_new(v, fen ? &pos : NULL);
    assert_non_null(g);
    return g;
}

/* A loop over g with these two players. */
static struct dr_loop *loop_with(struct dr_game *g, const struct dr_player *white,
                                 const struct dr_player *black)
{
    struct dr_loop *loop = dr_loop_new(g);
    assert_non_null(loop);
    dr_loop_set_player(loop, DR_WHITE, white);
    dr_loop_set_player(loop, DR_BLACK, black);
    return loop;
}

/* Plays texts on g directly (not through the loop). */
static void play_all(struct dr_game *g, const char *const *moves)
{
    for (int i = 0; moves[i]; i++) {
        struct dr_move m;
        struct dr_error err;
        if (!dr_move_parse(dr_game_variant(g), dr_game_position(g), moves[i], &m, &err))
            fail_msg("move %d '%s': %s", i, moves[i], err.msg);
        if (!dr_game_play(g, &m, &err))
            fail_msg("move %d '%s': %s", i, moves[i], err.msg);
    }
}

/* Random games of every variant to the end, through the loop. */
static void test_random_games_every_variant(void **state)
{
    (void)state;
    const char *const *names = dr_variant_builtin_names();
    for (int i = 0; names[i]; i++) {
        struct dr_variant v;
        for (uint64_t seed = 1; seed <= 6; seed++) {
            struct dr_game *g = new_game(names[i], NULL, NULL, &v);
            struct dr_loop *loop = dr_loop_new(g);
            struct dr_random_player rw = {seed}, rb = {seed * 7919};
            struct dr_player pw = dr_random_player(&rw, "w"), pb = dr_random_player(&rb, "b");
            dr_loop_set_player(loop, DR_WHITE, &pw);
            dr_loop_set_player(loop, DR_BLACK, &pb);
            /* German has no move counter: random play ends by repetition,
             * or by a result within a few thousand plies */
            assert_false(dr_loop_run(loop));
            assert_true(dr_game_over(g));
            enum dr_reason why = dr_game_reason(g);
            if (why == DR_REASON_NO_MOVES) {
                struct dr_movelist l;
                assert_int_equal(dr_gen_moves(&v, dr_game_position(g), &l), 0);
                assert_int_equal(dr_game_result(g), dr_game_position(g)->side == DR_WHITE
                                                        ? DR_BLACK_WINS
                                                        : DR_WHITE_WINS);
            } else {
                assert_int_equal(dr_game_result(g), DR_DRAW);
            }
            /* replaying the moves from the start gives the same position */
            struct dr_position p = *dr_game_start(g);
            for (int k = 0; k < dr_game_ply(g); k++)
                dr_make(&v, &p, dr_game_move(g, k));
            assert_true(dr_position_equal(&p, dr_game_position(g)));
            dr_loop_free(loop);
            dr_game_free(g);
        }
    }
}

static void test_undo_redo(void **state)
{
    (void)state;
    struct dr_variant v;
    struct dr_game *g = new_game("international", NULL, NULL, &v);
    const char *moves[] = {"32-28", "19-23", "28x19", "14x23", NULL};
    play_all(g, moves);
    struct dr_position after4 = *dr_game_position(g);
    assert_int_equal(dr_game_ply(g), 4);
    assert_true(dr_game_undo(g));
    assert_true(dr_game_undo(g));
    assert_int_equal(dr_game_ply(g), 2);
    assert_int_equal(dr_game_redo_count(g), 2);
    assert_true(dr_game_redo(g));
    assert_true(dr_game_redo(g));
    assert_false(dr_game_redo(g));
    assert_true(dr_position_equal(&after4, dr_game_position(g)));
    /* a new move after undo drops the redo list */
    assert_true(dr_game_undo(g));
    const char *other[] = {"13x24", NULL};
    (void)other;
    struct dr_movelist l;
    dr_game_legal(g, &l);
    struct dr_error err;
    assert_true(dr_game_play(g, &l.moves[0], &err));
    assert_int_equal(dr_game_redo_count(g), 0);
    while (dr_game_undo(g))
        ;
    assert_int_equal(dr_game_ply(g), 0);
    assert_true(dr_position_equal(dr_game_position(g), dr_game_start(g)));
    dr_game_free(g);
}

static void test_illegal_move_refused(void **state)
{
    (void)state;
    struct dr_variant v;
    struct dr_game *g = new_game("international", NULL, NULL, &v);
    struct dr_move m = {0, 0, 0, 0};
    struct dr_error err;
    assert_false(dr_game_play(g, &m, &err));
    assert_int_equal(dr_game_ply(g), 0);
    dr_game_free(g);
}

/* Kings walking to and fro: the third occurrence is a draw. */
static void test_threefold_repetition(void **state)
{
    (void)state;
    struct dr_variant v;
    /* c1 (47) and h10 (4) share no line */
    struct dr_game *g = new_game("killer", NULL, "W:WK47:BK4", &v);
    const char *moves[] = {"47-42", "4-10", "42-47", "10-4", "47-42", "4-10", "42-47", NULL};
    play_all(g, moves);
    assert_false(dr_game_over(g));
    struct dr_move m;
    struct dr_error err;
    assert_true(dr_move_parse(&v, dr_game_position(g), "10-4", &m, &err));
    assert_true(dr_game_play(g, &m, &err));
    assert_int_equal(dr_game_result(g), DR_DRAW);
    assert_int_equal(dr_game_reason(g), DR_REASON_REPETITION);
    /* undo takes the draw back */
    assert_true(dr_game_undo(g));
    assert_false(dr_game_over(g));
    dr_game_free(g);
}

/* Turkish and Armenian men step sideways: a position repeated after such
 * steps is a repetition (a man's step forward or a capture would end the
 * stretch), while the kings-only counter still restarts at every man move. */
static void test_sideways_repetition(void **state)
{
    (void)state;
    const char *variants[] = {"turkish", "armenian"};
    for (int i = 0; i < 2; i++) {
        struct dr_variant v;
        struct dr_game *g = new_game(variants[i], NULL, "W:Wa3:Bh6", &v);
        const char *moves[] = {"a3-b3", "h6-g6", "b3-a3", "g6-h6", "a3-b3", "h6-g6", "b3-a3", NULL};
        play_all(g, moves);
        assert_false(dr_game_over(g));
        assert_int_equal(dr_game_counters(g).kings_only, 0);
        assert_int_equal(dr_game_counters(g).reversible, 7);
        struct dr_move m;
        struct dr_error err;
        assert_true(dr_move_parse(&v, dr_game_position(g), "g6-h6", &m, &err));
        assert_true(dr_game_play(g, &m, &err));
        assert_int_equal(dr_game_result(g), DR_DRAW);
        assert_int_equal(dr_game_reason(g), DR_REASON_REPETITION);
        dr_game_free(g);
        /* a step forward cannot be undone: the count starts again */
        g = new_game(variants[i], NULL, "W:Wa3:Bh6", &v);
        const char *forward[] = {"a3-b3", "h6-g6", "b3-b4", NULL};
        play_all(g, forward);
        assert_int_equal(dr_game_counters(g).reversible, 0);
        dr_game_free(g);
    }
    /* a user's variant whose men step backward repeats likewise */
    struct dr_variant v;
    struct dr_game *g = new_game(NULL, "base = killer\nman_move_dirs = diagonal\n", "W:W46:B5", &v);
    const char *back[] = {"46-41", "5-10", "41-46", "10-5", "46-41", "5-10", "41-46", "10-5", NULL};
    play_all(g, back);
    assert_int_equal(dr_game_reason(g), DR_REASON_REPETITION);
    dr_game_free(g);
}

/* The king-move counter: a small limit from a user's rules file. */
static void test_kings_only_counter(void **state)
{
    (void)state;
    struct dr_variant v;
    struct dr_game *g = new_game(NULL, "base = killer\ndraw_kings_only_plies = 4\n",
                                 "W:WK47,45:BK4", &v);
    const char *moves[] = {"47-42", "4-10", NULL};
    play_all(g, moves);
    assert_int_equal(dr_game_counters(g).kings_only, 2);
    const char *man[] = {"45-40", NULL}; /* a man move resets it */
    play_all(g, man);
    assert_int_equal(dr_game_counters(g).kings_only, 0);
    const char *three[] = {"10-4", "42-47", "4-10", NULL};
    play_all(g, three);
    assert_false(dr_game_over(g));
    const char *four[] = {"47-42", NULL};
    play_all(g, four);
    assert_int_equal(dr_game_result(g), DR_DRAW);
    assert_int_equal(dr_game_reason(g), DR_REASON_KINGS_ONLY);
    dr_game_free(g);
}

/* International: lone king against two with a king, 5 moves each. */
static void test_endgame_counter_lone_king(void **state)
{
    (void)state;
    struct dr_variant v;
    /* c1, g1 against h10: the count runs from the set-up position */
    struct dr_game *g = new_game("international", NULL, "W:WK47,K49:BK4", &v);
    assert_int_equal(dr_game_counters(g).endgame_rule, 10);
    const char *moves[] = {"47-42", "4-10", "49-44", "10-4", "42-37",
                           "4-9", "44-40", "9-4", "37-41", NULL};
    play_all(g, moves);
    assert_false(dr_game_over(g));
    assert_int_equal(dr_game_counters(g).endgame, 9);
    const char *last[] = {"4-9", NULL};
    play_all(g, last);
    assert_int_equal(dr_game_result(g), DR_DRAW);
    assert_int_equal(dr_game_reason(g), DR_REASON_ENDGAME_RULE);
    dr_game_free(g);
}

/* A capture that turns 1K vs 3 into 1K vs 2 starts the short count afresh
 * but never past the running long count. */
static void test_endgame_counter_switch(void **state)
{
    (void)state;
    struct dr_variant v;
    struct dr_game *g = new_game("international", NULL, "W:WK47,K49,45:BK4", &v);
    assert_int_equal(dr_game_counters(g).endgame_rule, 32);
    const char *moves[] = {"47-42", "4-10", NULL};
    play_all(g, moves);
    assert_int_equal(dr_game_counters(g).endgame_rule, 32);
    assert_int_equal(dr_game_counters(g).endgame, 2);
    dr_game_free(g);
    /* a capture that leaves lone king vs two starts the shorter count afresh
     * but never past the running one: with limits 6 (vs 3) and 10 (vs 2),
     * one ply into the first count the second gets 6 - 1 = 5 plies */
    g = new_game(NULL, "base = international\ndraw_1k_vs_3_plies = 6\ndraw_1k_vs_2_plies = 10\n",
                 "W:WK47,K49,40:BK7", &v);
    assert_int_equal(dr_game_counters(g).endgame_rule, 6);
    const char *cap[] = {"47-42", "7x45", NULL}; /* the king on c9 takes i3, lands j2 */
    play_all(g, cap);
    assert_int_equal(dr_game_counters(g).endgame_rule, 5);
    assert_int_equal(dr_game_counters(g).endgame, 0);
    /* and the cut count runs down like any other (it once stood still: each
     * quiet move saw a limit of 10 where 5 ran and counted afresh) */
    const char *quiet[] = {"42-37", "45-50", "49-43", "50-45", NULL};
    play_all(g, quiet);
    assert_int_equal(dr_game_counters(g).endgame_rule, 5);
    assert_int_equal(dr_game_counters(g).endgame, 4);
    assert_false(dr_game_over(g));
    const char *fifth[] = {"37-31", NULL};
    play_all(g, fifth);
    assert_int_equal(dr_game_reason(g), DR_REASON_ENDGAME_RULE);
    dr_game_free(g);
    /* killer has no material counters by default */
    g = new_game("killer", NULL, "W:WK47,K49:BK4", &v);
    const char *k[] = {"47-42", "4-10", NULL};
    play_all(g, k);
    assert_int_equal(dr_game_counters(g).endgame_rule, 0);
    dr_game_free(g);
}

/* Pool: three kings against one. */
static void test_three_kings_counter(void **state)
{
    (void)state;
    struct dr_variant v;
    struct dr_game *g = new_game(NULL, "base = pool\ndraw_3k_vs_1k_plies = 2\n",
                                 "W:WK30,K31,K32:BK4", &v);
    const char *moves[] = {"30-26", "4-8", NULL};
    play_all(g, moves);
    assert_int_equal(dr_game_reason(g), DR_REASON_ENDGAME_RULE);
    dr_game_free(g);
}

static void test_no_moves_loses(void **state)
{
    (void)state;
    struct dr_variant v;
    struct dr_game *g = new_game("international", NULL, "W:W28:B23", &v);
    const char *moves[] = {"28x19", NULL};
    play_all(g, moves);
    assert_int_equal(dr_game_result(g), DR_WHITE_WINS);
    assert_int_equal(dr_game_reason(g), DR_REASON_NO_MOVES);
    char buf[128];
    dr_game_result_sentence(g, buf, sizeof buf);
    assert_string_equal(buf, "White wins: Black has no legal move");
    dr_game_free(g);
    /* blocked, not captured: a man that cannot move */
    g = new_game("brazilian", NULL, "W:Wh2:Bg3,f4", &v);
    assert_int_equal(dr_game_result(g), DR_BLACK_WINS);
    dr_game_free(g);
}

/* Resignation, agreement, a declined offer and a quit, through the loop. */
static void test_decisions_through_loop(void **state)
{
    (void)state;
    struct dr_variant v;
    struct dr_game *g = new_game("brazilian", NULL, NULL, &v);
    const char *white[] = {"c3-d4", "draw", "resign", NULL};
    const char *black[] = {"f6-g5", NULL};
    struct dr_script_player sw = {white, 0, false, 0}, sb = {black, 0, false, 0};
    struct dr_player pw = dr_script_player(&sw, "w"), pb = dr_script_player(&sb, "b");
    struct dr_loop *loop = loop_with(g, &pw, &pb);
    char out[4096] = "";
    FILE *f = fmemopen(out, sizeof out, "w");
    struct dr_text_view tv = {f, false};
    struct dr_view view = dr_text_view(&tv);
    dr_loop_add_view(loop, &view);
    assert_true(dr_loop_run(loop)); /* black's script ends: it quits */
    fclose(f);
    assert_int_equal(dr_game_result(g), DR_BLACK_WINS);
    assert_int_equal(dr_game_reason(g), DR_REASON_RESIGNATION);
    assert_non_null(strstr(out, "draw declined"));
    assert_non_null(strstr(out, "Black wins: White resigned"));
    dr_loop_free(loop);
    dr_game_free(g);

    g = new_game("brazilian", NULL, NULL, &v);
    const char *w2[] = {"draw", NULL};
    struct dr_script_player s2 = {w2, 0, false, 0}, s3 = {black, 0, true, 0};
    pw = dr_script_player(&s2, "w");
    pb = dr_script_player(&s3, "b");
    loop = loop_with(g, &pw, &pb);
    dr_loop_run(loop);
    assert_int_equal(dr_game_reason(g), DR_REASON_AGREEMENT);
    dr_loop_free(loop);
    dr_game_free(g);

    g = new_game("brazilian", NULL, NULL, &v);
    dr_game_flag(g, DR_WHITE);
    assert_int_equal(dr_game_result(g), DR_BLACK_WINS);
    assert_int_equal(dr_game_reason(g), DR_REASON_TIME);
    dr_game_free(g);

    /* an arbiter ends a game without end (German has no move counter) */
    g = new_game("german", NULL, NULL, &v);
    dr_game_adjudicate(g, DR_DRAW);
    assert_int_equal(dr_game_result(g), DR_DRAW);
    assert_int_equal(dr_game_reason(g), DR_REASON_ADJUDICATION);
    char why[128];
    dr_game_result_sentence(g, why, sizeof why);
    assert_string_equal(why, "Draw: adjudicated after 0 plies");
    dr_game_free(g);
}

/* Undo against the computer takes back the engine's answer too. */
static void test_undo_against_engine(void **state)
{
    (void)state;
    struct dr_variant v;
    struct dr_game *g = new_game("international", NULL, NULL, &v);
    const char *white[] = {"32-28", "undo", "redo", "quit", NULL};
    struct dr_script_player sw = {white, 0, false, 0};
    struct dr_player pw = dr_script_player(&sw, "human");
    struct dr_engine_player *ep = dr_engine_player_new(&v, 8);
    struct dr_limits l = {0};
    l.depth = 2;
    dr_engine_player_set_limits(ep, &l);
    struct dr_player pb = dr_engine_player_as_player(ep, "engine");
    struct dr_loop *loop = loop_with(g, &pw, &pb);
    char out[4096] = "";
    FILE *f = fmemopen(out, sizeof out, "w");
    struct dr_text_view tv = {f, false};
    struct dr_view view = dr_text_view(&tv);
    dr_loop_add_view(loop, &view);
    assert_true(dr_loop_run(loop));
    fclose(f);
    assert_non_null(strstr(out, "undo: back to ply 0"));
    assert_non_null(strstr(out, "redo: on to ply 2"));
    assert_int_equal(dr_game_ply(g), 2);
    dr_loop_free(loop);
    dr_engine_player_free(ep);
    dr_game_free(g);
}

/* The other side of the ponder test: it plays the reply the engine expects,
 * then one it does not, then quits, noting each time whether the engine was
 * thinking on its time. */
struct ponder_probe {
    struct dr_engine_player *ep;
    int turn;
    bool pondering[3];
    int hits_played; /* expected replies played (a forced capture may be one) */
};

static struct dr_action probe_act(void *ctx, struct dr_loop *loop)
{
    struct ponder_probe *pp = ctx;
    struct dr_action a = {DR_ACT_QUIT, {0, 0, 0, 0}, 0};
    struct dr_move expected;
    bool has = dr_engine_player_expected(pp->ep, &expected);
    pp->pondering[pp->turn] = has;
    if (pp->turn++ >= 2)
        return a;
    struct dr_movelist legal;
    dr_game_legal(dr_loop_game(loop), &legal);
    a.kind = DR_ACT_MOVE;
    a.move = legal.moves[0];
    for (int i = 0; i < legal.count; i++)
        if (has && (pp->turn == 1) == dr_move_same(&legal.moves[i], &expected))
            a.move = legal.moves[i];
    pp->hits_played += has && dr_move_same(&a.move, &expected);
    return a;
}

/* Pondering (issue 14): after its move the engine thinks on the reply it
 * expects; that reply is a hit (the search goes on, on the clock), another
 * stops it and the engine searches afresh; either way it answers a legal
 * move in its time.  Off by default. */
static void test_engine_ponders_on_the_expected_reply(void **state)
{
    (void)state;
    struct dr_variant v;
    struct dr_game *g = new_game("international", NULL, NULL, &v);
    struct dr_engine_player *ep = dr_engine_player_new(&v, 8);
    dr_engine_player_set_book(ep, false, NULL, 0); /* a search, not a book move, ponders */
    struct dr_limits l = {0};
    l.movetime_ms = 150;
    dr_engine_player_set_limits(ep, &l);
    struct dr_player pw = dr_engine_player_as_player(ep, "engine");
    struct ponder_probe pp = {ep, 0, {false, false, false}, 0};
    struct dr_player pb = {"probe", false, false, &pp, probe_act, NULL};
    struct dr_loop *loop = loop_with(g, &pw, &pb);
    assert_true(dr_loop_run(loop));
    assert_false(pp.pondering[0]); /* off by default */
    assert_int_equal(dr_game_ply(g), 5);
    dr_loop_free(loop);
    dr_game_free(g);

    g = new_game("international", NULL, NULL, &v);
    dr_engine_player_set_ponder(ep, true);
    pp = (struct ponder_probe){ep, 0, {false, false, false}, 0};
    loop = loop_with(g, &pw, &pb);
    assert_true(dr_loop_run(loop));
    assert_true(pp.pondering[0]);
    assert_true(pp.pondering[1]);
    /* the first reply is the expected one; the second is not, unless it
     * was the only legal move (a forced capture) */
    assert_true(pp.hits_played == 1 || pp.hits_played == 2);
    assert_int_equal(dr_engine_player_ponder_hits(ep), pp.hits_played);
    assert_int_equal(dr_game_ply(g), 5); /* the engine answered the miss too */
    assert_true(dr_engine_player_pondering(ep)); /* on the probe's last turn */
    dr_loop_free(loop);
    dr_engine_player_free(ep); /* stops it */
    dr_game_free(g);
}

/* ---- the engine worker (engine_worker.h): one start, stop and join for
 * the computer player and the board's hint, analysis and score pass ---- */

struct worker_probe {
    struct dr_engine_worker *w;
    struct dr_engine *e;
    struct dr_position pos;
    struct dr_game_context ctx;
    int ms;          /* each search's time */
    int times;       /* searches in a row */
    bool ask;        /* and between them, end when asked to quit */
    int searches;
    bool found;
    struct dr_move best;
};

static void probe_search(void *arg)
{
    struct worker_probe *p = arg;
    for (int i = 0; i < p->times && !(p->ask && dr_engine_worker_quitting(p->w)); i++) {
        struct dr_limits l = {0};
        l.movetime_ms = p->ms;
        struct dr_search_info info;
        p->found = dr_engine_search(p->e, &p->pos, &p->ctx, &l, NULL, NULL, &p->best, &info);
        p->searches++;
    }
}

/* The time dr_engine_worker_stop takes on a worker of probe p started
 * `after` ms before. */
static int64_t stop_after(struct worker_probe *p, int after)
{
    assert_true(dr_engine_worker_start(p->w, p->e, probe_search, p));
    struct timespec pause = {0, (long)after * 1000000L};
    nanosleep(&pause, NULL);
    int64_t t0 = dr_monotonic_ms();
    dr_engine_worker_stop(p->w);
    int64_t took = dr_monotonic_ms() - t0;
    assert_false(dr_engine_worker_running(p->w));
    return took;
}

static void test_engine_worker_start_stop_join(void **state)
{
    (void)state;
    struct dr_variant v;
    struct dr_game *g = new_game("international", NULL, NULL, &v);
    struct dr_engine *e = dr_engine_new(&v, 1);
    assert_non_null(e);
    struct dr_engine_worker w = {0};
    struct worker_probe p = {&w, e, *dr_game_position(g), {0}, 20000, 1, false, 0, false, {0}};
    dr_game_engine_context(g, &p.ctx);
    /* a stop at once, likely before the search begins, is not lost */
    assert_true(stop_after(&p, 0) < 2000);
    assert_int_equal(p.searches, 1);
    /* a stop in the middle of a search ends it, with a move */
    assert_true(stop_after(&p, 100) < 2000);
    assert_true(p.found);
    /* fn searching again and again: asking between searches, it ends at
     * the first; not asking, each search that follows is stopped too (one
     * stop would be forgotten by the next search, which would run 20 s) */
    p.times = 4;
    p.ask = true;
    p.searches = 0;
    assert_true(stop_after(&p, 100) < 2000);
    assert_int_equal(p.searches, 1);
    p.ask = false;
    p.searches = 0;
    assert_true(stop_after(&p, 100) < 2000);
    assert_int_equal(p.searches, 4);
    /* join waits for fn to end by itself */
    p.times = 1;
    p.ms = 50;
    p.searches = 0;
    p.found = false;
    assert_true(dr_engine_worker_start(&w, e, probe_search, &p));
    dr_engine_worker_join(&w);
    assert_false(dr_engine_worker_running(&w));
    assert_int_equal(p.searches, 1);
    assert_true(p.found);
    assert_false(dr_engine_worker_quitting(&w));
    dr_engine_worker_stop(&w); /* nothing runs: nothing to do */
    dr_engine_free(e);
    dr_game_free(g);
}

/* The result of White (a script) offering a draw to the engine at once. */
static enum dr_result offer_draw_to_engine(const char *fen)
{
    struct dr_variant v;
    struct dr_game *g = new_game("international", NULL, fen, &v);
    const char *white[] = {"draw", "quit", NULL};
    struct dr_script_player sw = {white, 0, false, 0};
    struct dr_player pw = dr_script_player(&sw, "human");
    struct dr_engine_player *ep = dr_engine_player_new(&v, 8);
    struct dr_player pb = dr_engine_player_as_player(ep, "engine");
    struct dr_loop *loop = loop_with(g, &pw, &pb);
    dr_loop_run(loop);
    enum dr_result r = dr_game_over(g) ? dr_game_result(g) : DR_ONGOING;
    dr_loop_free(loop);
    dr_engine_player_free(ep);
    dr_game_free(g);
    return r;
}

/* The engine agrees to a draw only when it stands worse or the endgame is
 * level: never in a level opening with all the play ahead (issue 18). */
static void test_engine_accepts_draw_only_when_fair(void **state)
{
    (void)state;
    assert_int_equal(offer_draw_to_engine(NULL), DR_ONGOING);
    assert_int_equal(offer_draw_to_engine("W:W28,31,32,33,34,35,36,37,38,39:B1,2"), DR_DRAW);
    assert_int_equal(offer_draw_to_engine("W:WK47:BK3"), DR_DRAW);
    /* an endgame the engine wins: no */
    assert_int_equal(offer_draw_to_engine("W:W46:B1,2,3,4,5,6,7"), DR_ONGOING);
}

/* A whole engine-vs-engine game of three variants finishes with a result. */
/* The arbiter's cap adjudicates a draw once the game has its plies, and
 * not before. */
static void test_capped_player(void **state)
{
    (void)state;
    struct dr_variant v;
    struct dr_game *g = new_game("german", NULL, NULL, &v);
    struct dr_random_player rw = {7}, rb = {8};
    struct dr_capped_player cw = {dr_random_player(&rw, "w"), 10},
                            cb = {dr_random_player(&rb, "b"), 10};
    struct dr_player pw = dr_capped_player(&cw), pb = dr_capped_player(&cb);
    struct dr_loop *loop = loop_with(g, &pw, &pb);
    assert_false(dr_loop_run(loop));
    assert_int_equal(dr_game_ply(g), 10);
    assert_int_equal(dr_game_result(g), DR_DRAW);
    assert_int_equal(dr_game_reason(g), DR_REASON_ADJUDICATION);
    dr_loop_free(loop);
    dr_game_free(g);
}

/* A line of `plies` quiet king moves from the game's position, each to a
 * position not seen before and leaving the opponent no capture, checking
 * that the game is not over before its end (depth first, undoing dead
 * ends). */
static bool quiet_king_line(struct dr_game *g, const struct dr_variant *v, int plies)
{
    if (plies == 0)
        return true;
    if (dr_game_over(g))
        fail_msg("over %d plies early", plies);
    struct dr_movelist l;
    dr_game_legal(g, &l);
    for (int i = 0; i < l.count; i++) {
        struct dr_position next = *dr_game_position(g);
        if (l.moves[i].captures || !((next.kings >> l.moves[i].from) & 1))
            continue;
        dr_make(v, &next, &l.moves[i]);
        bool seen = false;
        for (int k = 0; k <= dr_game_ply(g); k++)
            seen |= dr_position_equal(dr_game_position_at(g, k), &next);
        if (seen || dr_has_capture(v, &next))
            continue;
        assert_true(dr_game_play(g, &l.moves[i], NULL));
        if (quiet_king_line(g, v, plies - 1))
            return true;
        assert_true(dr_game_undo(g));
    }
    return false;
}

/* From fen, `plies` quiet king moves end the game in a draw for `reason`,
 * and not one ply earlier: the line is found on a game, then played
 * through the game loop by two script players. */
static void play_out_counter(const char *variant, const char *fen, int plies,
                             enum dr_reason reason)
{
    struct dr_variant v;
    struct dr_game *g = new_game(variant, NULL, fen, &v);
    if (!quiet_king_line(g, &v, plies))
        fail_msg("%s %s: no line of %d quiet king moves", variant, fen, plies);
    /* the line as the players' scripts: each side's moves in turn */
    static char text[2][128][DR_MOVE_TEXT_LEN];
    const char *script[2][130];
    int n[2] = {0, 0};
    for (int i = 0; i < plies; i++) {
        const struct dr_position *before = dr_game_position_at(g, i);
        int side = before->side;
        dr_move_pdn(&v, before, dr_game_move(g, i), text[side][n[side]]);
        script[side][n[side]] = text[side][n[side]];
        n[side]++;
    }
    script[0][n[0]] = script[1][n[1]] = NULL;
    dr_game_free(g);

    g = new_game(variant, NULL, fen, &v);
    struct dr_script_player sw = {script[0], 0, false, 0}, sb = {script[1], 0, false, 0};
    struct dr_player pw = dr_script_player(&sw, "w"), pb = dr_script_player(&sb, "b");
    struct dr_loop *loop = loop_with(g, &pw, &pb);
    dr_loop_run(loop);
    if (dr_game_ply(g) != plies || !dr_game_over(g) || dr_game_result(g) != DR_DRAW ||
        dr_game_reason(g) != reason)
        fail_msg("%s %s: through the loop, %s after %d plies, not drawn by the counter after %d",
                 variant, fen, dr_game_over(g) ? "over" : "not over", dr_game_ply(g), plies);
    assert_int_equal(sw.errors + sb.errors, 0);
    dr_loop_free(loop);
    dr_game_free(g);
}

/* Killer 8x8 keeps Brazilian's draw rules: a lone king against three pieces
 * with a king is drawn after 10 moves each (20 plies), against two after 5
 * each (10); Brazilian the same. */
static void test_killer8_brazilian_material_counters(void **state)
{
    (void)state;
    const char *variants[] = {"killer8", "brazilian"};
    for (int i = 0; i < 2; i++) {
        play_out_counter(variants[i], "W:WKa1,Kc1,Ke1:BKf8", 20, DR_REASON_ENDGAME_RULE);
        play_out_counter(variants[i], "W:WKa1,Kc1:BKf8", 10, DR_REASON_ENDGAME_RULE);
        play_out_counter(variants[i], "W:WKe1,a3:BKf8", 10, DR_REASON_ENDGAME_RULE);
        /* one king against one: the short count too */
        play_out_counter(variants[i], "W:WKa1:BKf8", 10, DR_REASON_ENDGAME_RULE);
    }
}

/* Every move counter of every variant at its real value, from positions
 * where it alone runs (the rules files; issue 17): kings-only moves, and the
 * material counts (a lone king against three or two pieces with a king, three
 * kings against one). */
static void test_draw_counters_real_values(void **state)
{
    (void)state;
    static const struct {
        const char *variant, *fen;
        int plies;
        enum dr_reason reason;
    } cases[] = {
        {"brazilian", "W:WKa1,Kc1:BKf8,Kh8", 50, DR_REASON_KINGS_ONLY},
        {"killer8", "W:WKa1,Kc1:BKf8,Kh8", 50, DR_REASON_KINGS_ONLY},
        {"international", "W:WK46,K47:BK4,K5", 50, DR_REASON_KINGS_ONLY},
        {"international", "W:WK46,K47,K48:BK4", 32, DR_REASON_ENDGAME_RULE},
        {"international", "W:WK46,K47:BK4", 10, DR_REASON_ENDGAME_RULE},
        {"killer", "W:WK46,K47:BK4", 50, DR_REASON_KINGS_ONLY},
        {"killer", "W:WK46,K47,K48:BK4", 50, DR_REASON_KINGS_ONLY},
        {"pool", "W:WK29,K30:BK3,K4", 50, DR_REASON_KINGS_ONLY},
        {"pool", "W:WK29,K30,K31:BK3", 26, DR_REASON_ENDGAME_RULE},
        {"italian", "W:WK29,K30:BK3,K4", 80, DR_REASON_KINGS_ONLY},
        {"english", "W:WK29,K30:BK3,K4", 100, DR_REASON_KINGS_ONLY},
        {"russian", "W:WKa1,Kc1:BKf8,Kh8", 30, DR_REASON_KINGS_ONLY},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        play_out_counter(cases[i].variant, cases[i].fen, cases[i].plies, cases[i].reason);
}

/* German and Armenian: a position repeated for the third time draws, the
 * second time does not. */
static void test_threefold_repetition_german_armenian(void **state)
{
    (void)state;
    static const struct {
        const char *variant, *fen, *cycle[4];
    } cases[] = {
        {"german", "W:WKa1:BKg1", {"a1-b2", "g1-h2", "b2-a1", "h2-g1"}},
        {"armenian", "W:WKa1:BKh8", {"a1-a2", "h8-h7", "a2-a1", "h7-h8"}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct dr_variant v;
        struct dr_game *g = new_game(cases[i].variant, NULL, cases[i].fen, &v);
        for (int ply = 0; ply < 8; ply++) {
            if (dr_game_over(g))
                fail_msg("%s: over after %d plies (the start position twice)",
                         cases[i].variant, ply);
            struct dr_move m;
            struct dr_error err;
            if (!dr_move_parse(&v, dr_game_position(g), cases[i].cycle[ply % 4], &m, &err))
                fail_msg("%s: %s", cases[i].variant, err.msg);
            assert_true(dr_game_play(g, &m, NULL));
        }
        if (!dr_game_over(g) || dr_game_reason(g) != DR_REASON_REPETITION)
            fail_msg("%s: the third occurrence does not draw", cases[i].variant);
        dr_game_free(g);
    }
}

static void test_engine_games(void **state)
{
    (void)state;
    /* the variants with a move counter must end by their rules */
    const char *variants[] = {"killer8", "italian", "armenian"};
    const bool counted[] = {true, true, false};
    for (int i = 0; i < 3; i++) {
        struct dr_variant v;
        struct dr_game *g = new_game(variants[i], NULL, NULL, &v);
        struct dr_engine_player *a = dr_engine_player_new(&v, 8), *b = dr_engine_player_new(&v, 8);
        struct dr_limits l = {0};
        l.depth = 3;
        dr_engine_player_set_limits(a, &l);
        dr_engine_player_set_limits(b, &l);
        /* the same games every run: the book's choice is seeded by the clock */
        dr_engine_player_set_book(a, false, NULL, 0);
        dr_engine_player_set_book(b, false, NULL, 0);
        /* Armenian has no move counter: match's cap ends a game of shuffles */
        struct dr_capped_player ca = {dr_engine_player_as_player(a, "a"), 600},
                                cb = {dr_engine_player_as_player(b, "b"), 600};
        struct dr_player pa = dr_capped_player(&ca), pb = dr_capped_player(&cb);
        struct dr_loop *loop = loop_with(g, &pa, &pb);
        assert_false(dr_loop_run(loop));
        char buf[128];
        dr_game_result_sentence(g, buf, sizeof buf);
        printf("%s: %s after %d plies\n", variants[i], buf, dr_game_ply(g));
        assert_true(dr_game_over(g));
        if (counted[i])
            assert_int_not_equal(dr_game_reason(g), DR_REASON_ADJUDICATION);
        dr_loop_free(loop);
        dr_engine_player_free(a);
        dr_engine_player_free(b);
        dr_game_free(g);
    }
}

/* "New game" starts again from the position this game began from. */
static void test_new_game_keeps_setup(void **state)
{
    (void)state;
    struct dr_variant v;
    struct dr_game *g = new_game("killer", NULL, "W:WK47,45:BK4", &v);
    struct dr_position setup = *dr_game_position(g);
    const char *white[] = {"47-42", "new", "quit", NULL};
    const char *black[] = {"4-10", NULL};
    struct dr_script_player sw = {white, 0, false, 0}, sb = {black, 0, false, 0};
    struct dr_player pw = dr_script_player(&sw, "w"), pb = dr_script_player(&sb, "b");
    struct dr_loop *loop = loop_with(g, &pw, &pb);
    assert_true(dr_loop_run(loop));
    assert_int_equal(dr_game_ply(g), 0);
    assert_true(dr_position_equal(dr_game_position(g), &setup));
    dr_loop_free(loop);
    dr_game_free(g);
}

/* A view that resigns for Black at its first chance, while White thinks. */
static void resign_for_black(void *ctx, struct dr_loop *loop, int timeout_ms)
{
    (void)timeout_ms;
    int *posted = ctx;
    if (!*posted) {
        *posted = 1;
        dr_loop_post(loop, (struct dr_action){DR_ACT_RESIGN, {0, 0, 0, 0}, 1 + DR_BLACK});
    }
}

static void test_resign_while_engine_thinks(void **state)
{
    (void)state;
    struct dr_variant v;
    struct dr_game *g = new_game("international", NULL, NULL, &v);
    struct dr_engine_player *ep = dr_engine_player_new(&v, 8);
    dr_engine_player_set_book(ep, false, NULL, 0); /* it must think, not answer from its book */
    struct dr_limits l = {0};
    l.movetime_ms = 5000;
    dr_engine_player_set_limits(ep, &l);
    struct dr_player pw = dr_engine_player_as_player(ep, "engine");
    const char *black[] = {NULL};
    struct dr_script_player sb = {black, 0, false, 0};
    struct dr_player pb = dr_script_player(&sb, "person");
    struct dr_loop *loop = loop_with(g, &pw, &pb);
    int posted = 0;
    struct dr_view view = {&posted, NULL, resign_for_black};
    dr_loop_add_view(loop, &view);
    dr_loop_run(loop);
    assert_int_equal(dr_game_ply(g), 0); /* the engine's search was dropped */
    assert_int_equal(dr_game_result(g), DR_WHITE_WINS);
    assert_int_equal(dr_game_reason(g), DR_REASON_RESIGNATION);
    dr_loop_free(loop);
    dr_engine_player_free(ep);
    dr_game_free(g);
}

/* A view that saves the game after every move, as the board's autosave. */
struct autosave {
    const char *path;
    int saves;
};

static void autosave_event(void *ctx, struct dr_loop *loop, enum dr_event ev, const void *data)
{
    (void)data;
    struct autosave *a = ctx;
    if (ev != DR_EV_MOVE && ev != DR_EV_UNDO && ev != DR_EV_OVER)
        return;
    struct dr_pdn_game *pg = dr_game_to_pdn(dr_loop_game(loop), "w", "b", "autosave");
    struct dr_error err;
    assert_non_null(pg);
    assert_true(dr_pdn_save(a->path, &pg, 1, false, &err));
    dr_pdn_game_free(pg);
    a->saves++;
}

static void test_autosave_and_resume(void **state)
{
    (void)state;
    char dir[] = "/tmp/draughts-test-XXXXXX", path[64];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/autosave.pdn", dir);
    struct dr_variant v;
    struct dr_game *g = new_game("italian", NULL, NULL, &v);
    const char *white[] = {"22-19", "24-20", "quit", NULL};
    const char *black[] = {"11-14", "undo", "10-14", NULL};
    struct dr_script_player sw = {white, 0, false, 0}, sb = {black, 0, false, 0};
    struct dr_player pw = dr_script_player(&sw, "w"), pb = dr_script_player(&sb, "b");
    struct dr_loop *loop = loop_with(g, &pw, &pb);
    struct autosave as = {path, 0};
    struct dr_view view = {&as, autosave_event, NULL};
    dr_loop_add_view(loop, &view);
    assert_true(dr_loop_run(loop));
    assert_true(as.saves >= 4);
    /* resume from the file: same position, same moves, and play goes on */
    struct dr_pdn_file f;
    memset(&f, 0, sizeof f);
    struct dr_pdn_options opt = {&v, 0};
    assert_true(dr_pdn_read_file(path, &opt, &f));
    assert_int_equal(f.errors, 0);
    assert_int_equal(f.n_games, 1);
    struct dr_error err;
    struct dr_game *back = dr_game_from_pdn(f.games[0], &err);
    assert_non_null(back);
    assert_int_equal(dr_game_ply(back), dr_game_ply(g));
    assert_true(dr_position_equal(dr_game_position(back), dr_game_position(g)));
    struct dr_movelist legal;
    assert_true(dr_game_legal(back, &legal) > 0);
    assert_true(dr_game_play(back, &legal.moves[0], &err));
    dr_game_free(back);
    dr_pdn_file_free(&f);
    remove(path);
    rmdir(dir);
    dr_loop_free(loop);
    dr_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_games_every_variant),
        cmocka_unit_test(test_undo_redo),
        cmocka_unit_test(test_illegal_move_refused),
        cmocka_unit_test(test_threefold_repetition),
        cmocka_unit_test(test_sideways_repetition),
        cmocka_unit_test(test_kings_only_counter),
        cmocka_unit_test(test_endgame_counter_lone_king),
        cmocka_unit_test(test_endgame_counter_switch),
        cmocka_unit_test(test_three_kings_counter),
        cmocka_unit_test(test_no_moves_loses),
        cmocka_unit_test(test_decisions_through_loop),
        cmocka_unit_test(test_undo_against_engine),
        cmocka_unit_test(test_engine_ponders_on_the_expected_reply),
        cmocka_unit_test(test_engine_worker_start_stop_join),
        cmocka_unit_test(test_engine_accepts_draw_only_when_fair),
        cmocka_unit_test(test_capped_player),
        cmocka_unit_test(test_engine_games),
        cmocka_unit_test(test_killer8_brazilian_material_counters),
        cmocka_unit_test(test_draw_counters_real_values),
        cmocka_unit_test(test_threefold_repetition_german_armenian),
        cmocka_unit_test(test_new_game_keeps_setup),
        cmocka_unit_test(test_resign_while_engine_thinks),
        cmocka_unit_test(test_autosave_and_resume),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
