/* The game screen's key table (src/ui/keys.c): the help and the key bar are
 * made from it, so each key is described once and both stay in step. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include <curses.h> /* the key codes only */

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
    assert_string_equal(find(rows, n, "q"), "quit (the game is kept; Q too)");
    /* the aliases are said beside the keys they stand for */
    assert_string_equal(find(rows, n, "t"), "hint: the computer suggests a move (H too)");
    assert_string_equal(find(rows, n, "+ / -"),
                        "a stronger / weaker computer, from its next move (= as +)");
    assert_string_equal(find(rows, n, "r"), "redo a move taken back (Ctrl-R too)");
    assert_string_equal(find(rows, n, ". , PgDn PgUp"),
                        "replay: next / back (same as r and u; > and < too)");
    assert_string_equal(rows[n - 1][1], "pieces");

    struct key_facts friend = {true, true, "c3-d4", "pieces", false};
    n = keys_help_rows(&friend, rows, 64, buf, sizeof buf);
    assert_string_equal(find(rows, n, "u"), "take back a move");
    assert_null(find(rows, n, "g"));     /* no computer to hurry */
    assert_null(find(rows, n, "+ / -")); /* nor its level */
    assert_non_null(strstr(find(rows, n, "m or :"), "e.g. c3-d4"));
    assert_string_equal(find(rows, n, "q"), "back to the start screen (the game is kept; Q too)");
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

/* Is name one of the keys a help row names ("Tab, Shift-Tab": Tab and
 * Shift-Tab; ". , PgDn PgUp": the four)? */
static bool names(const char *row_keys, const char *name)
{
    char copy[100];
    snprintf(copy, sizeof copy, "%s", row_keys);
    for (char *save, *w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        size_t n = strlen(w);
        if (n > 1 && w[n - 1] == ',')
            w[n - 1] = 0;
        if (!strcmp(w, name))
            return true;
    }
    return false;
}

/* The keys the game screen binds come from the help's own table: each
 * bound key is named by the row that describes it or by the aliases the
 * row says (Q, =, <, >, H, Ctrl-R), bound once, and every action has a key
 * the row names. */
static void test_keys_every_binding_is_described(void **state)
{
    (void)state;
    struct key_binding b[100];
    int n = keys_bindings(b, 100);
    assert_true(n > 30 && n < 100);
    bool named[KA_COUNT] = {false};
    int aliases = 0;
    for (int i = 0; i < n; i++) {
        assert_true(b[i].action > KA_NONE && b[i].action < KA_COUNT);
        assert_non_null(b[i].name);
        if (names(b[i].row_keys, b[i].name)) {
            named[b[i].action] = true;
        } else if (!names(b[i].row_also, b[i].name)) {
            fail_msg("key %d is bound as '%s', which the help row '%s' (%s) does not name",
                     b[i].key, b[i].name, b[i].row_keys, b[i].row_also);
        } else {
            aliases++;
        }
        for (int j = 0; j < i; j++)
            if (b[j].key == b[i].key)
                fail_msg("key %d is bound twice ('%s' and '%s')", b[i].key, b[j].row_keys,
                         b[i].row_keys);
        assert_int_equal(keys_action(b[i].key), b[i].action);
    }
    assert_int_equal(aliases, 6);
    for (int a = KA_NONE + 1; a < KA_COUNT; a++)
        if (!named[a])
            fail_msg("action %d has no key the help names", a);
    /* the table is what the game screen dispatches on */
    assert_int_equal(keys_action('u'), KA_UNDO);
    assert_int_equal(keys_action(KEY_PPAGE), KA_UNDO);
    assert_int_equal(keys_action('.'), KA_REDO);
    assert_int_equal(keys_action('s'), KA_SAVE);
    assert_int_equal(keys_action('o'), KA_OPEN);
    assert_int_equal(keys_action('Q'), KA_QUIT);
    assert_int_equal(keys_action(' '), KA_ENTER);
    assert_int_equal(keys_action(KEY_BTAB), KA_TAB);
    assert_int_equal(keys_action('x'), KA_NONE);
    assert_int_equal(keys_action('v'), KA_NONE); /* the replay's own keys: replay.c */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_keys_help_fits_the_game_against_the_computer_or_a_friend),
        cmocka_unit_test(test_keys_bar_follows_the_context),
        cmocka_unit_test(test_keys_every_binding_is_described),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
