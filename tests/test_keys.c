/* The game screen's key table (src/ui/keys.c): the help and the key bar are
 * made from it, so each key is described once and both stay in step. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "keys.h"

static const char *find(const char *rows[][2], int n, const char *keys)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(rows[i][0], keys))
            return rows[i][1];
    return NULL;
}

static void test_keys_help_fits_the_game_against_the_computer_or_a_friend(void **state)
{
    (void)state;
    const char *rows[64][2];
    char buf[4096];
    struct key_facts computer = {false, false, "32-28", "pieces", false};
    int n = keys_help_rows(&computer, rows, 64, buf, sizeof buf);
    assert_true(n > 20);
    assert_string_equal(find(rows, n, "u"), "take back your last move and the reply");
    assert_non_null(find(rows, n, "g"));
    assert_non_null(strstr(find(rows, n, "m or :"), "e.g. 32-28 (a capture"));
    assert_string_equal(find(rows, n, "q"), "quit (the game is kept)");
    assert_string_equal(rows[n - 1][1], "pieces");

    struct key_facts friend = {true, true, "c3-d4", "pieces", false};
    n = keys_help_rows(&friend, rows, 64, buf, sizeof buf);
    assert_string_equal(find(rows, n, "u"), "take back a move");
    assert_null(find(rows, n, "g"));     /* no computer to hurry */
    assert_null(find(rows, n, "+ / -")); /* nor its level */
    assert_non_null(strstr(find(rows, n, "m or :"), "e.g. c3-d4"));
    assert_string_equal(find(rows, n, "q"), "back to the start screen (the game is kept)");
    for (int i = 0; i < n; i++)  /* every key once */
        for (int j = i + 1; j < n; j++)
            if (rows[i][0][0])
                assert_true(strcmp(rows[i][0], rows[j][0]) != 0);
}

static void test_keys_bar_follows_the_context(void **state)
{
    (void)state;
    struct key_facts f = {false, false, "", "", false};
    char bar[400];
    keys_bar(&f, KC_MOVE, bar, sizeof bar);
    assert_non_null(strstr(bar, "Enter pick up"));
    assert_non_null(strstr(bar, "t hint"));
    assert_null(strstr(bar, "put down"));
    assert_non_null(strstr(bar, "q quit"));
    keys_bar(&f, KC_HOLD, bar, sizeof bar);
    assert_non_null(strstr(bar, "Enter put down"));
    assert_non_null(strstr(bar, "Esc put back"));
    assert_null(strstr(bar, "pick up"));
    keys_bar(&f, KC_THINK, bar, sizeof bar);
    assert_non_null(strstr(bar, "g move now"));
    assert_null(strstr(bar, "Enter"));
    keys_bar(&f, KC_OVER, bar, sizeof bar);
    assert_non_null(strstr(bar, "n new game"));
    keys_bar(&f, KC_REPLAY, bar, sizeof bar);
    assert_non_null(strstr(bar, ". next   , back"));
    assert_non_null(strstr(bar, "p play on"));
    struct key_facts menu = {true, true, "", "", false};
    keys_bar(&menu, KC_MOVE, bar, sizeof bar);
    assert_non_null(strstr(bar, "q menu"));
    assert_null(strstr(bar, "g move now"));
    char tiny[20];
    keys_bar(&f, KC_REPLAY, tiny, sizeof tiny); /* too long: whole words only */
    assert_true(strlen(tiny) < sizeof tiny);
    assert_string_equal(tiny, ". next   , back");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_keys_help_fits_the_game_against_the_computer_or_a_friend),
        cmocka_unit_test(test_keys_bar_follows_the_context),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
