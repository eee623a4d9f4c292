/* The session (session.h) driven as the board drives it, with no terminal:
 * a scripted person takes each turn through the session's own functions
 * (turn, repeat, pasted list, clock tick, actions) and the loop runs it.
 * Hot-seat and against the computer, undo and redo, Home and go to a ply,
 * a pasted list, the clock charged by the loop's events and its flag, the
 * level, and the autosave (written beside, renamed over, failures told
 * once, never of a replay). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "draughts/notation.h"
#include "draughts/session.h"

static int64_t fake_ms;
static int64_t fake_now(void) { return fake_ms; }

/* A person at the board, as the UI's player: each turn asks the session
 * first (a repeat, the pasted list), then reads the script, one word a
 * tick ("wait": let time pass; NULL: quit). */
struct person {
    struct dr_session *s;
    const char *const *script;
    int next;
    int64_t think_ms;    /* time passing on each tick */
    char said[300];      /* the session's last words to say */
    int turns;
    int plies_seen[64];  /* the game's ply as each turn began */
};

static void hear(struct person *p, const char *say)
{
    if (say[0])
        snprintf(p->said, sizeof p->said, "%s", say);
}

static void turn_begins(struct person *p)
{
    char say[300];
    if (dr_session_repeat_next(p->s, say, sizeof say))
        return;
    hear(p, say);
    dr_session_paste_next(p->s, say, sizeof say);
    hear(p, say);
}

/* One word of the script, as the keys would do it. */
static void key(struct person *p, const char *w)
{
    struct dr_session *s = p->s;
    struct dr_move m;
    struct dr_error err;
    char say[300];
    if (!w) {
        dr_session_act(s, DR_ACT_QUIT, NULL, 0);
    } else if (!strcmp(w, "undo") || !strcmp(w, "redo")) {
        dr_session_act(s, w[0] == 'u' ? DR_ACT_UNDO : DR_ACT_REDO, NULL, 0);
    } else if (!strcmp(w, "home")) {
        dr_session_repeat(s, DR_ACT_UNDO, -1, NULL);
        dr_session_act(s, DR_ACT_UNDO, NULL, 0);
    } else if (!strcmp(w, "to2")) {
        dr_session_repeat(s, DR_ACT_REDO, 2, "At ply 2.");
        dr_session_act(s, DR_ACT_REDO, NULL, 0);
    } else if (!strncmp(w, "paste:", 6)) {
        assert_true(dr_session_paste(s, w + 6));
        dr_session_paste_next(s, say, sizeof say);
        hear(p, say);
    } else if (strcmp(w, "wait")) {
        const struct dr_game *g = s->game;
        assert_true(dr_move_parse(dr_game_variant(g), dr_game_position(g), w, &m, &err));
        dr_session_act(s, DR_ACT_MOVE, &m, 0);
    }
}

static struct dr_action person_act(void *ctx, struct dr_loop *loop)
{
    struct person *p = ctx;
    (void)loop;
    if (p->turns < 64)
        p->plies_seen[p->turns] = dr_game_ply(p->s->game);
    p->turns++;
    dr_session_turn_begin(p->s);
    turn_begins(p);
    while (!dr_session_decided(p->s)) {
        int side;
        fake_ms += p->think_ms;
        if (dr_session_clock_tick(p->s, &side))
            snprintf(p->said, sizeof p->said, "flag %d", side);
        if (!dr_session_decided(p->s))
            key(p, p->script[p->next] ? p->script[p->next++] : NULL);
    }
    return dr_session_turn_end(p->s);
}

static struct dr_session_setup setup_of(bool hotseat, int level)
{
    struct dr_session_setup su;
    struct dr_error err;
    memset(&su, 0, sizeof su);
    assert_true(dr_variant_builtin("international", &su.variant, &err));
    dr_position_start(&su.variant, &su.start);
    su.hotseat = hotseat;
    su.human_side = DR_WHITE;
    su.level = level;
    su.now = fake_now;
    return su;
}

/* Open, seat the person, run the script to its end (a quit), think_ms
 * passing on each tick, autosaving to autosave (NULL: nowhere). */
static void play(struct dr_session *s, const struct dr_session_setup *su, struct person *p,
                 const char *const *script, int64_t think_ms, const char *autosave)
{
    char why[300];
    memset(p, 0, sizeof *p);
    p->s = s;
    p->script = script;
    p->think_ms = think_ms;
    fake_ms = 1000;
    assert_true(dr_session_open(s, su, why, sizeof why));
    assert_string_equal(why, "");
    dr_session_autosave_to(s, autosave ? autosave : "", "");
    struct dr_player person = {"person", false, true, p, person_act, NULL};
    assert_true(dr_session_seat(s, &person));
    dr_session_run(s);
}

static void move_text(const struct dr_game *g, int i, char *out)
{
    dr_move_pdn(dr_game_variant(g), dr_game_position_at(g, i), dr_game_move(g, i), out);
}

static void test_session_hotseat_plays_takes_back_and_redoes(void **state)
{
    (void)state;
    struct dr_session s = {0}; /* zeroed before its first open */
    struct person p;
    struct dr_session_setup su = setup_of(true, 3);
    const char *const script[] = {"32-28", "19-23", "undo", "undo", "redo", NULL};
    play(&s, &su, &p, script, 0, NULL);
    assert_null(s.engine);
    assert_true(dr_session_is_human(&s, DR_WHITE) && dr_session_is_human(&s, DR_BLACK));
    assert_false(dr_session_engine_thinking(&s));
    assert_int_equal(dr_game_ply(s.game), 1); /* one move taken back at a time */
    assert_int_equal(dr_game_redo_count(s.game), 1);
    char text[DR_MOVE_TEXT_LEN];
    move_text(s.game, 0, text);
    assert_string_equal(text, "32-28");
    assert_int_equal(p.turns, 6);
    dr_session_close(&s);
    assert_null(s.game);
}

static void test_session_against_the_computer_it_replies_and_undo_takes_the_pair(void **state)
{
    (void)state;
    struct dr_session s = {0}; /* zeroed before its first open */
    struct person p;
    struct dr_session_setup su = setup_of(false, 1);
    const char *const script[] = {"32-28", "undo", NULL};
    play(&s, &su, &p, script, 0, NULL);
    assert_non_null(s.engine);
    assert_true(dr_loop_player(s.loop, DR_BLACK)->is_engine);
    assert_false(dr_loop_player(s.loop, DR_WHITE)->is_engine);
    assert_true(dr_session_is_human(&s, DR_WHITE));
    assert_false(dr_session_is_human(&s, DR_BLACK));
    assert_int_equal(p.plies_seen[0], 0);
    assert_int_equal(p.plies_seen[1], 2);     /* the computer answered */
    assert_int_equal(dr_game_ply(s.game), 0); /* undo: the reply and the move */
    assert_int_equal(dr_game_redo_count(s.game), 2);
    assert_false(dr_session_paste(&s, "32-28 19-23")); /* a list is for two players */
    assert_int_equal(dr_session_person(&s), 0);        /* nobody thinks now */
    dr_session_close(&s);
}

static void test_session_repeat_goes_home_then_to_a_ply_and_says_so(void **state)
{
    (void)state;
    struct dr_session s = {0}; /* zeroed before its first open */
    struct person p;
    struct dr_session_setup su = setup_of(true, 3);
    const char *const script[] = {"31-26", "20-24", "36-31", "15-20", "home", "to2", NULL};
    play(&s, &su, &p, script, 0, NULL);
    /* turns at plies 0-4, then Home undoes on its own turn after turn
     * (3, 2, 1, 0), then the redo to ply 2 stops there */
    const int seen[] = {0, 1, 2, 3, 4, 3, 2, 1, 0, 1, 2};
    assert_int_equal(p.turns, 11);
    for (int i = 0; i < 11; i++)
        assert_int_equal(p.plies_seen[i], seen[i]);
    assert_int_equal(dr_game_ply(s.game), 2);
    assert_int_equal(dr_game_redo_count(s.game), 2);
    assert_string_equal(p.said, "At ply 2.");
    assert_int_equal(s.repeat.kind, DR_ACT_NONE);
    dr_session_close(&s);
}

static void test_session_plays_a_pasted_list_one_a_turn(void **state)
{
    (void)state;
    struct dr_session s = {0}; /* zeroed before its first open */
    struct person p;
    struct dr_session_setup su = setup_of(true, 3);
    const char *const script[] = {"paste:1. 32-28 19-23 2.28x19 14x23 *", NULL};
    play(&s, &su, &p, script, 0, NULL);
    assert_int_equal(dr_game_ply(s.game), 4);
    assert_int_equal(p.turns, 5); /* four moves, then the quit */
    char text[DR_MOVE_TEXT_LEN];
    move_text(s.game, 3, text);
    assert_string_equal(text, "14x23");
    assert_string_equal(p.said, "Played the 4 moves of the list.");
    dr_session_close(&s);

    const char *const bad[] = {"paste:32-28 32-27 19-23", NULL};
    play(&s, &su, &p, bad, 0, NULL);
    assert_int_equal(dr_game_ply(s.game), 1); /* the list stops at its illegal move */
    assert_non_null(strstr(p.said, "Move 2 of the list: "));
    assert_non_null(strstr(p.said, ". The list stops here."));
    assert_string_equal(s.paste.moves, "");
    dr_session_close(&s);

    char word[64];
    const char *rest = dr_session_list_word("12.32-28 1-0", word, sizeof word);
    assert_string_equal(word, "32-28");
    assert_null(dr_session_list_word(rest, word, sizeof word));
}

static void test_session_clock_runs_out_and_the_loop_hears_the_flag(void **state)
{
    (void)state;
    struct dr_session s = {0}; /* zeroed before its first open */
    struct person p;
    struct dr_session_setup su = setup_of(true, 3);
    su.clock_ms = 60000;
    su.increment_ms = 2000;
    const char *const moves[] = {"32-28", "wait", NULL};
    play(&s, &su, &p, moves, 5000, NULL);
    /* White thought 5 s for 32-28 (+2 s); Black's 10 s ran until the quit */
    assert_int_equal(s.clock.left_ms[DR_WHITE], 57000);
    assert_int_equal(dr_clock_left(&s.clock, DR_BLACK, fake_ms), 50000);
    dr_session_close(&s);

    su.clock_ms = 10000;
    const char *const slow[] = {"wait", "wait", NULL};
    play(&s, &su, &p, slow, 6000, NULL);
    char white_flag[20];
    snprintf(white_flag, sizeof white_flag, "flag %d", DR_WHITE);
    assert_string_equal(p.said, white_flag); /* White's, at 12 s */
    assert_true(dr_game_over(s.game));
    assert_int_equal(dr_game_result(s.game), DR_BLACK_WINS);
    assert_int_equal(dr_game_reason(s.game), DR_REASON_TIME);
    assert_true(s.clock.flagged);
    assert_int_equal(s.clock.left_ms[DR_WHITE], 0);
    assert_int_equal(dr_clock_left(&s.clock, DR_BLACK, fake_ms), 10000); /* stood still */
    dr_session_close(&s);
}

static void test_session_level_changes_against_the_computer_only(void **state)
{
    (void)state;
    struct dr_session s = {0}; /* zeroed before its first open */
    char why[300];
    struct dr_session_setup su = setup_of(false, 5);
    struct dr_player person = {"person", false, true, NULL, person_act, NULL};
    assert_true(dr_session_open(&s, &su, why, sizeof why));
    assert_true(dr_session_seat(&s, &person));
    assert_int_equal(dr_session_change_level(&s, 1), DR_LEVEL_CHANGED);
    assert_int_equal(s.level, 6);
    assert_int_equal(dr_session_change_level(&s, 1), DR_LEVEL_AT_END);
    assert_int_equal(s.level, 6);
    assert_int_equal(dr_session_change_level(&s, -1), DR_LEVEL_CHANGED);
    assert_int_equal(s.level, 5);
    dr_session_close(&s);

    su = setup_of(true, 5);
    assert_true(dr_session_open(&s, &su, why, sizeof why));
    assert_true(dr_session_seat(&s, &person));
    assert_int_equal(dr_session_change_level(&s, 1), DR_LEVEL_NO_COMPUTER);
    assert_int_equal(s.level, 5);
    dr_session_close(&s);
}

static int files_in(const char *dir)
{
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d));)
        n += e->d_name[0] != '.' || strncmp(e->d_name, ".autosave", 9) == 0;
    if (d)
        closedir(d);
    return n;
}

static char *read_all(const char *path)
{
    static char buf[8192];
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = 0;
    fclose(f);
    return buf;
}

static void test_session_autosaves_beside_and_renames_over(void **state)
{
    (void)state;
    char dir[] = "/tmp/test_session.XXXXXX", path[300];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/autosave.pdn", dir);
    struct dr_session s = {0}; /* zeroed before its first open */
    struct person p;
    struct dr_session_setup su = setup_of(true, 3);
    const char *const script[] = {"32-28", NULL};
    play(&s, &su, &p, script, 0, path);
    const char *text = read_all(path);
    assert_non_null(strstr(text, "32-28"));
    assert_non_null(strstr(text, "[DraughtsMode \"hotseat\"]"));
    assert_int_equal(files_in(dir), 1); /* the temporary file was renamed */
    dr_session_close(&s);

    /* the old file, held open, keeps what it had: the new one was written
     * beside it and renamed over it, not written in place */
    FILE *old = fopen(path, "r");
    assert_non_null(old);
    const char *const more[] = {"32-28", "19-23", NULL};
    play(&s, &su, &p, more, 0, path);
    assert_non_null(strstr(read_all(path), "19-23"));
    struct stat before, after;
    assert_int_equal(fstat(fileno(old), &before), 0);
    assert_int_equal(stat(path, &after), 0);
    assert_true(before.st_ino != after.st_ino);
    char was[4096];
    was[fread(was, 1, sizeof was - 1, old)] = 0;
    assert_non_null(strstr(was, "32-28"));
    assert_null(strstr(was, "19-23"));
    fclose(old);
    assert_int_equal(files_in(dir), 1);
    dr_session_close(&s);

    su.replay = true; /* a replay's moves are the file's: the autosave stays */
    play(&s, &su, &p, more, 0, path);
    struct stat replayed;
    assert_int_equal(stat(path, &replayed), 0);
    assert_true(replayed.st_ino == after.st_ino);
    dr_session_close(&s);
    unlink(path);
    rmdir(dir);
}

static void test_session_autosave_failure_is_told_once(void **state)
{
    (void)state;
    struct dr_session s = {0}; /* zeroed before its first open */
    struct person p;
    struct dr_session_setup su = setup_of(true, 3);
    const char *const script[] = {"32-28", "19-23", NULL};
    play(&s, &su, &p, script, 0, "/nonexistent-dir/autosave.pdn");
    char why[300];
    assert_true(dr_session_autosave_news(&s, why, sizeof why));
    assert_non_null(strstr(why, "/nonexistent-dir/autosave.pdn"));
    assert_false(dr_session_autosave_news(&s, why, sizeof why)); /* failed again: not news */
    assert_true(s.autosave.failed);
    dr_session_close(&s);
    /* the next game autosaves to the same place: still failing, not news */
    play(&s, &su, &p, script, 0, "/nonexistent-dir/autosave.pdn");
    assert_true(s.autosave.failed);
    assert_false(dr_session_autosave_news(&s, why, sizeof why));
    dr_session_close(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_session_hotseat_plays_takes_back_and_redoes),
        cmocka_unit_test(test_session_against_the_computer_it_replies_and_undo_takes_the_pair),
        cmocka_unit_test(test_session_repeat_goes_home_then_to_a_ply_and_says_so),
        cmocka_unit_test(test_session_plays_a_pasted_list_one_a_turn),
        cmocka_unit_test(test_session_clock_runs_out_and_the_loop_hears_the_flag),
        cmocka_unit_test(test_session_level_changes_against_the_computer_only),
        cmocka_unit_test(test_session_autosaves_beside_and_renames_over),
        cmocka_unit_test(test_session_autosave_failure_is_told_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
