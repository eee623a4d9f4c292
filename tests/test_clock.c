/* The game clock, driven with explicit times: increments, the running
 * side, flag fall (once), undo and redo (no time given back), the stop at
 * the game's end, and the engine's share of its time. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "draughts/clock.h"

enum { W = DR_WHITE, B = DR_BLACK };

static void test_clock_runs_for_the_side_to_move_and_adds_the_increment(void **state)
{
    (void)state;
    struct dr_clock c;
    dr_clock_start(&c, 60000, 2000, W, 1000);
    assert_true(c.on);
    assert_int_equal(dr_clock_left(&c, W, 4000), 57000); /* 3 s thought */
    assert_int_equal(dr_clock_left(&c, B, 4000), 60000); /* Black's time stands */
    dr_clock_moved(&c, W, 6000);                          /* 5 s, + 2 s */
    assert_int_equal(dr_clock_left(&c, W, 9000), 57000);
    assert_int_equal(dr_clock_left(&c, B, 9000), 57000); /* now Black's runs */
    dr_clock_moved(&c, B, 16000);                         /* 10 s, + 2 s */
    assert_int_equal(dr_clock_left(&c, B, 20000), 52000);
    assert_int_equal(dr_clock_left(&c, W, 20000), 53000);
}

static void test_clock_flag_falls_once_for_the_running_side(void **state)
{
    (void)state;
    struct dr_clock c;
    int side = -1;
    dr_clock_start(&c, 1000, 0, W, 0);
    dr_clock_moved(&c, W, 400);
    assert_false(dr_clock_flag_fell(&c, 1399, &side));
    assert_true(dr_clock_flag_fell(&c, 1400, &side));  /* Black's second is up */
    assert_int_equal(side, B);
    assert_false(dr_clock_flag_fell(&c, 5000, &side)); /* told once */
    assert_int_equal(dr_clock_left(&c, B, 5000), 0);
    assert_int_equal(dr_clock_left(&c, W, 5000), 600); /* White's time stopped */
    dr_clock_moved(&c, B, 6000);                        /* nothing runs after a flag */
    assert_int_equal(dr_clock_left(&c, W, 9000), 600);
}

static void test_clock_undo_gives_no_time_back(void **state)
{
    (void)state;
    struct dr_clock c;
    dr_clock_start(&c, 10000, 1000, W, 0);
    dr_clock_moved(&c, W, 3000);            /* White 8 s (7 + 1) */
    dr_clock_turn(&c, W, 5000);             /* undo: Black's 2 s are spent, White to move */
    assert_int_equal(dr_clock_left(&c, B, 5000), 8000);
    assert_int_equal(dr_clock_left(&c, W, 6000), 7000);
    dr_clock_turn(&c, B, 6000);             /* redo */
    assert_int_equal(dr_clock_left(&c, W, 9000), 7000);
    assert_int_equal(dr_clock_left(&c, B, 9000), 5000);
}

static void test_clock_stops_at_the_end_and_restarts_on_undo(void **state)
{
    (void)state;
    struct dr_clock c;
    int side;
    dr_clock_start(&c, 5000, 0, W, 0);
    dr_clock_stop(&c, 1000);
    assert_int_equal(dr_clock_left(&c, W, 100000), 4000);
    assert_false(dr_clock_flag_fell(&c, 100000, &side));
    dr_clock_turn(&c, W, 200000);           /* taken back: play on */
    assert_int_equal(dr_clock_left(&c, W, 201000), 3000);
}

static void test_untimed_clock_does_nothing(void **state)
{
    (void)state;
    struct dr_clock c;
    int side;
    dr_clock_start(&c, 0, 0, W, 0);
    assert_false(c.on);
    dr_clock_moved(&c, W, 1000000);
    assert_false(dr_clock_flag_fell(&c, 99000000, &side));
    struct dr_limits l = {0};
    l.movetime_ms = 3000;
    dr_clock_limits(&c, B, 5, &l);
    assert_int_equal(l.movetime_ms, 3000);
    assert_int_equal(l.time_ms[0], 0);
}

static void test_clock_shortens_the_engines_move_to_its_share(void **state)
{
    (void)state;
    struct dr_clock c;
    dr_clock_start(&c, 60000, 1000, W, 0);
    dr_clock_moved(&c, W, 1000);
    struct dr_limits l = {0};
    l.movetime_ms = 15000;                  /* the level's 15 s */
    dr_clock_limits(&c, B, 1000, &l);
    assert_int_equal(l.time_ms[B], 60000);
    assert_int_equal(l.time_ms[W], 60000);
    assert_int_equal(l.inc_ms[W], 1000);
    assert_int_equal(l.movetime_ms, 60000 / 30 + 1000);
    l.movetime_ms = 1000;                   /* a short level stays as it is */
    dr_clock_limits(&c, B, 1000, &l);
    assert_int_equal(l.movetime_ms, 1000);
    dr_clock_start(&c, 600, 0, W, 0);       /* nearly out: never under 50 ms */
    l.movetime_ms = 1000;
    dr_clock_limits(&c, W, 0, &l);
    assert_int_equal(l.movetime_ms, 50);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_clock_runs_for_the_side_to_move_and_adds_the_increment),
        cmocka_unit_test(test_clock_flag_falls_once_for_the_running_side),
        cmocka_unit_test(test_clock_undo_gives_no_time_back),
        cmocka_unit_test(test_clock_stops_at_the_end_and_restarts_on_undo),
        cmocka_unit_test(test_untimed_clock_does_nothing),
        cmocka_unit_test(test_clock_shortens_the_engines_move_to_its_share),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
