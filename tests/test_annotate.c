/* The engine's study of a game: scores as text, marks, and annotated games
 * of three variants (two boards and the all-squares geometry). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "draughts/annotate.h"
#include "draughts/fen.h"
#include "draughts/movegen.h"
#include "draughts/notation.h"

#define WIN_IN_PLIES(p) (DR_SCORE_WIN - (p))

static void test_format_score(void **state)
{
    (void)state;
    char s[32];
    const struct {
        int score;
        const char *text;
    } cases[] = {
        {35, "0.35"},  {-120, "-1.20"}, {0, "0.00"}, {-5, "-0.05"}, {1234, "12.34"},
        {WIN_IN_PLIES(13), "#7"}, {-WIN_IN_PLIES(12), "#-6"}, {WIN_IN_PLIES(1), "#1"},
        {-DR_SCORE_WIN, "#-0"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        dr_annotate_format_score(cases[i].score, s, sizeof s);
        assert_string_equal(s, cases[i].text);
    }
}

static void test_parse_score(void **state)
{
    (void)state;
    int score = 0;
    assert_true(dr_annotate_parse_score("[%eval 0.35]", &score));
    assert_int_equal(score, 35);
    assert_true(dr_annotate_parse_score("good move [%eval -1.2] and more", &score));
    assert_int_equal(score, -120);
    assert_true(dr_annotate_parse_score("[%eval #7]", &score));
    assert_true(score >= DR_SCORE_KNOWN_WIN);
    assert_true(dr_annotate_parse_score("[%eval #-3]", &score));
    assert_true(score <= -DR_SCORE_KNOWN_WIN);
    assert_true(dr_annotate_parse_score("[%eval #-0]", &score));
    assert_int_equal(score, -DR_SCORE_WIN);
    assert_false(dr_annotate_parse_score("no score here", &score));
    assert_false(dr_annotate_parse_score("[%evaluate 1]", &score));
    assert_false(dr_annotate_parse_score("[%eval abc]", &score));
    assert_false(dr_annotate_parse_score("[%eval #]", &score));
    assert_false(dr_annotate_parse_score(NULL, &score));
    /* what the writer writes, the reader reads */
    for (int s = -3000; s <= 3000; s += 7) {
        char text[40], comment[60];
        dr_annotate_format_score(s, text, sizeof text);
        snprintf(comment, sizeof comment, "[%%eval %s]", text);
        assert_true(dr_annotate_parse_score(comment, &score));
        assert_int_equal(score, s);
    }
}

static void test_chances(void **state)
{
    (void)state;
    assert_true(dr_annotate_chances(0) == 0.0);
    assert_true(dr_annotate_chances(DR_SCORE_KNOWN_WIN) == 1.0);
    assert_true(dr_annotate_chances(-WIN_IN_PLIES(20)) == -1.0);
    double last = -1.0;
    for (int s = -2000; s <= 2000; s += 10) {
        double c = dr_annotate_chances(s);
        assert_true(c > last && c < 1.0);
        assert_true(c + dr_annotate_chances(-s) < 1e-9 && c + dr_annotate_chances(-s) > -1e-9);
        last = c;
    }
}

static void test_marks(void **state)
{
    (void)state;
    /* a man given away in a level game */
    assert_int_equal(dr_annotate_mark(DR_WHITE, 0, -100), DR_MARK_BLUNDER);
    assert_int_equal(dr_annotate_mark(DR_BLACK, 0, 100), DR_MARK_BLUNDER);
    /* half a man, a third of one, the noise of a search */
    assert_int_equal(dr_annotate_mark(DR_WHITE, 0, -60), DR_MARK_MISTAKE);
    assert_int_equal(dr_annotate_mark(DR_BLACK, 10, 45), DR_MARK_INACCURACY);
    assert_int_equal(dr_annotate_mark(DR_WHITE, 5, -5), DR_MARK_NONE);
    /* gaining is never marked, and a move that loses ground for the other
     * side is good for the mover */
    assert_int_equal(dr_annotate_mark(DR_WHITE, 0, 300), DR_MARK_NONE);
    assert_int_equal(dr_annotate_mark(DR_BLACK, 0, -300), DR_MARK_NONE);
    /* a won game stays won: winning more slowly is not a blunder */
    assert_int_equal(dr_annotate_mark(DR_WHITE, 600, 500), DR_MARK_NONE);
    assert_int_equal(dr_annotate_mark(DR_WHITE, WIN_IN_PLIES(9), WIN_IN_PLIES(15)),
                     DR_MARK_NONE);
    /* a forced win thrown away, a forced loss walked into */
    assert_int_equal(dr_annotate_mark(DR_WHITE, WIN_IN_PLIES(9), 0), DR_MARK_BLUNDER);
    assert_int_equal(dr_annotate_mark(DR_BLACK, 0, WIN_IN_PLIES(12)), DR_MARK_BLUNDER);
    assert_string_equal(dr_mark_text(DR_MARK_BLUNDER), "??");
    assert_string_equal(dr_mark_text(DR_MARK_MISTAKE), "?");
    assert_string_equal(dr_mark_text(DR_MARK_INACCURACY), "?!");
    assert_string_equal(dr_mark_text(DR_MARK_NONE), "");
}

/* ---- whole games ---- */

static struct dr_pdn_file read_text(const char *text)
{
    struct dr_pdn_file f;
    assert_true(dr_pdn_read("test.pdn", text, strlen(text), NULL, &f));
    if (f.errors) {
        char why[512];
        dr_pdn_diag_format(&f, &f.diags[0], why, sizeof why);
        fail_msg("%s", why);
    }
    assert_int_equal(f.n_games, 1);
    return f;
}

static int study(struct dr_pdn_game *g, int depth)
{
    int n = dr_pdn_mainline_length(g);
    struct dr_move moves[64];
    struct dr_annotation a[65];
    assert_true(n < 64);
    int i = 0;
    for (const struct dr_pdn_node *node = g->root.child; node; node = node->child)
        moves[i++] = node->move;
    struct dr_engine *e = dr_engine_new(g->variant, 4);
    assert_non_null(e);
    struct dr_limits limits = {.depth = depth};
    assert_int_equal(dr_annotate_line(e, g->variant, &g->root.pos, moves, n, &limits, a, NULL,
                                      NULL),
                     n + 1);
    dr_engine_free(e);
    for (i = 0; i <= n; i++)
        assert_true(a[i].searched);
    assert_true(dr_annotate_game(g, a, n));
    return n;
}

/* Every move of the main line has a score; the blunder (the move played at
 * ply blunder_ply, 1-based) alone is marked ??, with the engine's line
 * beside it starting with another move; the output reads back the same. */
static void check_annotated(const char *pdn, int blunder_ply)
{
    struct dr_pdn_file f = read_text(pdn);
    struct dr_pdn_game *g = f.games[0];
    int n = study(g, 8);
    int ply = 0;
    for (const struct dr_pdn_node *node = g->root.child; node; node = node->child) {
        ply++;
        int score;
        if (!dr_annotate_parse_score(node->comment, &score))
            fail_msg("ply %d has no score: '%s'", ply, node->comment ? node->comment : "");
        if (ply == blunder_ply) {
            assert_string_equal(node->strength, "??");
            assert_non_null(node->next);
            assert_false(dr_move_same(&node->next->move, &node->move));
            assert_true(dr_annotate_parse_score(node->next->comment, &score));
        } else {
            assert_string_not_equal(node->strength, "??");
        }
    }
    assert_int_equal(ply, n);

    char *text = dr_pdn_write_game(g);
    assert_non_null(text);
    struct dr_pdn_file again = read_text(text);
    char why[256];
    if (!dr_pdn_game_equal(g, again.games[0], why, sizeof why))
        fail_msg("re-read differs: %s\n%s", why, text);
    /* a second study at the same depth changes nothing */
    study(again.games[0], 8);
    char *twice = dr_pdn_write_game(again.games[0]);
    assert_string_equal(text, twice);
    free(twice);
    free(text);
    dr_pdn_file_free(&again);
    dr_pdn_file_free(&f);
}

static void test_international_game(void **state)
{
    (void)state;
    /* 32-28 lets 23x32 take a man that nothing can take back */
    check_annotated("[Event \"t\"]\n[FEN \"W:W32,42,46:B23,13,5\"]\n\n"
                    "1. 46-41 13-19 2. 32-28 23x32 *\n",
                    3);
}

static void test_english_game(void **state)
{
    (void)state;
    /* Black first; 14-18 walks into 22x15 */
    check_annotated("[Event \"t\"]\n[GameType \"21\"]\n[FEN \"B:W22,29,32:B14,1,4\"]\n\n"
                    "1. 1-5 32-28 2. 14-18 22x15 *\n",
                    3);
}

static void test_armenian_game(void **state)
{
    (void)state;
    /* d3-d4 steps in front of d5, which takes it straight ahead */
    check_annotated("[Event \"t\"]\n[Variant \"Armenian\"]\n"
                    "[FEN \"W:Wd3,b2,g2:Bd5,b7,g7\"]\n\n"
                    "1. b2-b3 b7-b6 2. d3-d4 d5xd3 *\n",
                    3);
}

/* A comment of any length survives annotation whole, after the score
 * (a fixed 1,024-byte buffer once cut it). */
static void test_long_comment_kept(void **state)
{
    (void)state;
    size_t n = 200000;
    char *comment = malloc(n + 1), *pdn = malloc(n + 512);
    for (size_t i = 0; i < n; i++)
        comment[i] = (char)('a' + i % 26);
    comment[n] = 0;
    snprintf(pdn, n + 512, "[Event \"t\"]\n[FEN \"W:W32,42,46:B23,13,5\"]\n\n"
                           "1. 46-41 {%s} 13-19 *\n", comment);
    struct dr_pdn_file f = read_text(pdn);
    study(f.games[0], 4);
    const char *got = f.games[0]->root.child->comment;
    int score;
    assert_true(dr_annotate_parse_score(got, &score));
    assert_non_null(strstr(got, comment));
    dr_pdn_file_free(&f);
    free(comment);
    free(pdn);
}

/* The end of a won game is a win, not a search; an early stop is honoured. */
static bool stop_after_two(void *arg, int done, int total, int index)
{
    int *calls = arg;
    assert_int_equal(index, done - 1);
    assert_int_equal(total, 3);
    return ++*calls < 2;
}

static void test_line_end_and_stop(void **state)
{
    (void)state;
    struct dr_variant v;
    struct dr_error err;
    struct dr_position pos;
    assert_true(dr_variant_builtin("international", &v, &err));
    assert_true(dr_fen_parse(&v, "W:W32:B23", &pos, &err));
    struct dr_move moves[2];
    assert_true(dr_move_parse(&v, &pos, "32-28", &moves[0], &err));
    struct dr_position after = pos;
    dr_make(&v, &after, &moves[0]);
    assert_true(dr_move_parse(&v, &after, "23x32", &moves[1], &err));

    struct dr_engine *e = dr_engine_new(&v, 4);
    struct dr_limits limits = {.depth = 6};
    struct dr_annotation a[3];
    assert_int_equal(dr_annotate_line(e, &v, &pos, moves, 2, &limits, a, NULL, NULL), 3);
    assert_false(a[2].has_move);
    assert_int_equal(a[2].score, -DR_SCORE_WIN);
    assert_true(a[0].has_move);
    assert_true(a[1].score <= -DR_SCORE_KNOWN_WIN); /* Black to take and win */

    int calls = 0;
    memset(a, 0, sizeof a);
    assert_int_equal(dr_annotate_line(e, &v, &pos, moves, 2, &limits, a, stop_after_two, &calls),
                     2);
    assert_false(a[2].searched);
    dr_engine_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_format_score),      cmocka_unit_test(test_parse_score),
        cmocka_unit_test(test_chances),           cmocka_unit_test(test_marks),
        cmocka_unit_test(test_international_game), cmocka_unit_test(test_english_game),
        cmocka_unit_test(test_armenian_game),     cmocka_unit_test(test_line_end_and_stop),
        cmocka_unit_test(test_long_comment_kept),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
