/* The opening book: negamax backing up, the varied choice within the
 * margin, errors that name the file and line, saving and reading back,
 * dropout expansion, the compiled-in books, and the engine player that
 * plays from a book. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "draughts/book.h"
#include "draughts/loop.h"
#include "draughts/movegen.h"
#include "draughts/notation.h"
#include "draughts/players.h"

static struct dr_variant variant(const char *name)
{
    struct dr_variant v;
    struct dr_error err;
    if (!dr_variant_builtin(name, &v, &err))
        fail_msg("%s", err.msg);
    return v;
}

static struct dr_book *parse(const struct dr_variant *v, const char *text)
{
    struct dr_error err;
    struct dr_book *b = dr_book_parse(v, text, "test.book", &err);
    if (!b)
        fail_msg("%s", err.msg);
    return b;
}

static void move_text(const struct dr_variant *v, const struct dr_position *pos,
                      const struct dr_move *m, char out[DR_MOVE_TEXT_LEN])
{
    dr_move_pdn(v, pos, m, out);
}

/* English: Black (squares 1-12) moves first. */
static const char *const small_book =
    "# a comment\n"
    "| 11-15 5 9-14 3 10-15 -30\n"
    "11-15 | 22-18 -20 23-19 10\n";

static void test_book_backs_up_scores_by_negamax(void **state)
{
    (void)state;
    struct dr_variant v = variant("english");
    struct dr_book *b = parse(&v, small_book);
    assert_int_equal(dr_book_positions(b), 2);
    struct dr_position pos;
    dr_position_start(&v, &pos);
    struct dr_book_move moves[8];
    assert_int_equal(dr_book_moves(b, &pos, moves, 8), 3);
    char text[DR_MOVE_TEXT_LEN];
    /* 11-15 searched +5, but the book's reply 23-19 scores +10 for the
     * other side: 11-15 is worth -10 and 9-14 (+3) is the best */
    move_text(&v, &pos, &moves[0].move, text);
    assert_string_equal(text, "9-14");
    assert_int_equal(moves[0].score, 3);
    assert_false(moves[0].in_book);
    move_text(&v, &pos, &moves[1].move, text);
    assert_string_equal(text, "11-15");
    assert_int_equal(moves[1].score, -10);
    assert_true(moves[1].in_book);
    assert_int_equal(moves[2].score, -30);
    /* a position out of the book has no moves */
    dr_make(&v, &pos, &moves[0].move);
    assert_int_equal(dr_book_moves(b, &pos, moves, 8), 0);
    dr_book_free(b);
}

static void test_book_picks_only_near_best_moves_and_varies(void **state)
{
    (void)state;
    struct dr_variant v = variant("english");
    /* within DR_BOOK_MARGIN (10) of the best: 9-14, 10-14, 11-16 */
    struct dr_book *b = parse(&v, "| 9-14 20 10-14 15 11-16 10 12-16 9 11-15 -40\n");
    struct dr_position start;
    dr_position_start(&v, &start);
    int seen[3] = {0, 0, 0};
    for (uint64_t seed = 1; seed <= 300; seed++) {
        uint64_t rng = seed;
        struct dr_book_move pick;
        assert_true(dr_book_pick(b, &start, &rng, &pick));
        assert_true(pick.score >= 10);
        seen[pick.score == 20 ? 0 : pick.score == 15 ? 1 : 2]++;
    }
    /* every near-best move is chosen, the best most often */
    assert_true(seen[0] > seen[1] && seen[1] > seen[2] && seen[2] > 0);
    dr_book_free(b);
}

static void expect_error(const char *text, const char *where, const char *what)
{
    struct dr_variant v = variant("english");
    struct dr_error err;
    struct dr_book *b = dr_book_parse(&v, text, "test.book", &err);
    if (b)
        fail_msg("accepted: %s", text);
    if (!strstr(err.msg, where) || !strstr(err.msg, what))
        fail_msg("'%s' for %s: wanted '%s' and '%s'", err.msg, text, where, what);
}

static void test_book_errors_name_the_file_and_line(void **state)
{
    (void)state;
    expect_error("| 11-15 5\n11-15 | 22-19 4\n", "test.book:2", "22-19");
    expect_error("| 11-15 5\n11-15 22-18 4\n", "test.book:2", "'|'");
    expect_error("| 11-15\n", "test.book:1", "needs a score");
    expect_error("| 11-15 5x\n", "test.book:1", "needs a score");
    expect_error("| 11-15 40000\n", "test.book:1", "needs a score");
    expect_error("| 11-15 5 11-15 4\n", "test.book:1", "twice");
    expect_error("| 11-15 5\n|  9-14 3\n", "test.book:2", "in the book already");
    expect_error("# no start\n11-15 | 22-18 4\n", "test.book:2", "not a move of a book position");
    expect_error("| 11-15 5\n11-15 |\n", "test.book:2", "no book move");
    expect_error("| 11-15 5\n11-15 23-19 | 8-11 4\n", "test.book:2", "not a move of a book");
}

static void test_book_expands_the_best_line_first_and_reads_back(void **state)
{
    (void)state;
    struct dr_variant v = variant("english");
    struct dr_engine *e = dr_engine_new(&v, 4);
    struct dr_book *b = dr_book_new(&v);
    struct dr_limits limits = {0};
    limits.depth = 3;
    /* the start, then the position after the start's best move */
    assert_true(dr_book_expand(b, e, &limits, 4, 30));
    assert_int_equal(dr_book_positions(b), 1);
    struct dr_position start;
    dr_position_start(&v, &start);
    struct dr_book_move before[16];
    int n = dr_book_moves(b, &start, before, 16);
    assert_int_equal(n, dr_count_moves(&v, &start));
    assert_true(dr_book_expand(b, e, &limits, 4, 30));
    struct dr_book_move after[16];
    dr_book_moves(b, &start, after, 16);
    int expanded = 0;
    for (int k = 0; k < n; k++)
        expanded += after[k].in_book;
    assert_int_equal(expanded, 1);
    for (int k = 0; k < n; k++)
        if (after[k].in_book)
            assert_true(dr_move_same(&after[k].move, &before[0].move));
    /* grows by one position a call; max_ply 1 stops below the start's replies */
    for (int i = 0; i < 10; i++)
        assert_true(dr_book_expand(b, e, &limits, 4, 30));
    assert_int_equal(dr_book_positions(b), 12);
    struct dr_book *shallow = dr_book_new(&v);
    while (dr_book_expand(shallow, e, &limits, 4, 1))
        ;
    assert_int_equal(dr_book_positions(shallow), 1 + n);
    dr_book_free(shallow);
    /* saved and read back: the same positions, moves and scores */
    char path[] = "/tmp/test_book_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    struct dr_error err;
    if (!dr_book_save(b, path, &err))
        fail_msg("%s", err.msg);
    struct dr_book *back = dr_book_load(&v, path, &err);
    if (!back)
        fail_msg("%s", err.msg);
    assert_int_equal(dr_book_positions(back), 12);
    struct dr_book_move again[16];
    assert_int_equal(dr_book_moves(back, &start, again, 16), n);
    dr_book_moves(b, &start, after, 16);
    for (int k = 0; k < n; k++) {
        assert_true(dr_move_same(&again[k].move, &after[k].move));
        assert_int_equal(again[k].score, after[k].score);
        assert_int_equal(again[k].in_book, after[k].in_book);
    }
    remove(path);
    dr_book_free(back);
    dr_book_free(b);
    dr_engine_free(e);
}

static void test_book_file_errors_say_the_file(void **state)
{
    (void)state;
    struct dr_variant v = variant("english");
    struct dr_error err;
    assert_null(dr_book_load(&v, "/nonexistent/x.book", &err));
    assert_non_null(strstr(err.msg, "/nonexistent/x.book"));
}

/* Every variant the program claims has a compiled-in book holding the
 * start position; a rules file of one's own with other rules gets none. */
static void test_builtin_books_cover_every_variant(void **state)
{
    (void)state;
    static const char *const names[] = {"killer", "killer8", "german", "italian", "pool",
                                        "brazilian", "armenian", "international", "english",
                                        "russian", "turkish"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        struct dr_variant v = variant(names[i]);
        const struct dr_book *b = dr_book_builtin(&v);
        if (!b)
            fail_msg("%s has no opening book", names[i]);
        assert_true(dr_book_positions(b) >= 50);
        struct dr_position start;
        dr_position_start(&v, &start);
        struct dr_book_move moves[DR_MAX_MOVES];
        assert_int_equal(dr_book_moves(b, &start, moves, DR_MAX_MOVES), dr_count_moves(&v, &start));
        assert_ptr_equal(dr_book_builtin(&v), b); /* parsed once */
    }
    struct dr_variant changed = variant("killer");
    changed.king_halt = false;
    assert_null(dr_book_builtin(&changed));
}

static struct dr_move engine_first_move(const struct dr_book *own, bool on, int *book_moves)
{
    struct dr_variant v = variant("english");
    struct dr_position start;
    dr_position_start(&v, &start);
    struct dr_game *g = dr_game_new(&v, &start);
    struct dr_engine_player *ep = dr_engine_player_new(&v, 4);
    struct dr_limits l = {0};
    l.depth = 2;
    dr_engine_player_set_limits(ep, &l);
    dr_engine_player_set_book(ep, on, own, 7);
    static const char *const none[] = {"quit", NULL};
    struct dr_script_player s = {none, 0, false, 0};
    struct dr_player pe = dr_engine_player_as_player(ep, "engine"), ps = dr_script_player(&s, "s");
    struct dr_loop *loop = dr_loop_new(g);
    dr_loop_set_player(loop, start.side, &pe);
    dr_loop_set_player(loop, !start.side, &ps);
    dr_loop_run(loop);
    assert_true(dr_game_ply(g) >= 1);
    struct dr_move first = *dr_game_move(g, 0);
    *book_moves = dr_engine_player_book_moves(ep);
    dr_loop_free(loop);
    dr_engine_player_free(ep);
    dr_game_free(g);
    return first;
}

static void test_engine_player_plays_from_its_book(void **state)
{
    (void)state;
    struct dr_variant v = variant("english");
    /* a book that wants 12-16, a move a depth-2 search does not choose */
    struct dr_book *b = parse(&v, "| 12-16 50 11-15 0 9-14 0\n");
    struct dr_position start;
    dr_position_start(&v, &start);
    int book_moves;
    struct dr_move m = engine_first_move(b, true, &book_moves);
    char text[DR_MOVE_TEXT_LEN];
    move_text(&v, &start, &m, text);
    assert_string_equal(text, "12-16");
    assert_int_equal(book_moves, 1);
    m = engine_first_move(b, false, &book_moves);
    move_text(&v, &start, &m, text);
    assert_string_not_equal(text, "12-16");
    assert_int_equal(book_moves, 0);
    dr_book_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_book_backs_up_scores_by_negamax),
        cmocka_unit_test(test_book_picks_only_near_best_moves_and_varies),
        cmocka_unit_test(test_book_errors_name_the_file_and_line),
        cmocka_unit_test(test_book_expands_the_best_line_first_and_reads_back),
        cmocka_unit_test(test_book_file_errors_say_the_file),
        cmocka_unit_test(test_builtin_books_cover_every_variant),
        cmocka_unit_test(test_engine_player_plays_from_its_book),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
