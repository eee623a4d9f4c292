/* A game at the board from set-up to quit (session.h): no terminal here. */
#include "draughts/session.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "draughts/game_pdn.h"
#include "draughts/monotonic.h"
#include "draughts/notation.h"
#include "draughts/pdn.h"

/* ---- the game's changes, as the loop tells them ---- */

static void stop_ponder(struct dr_session *s)
{
    if (s->engine)
        dr_engine_player_stop_ponder(s->engine);
}

/* The computer's effort for its next move: the level's, shortened by the
 * clock when there is one.  Called between searches only (the loop's
 * events come while the computer is not thinking). */
static void update_limits(struct dr_session *s)
{
    if (!s->engine)
        return;
    /* called after every move, the computer's too: a ponder search that
     * has just begun is left alone unless the level no longer ponders */
    int threads = dr_level_threads(s->level);
    if (dr_engine_threads(dr_engine_player_engine(s->engine)) != threads)
        dr_engine_player_set_threads(s->engine, threads);
    dr_engine_player_set_ponder(s->engine, s->ponder && dr_level_ponders(s->level));
    struct dr_limits l;
    dr_level_limits(s->level, &l);
    dr_clock_limits(&s->clock, !s->human_side, s->now(), &l);
    dr_engine_player_set_limits(s->engine, &l);
}

/* After every change of the game: not of a replay (the file's game, not
 * the person's), nor of an empty board (it would replace a game that can
 * still be continued); a failure is news once. */
static void autosave(struct dr_session *s)
{
    if (!dr_session_autosaves(s) || !s->game || s->replay)
        return;
    if (dr_game_ply(s->game) == 0 && !dr_game_over(s->game))
        return;
    char why[300];
    if (dr_session_save(s, s->autosave.path, why, sizeof why)) {
        s->autosave.failed = false;
        return;
    }
    if (!s->autosave.failed) {
        s->autosave.untold = true;
        snprintf(s->autosave.why, sizeof s->autosave.why, "%s", why);
    }
    s->autosave.failed = true;
}

static void game_started(struct dr_session *s)
{
    s->paste.moves[0] = 0; /* a typed list of moves was for the game before */
    stop_ponder(s);
    s->person.flag_pending = false;
    dr_clock_start(&s->clock, s->clock_ms, s->increment_ms,
                   dr_game_position(s->game)->side, s->now());
}

static void move_played(struct dr_session *s)
{
    int mover = dr_game_position_at(s->game, dr_game_ply(s->game) - 1)->side;
    dr_clock_moved(&s->clock, mover, s->now());
}

static void moved_in_time(struct dr_session *s)
{
    s->paste.moves[0] = 0; /* the list's moves were for the position left */
    stop_ponder(s);        /* its expected reply was for another position */
    dr_clock_turn(&s->clock, dr_game_position(s->game)->side, s->now());
}

static void game_over(struct dr_session *s)
{
    s->paste.moves[0] = 0;
    stop_ponder(s);
    dr_clock_stop(&s->clock, s->now());
}

static void session_event(void *ctx, struct dr_loop *loop, enum dr_event ev, const void *data)
{
    struct dr_session *s = ctx;
    (void)loop, (void)data;
    if (ev == DR_EV_START)
        game_started(s);
    else if (ev == DR_EV_MOVE)
        move_played(s);
    else if (ev == DR_EV_UNDO || ev == DR_EV_REDO)
        moved_in_time(s);
    else if (ev == DR_EV_OVER)
        game_over(s);
    else
        return;
    if (ev != DR_EV_OVER)
        update_limits(s);
    autosave(s);
}

/* ---- set-up and the run ---- */

/* The game of setup: its start and moves (a replay's wait in the redo list). */
static struct dr_game *setup_game(const struct dr_session_setup *setup, char *why, size_t size)
{
    struct dr_game *g = dr_game_new(&setup->variant, &setup->start);
    if (!g)
        return NULL;
    for (int i = 0; i < setup->nmoves; i++) {
        struct dr_error err;
        if (!dr_game_play(g, &setup->moves[i], &err)) {
            snprintf(why, size, "The saved game stops at ply %d: %s", i, err.msg);
            break;
        }
    }
    if (setup->replay) /* back to the start: the moves wait in the redo list */
        while (dr_game_undo(g))
            ;
    return g;
}

bool dr_session_open(struct dr_session *s, const struct dr_session_setup *setup, char *why,
                     size_t size)
{
    struct dr_session_autosave kept = s->autosave; /* its failure is told once */
    memset(s, 0, sizeof *s);
    s->autosave = kept;
    why[0] = 0;
    s->hotseat = setup->hotseat || setup->replay;
    s->replay = setup->replay;
    s->human_side = setup->human_side;
    s->level = setup->level;
    s->ponder = setup->ponder;
    s->book = setup->book;
    s->clock_ms = setup->clock_ms;
    s->increment_ms = setup->increment_ms;
    s->now = setup->now ? setup->now : dr_monotonic_ms;
    s->repeat.to = -1;
    s->game = setup_game(setup, why, size);
    s->loop = s->game ? dr_loop_new(s->game) : NULL;
    struct dr_view view = {s, session_event, NULL};
    if (!s->loop || !dr_loop_add_view(s->loop, &view)) {
        dr_session_close(s);
        return false;
    }
    return true;
}

/* The computer player at the session's level and settings, or NULL. */
static struct dr_engine_player *new_computer(const struct dr_session *s)
{
    const struct dr_variant *v = dr_game_variant(s->game);
    struct dr_engine_player *engine = dr_engine_player_new(v, s->level <= 2 ? 16 : 64);
    if (!engine)
        return NULL;
    struct dr_limits l;
    dr_level_limits(s->level, &l);
    dr_engine_player_set_limits(engine, &l);
    dr_engine_player_set_threads(engine, dr_level_threads(s->level));
    dr_engine_player_set_ponder(engine, s->ponder && dr_level_ponders(s->level));
    dr_engine_player_set_book(engine, s->book, NULL, 0);
    return engine;
}

bool dr_session_seat(struct dr_session *s, const struct dr_player *person)
{
    if (s->hotseat) {
        dr_loop_set_player(s->loop, DR_WHITE, person);
        dr_loop_set_player(s->loop, DR_BLACK, person);
        return true;
    }
    s->engine = new_computer(s);
    if (!s->engine)
        return false;
    s->computer = dr_engine_player_as_player(s->engine, "Computer");
    dr_loop_set_player(s->loop, s->human_side, person);
    dr_loop_set_player(s->loop, !s->human_side, &s->computer);
    return true;
}

void dr_session_run(struct dr_session *s)
{
    dr_loop_run(s->loop);
    autosave(s);
}

void dr_session_close(struct dr_session *s)
{
    dr_loop_free(s->loop);
    dr_game_free(s->game);
    dr_engine_player_free(s->engine);
    s->loop = NULL;
    s->game = NULL;
    s->engine = NULL;
}

/* ---- who plays ---- */

bool dr_session_is_human(const struct dr_session *s, int side)
{
    return s->hotseat || side == s->human_side;
}

bool dr_session_engine_thinking(const struct dr_session *s)
{
    if (s->hotseat || s->person.in_act || !s->game || dr_game_over(s->game))
        return false;
    return !dr_session_is_human(s, dr_game_position(s->game)->side);
}

int dr_session_person(const struct dr_session *s)
{
    return dr_session_engine_thinking(s) ? 1 + s->human_side : 0;
}

/* ---- the person's turn ---- */

void dr_session_turn_begin(struct dr_session *s)
{
    s->person.in_act = true;
    s->person.have_action = false;
}

bool dr_session_decided(const struct dr_session *s) { return s->person.have_action; }

struct dr_action dr_session_turn_end(struct dr_session *s)
{
    s->person.in_act = false;
    return s->person.action;
}

void dr_session_act(struct dr_session *s, enum dr_action_kind kind, const struct dr_move *m,
                    int who)
{
    struct dr_action a;
    memset(&a, 0, sizeof a);
    a.kind = kind;
    a.who = who;
    if (m)
        a.move = *m;
    if (s->person.in_act) {
        s->person.action = a;
        s->person.have_action = true;
    } else if (s->loop) {
        dr_loop_post(s->loop, a);
    }
}

/* ---- undo or redo again and again ---- */

void dr_session_repeat(struct dr_session *s, enum dr_action_kind kind, int to, const char *say)
{
    s->repeat.kind = kind;
    s->repeat.to = to;
    snprintf(s->repeat.say, sizeof s->repeat.say, "%s", say ? say : "");
}

bool dr_session_repeat_next(struct dr_session *s, char *say, size_t size)
{
    int ply = dr_game_ply(s->game);
    say[0] = 0;
    if (s->repeat.kind == DR_ACT_UNDO && ply > 0 && ply > s->repeat.to) {
        dr_session_act(s, DR_ACT_UNDO, NULL, 0);
        return true;
    }
    if (s->repeat.kind == DR_ACT_REDO && dr_game_redo_count(s->game) > 0 &&
        (s->repeat.to < 0 || ply < s->repeat.to)) {
        dr_session_act(s, DR_ACT_REDO, NULL, 0);
        return true;
    }
    if (s->repeat.kind != DR_ACT_NONE)
        snprintf(say, size, "%s", s->repeat.say);
    s->repeat.kind = DR_ACT_NONE;
    s->repeat.say[0] = 0;
    return false;
}

/* ---- a list of moves ---- */

static bool is_result(const char *w, size_t n)
{
    static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "*"};
    for (size_t i = 0; i < sizeof results / sizeof results[0]; i++)
        if (n == strlen(results[i]) && !strncmp(w, results[i], n))
            return true;
    return false;
}

const char *dr_session_list_word(const char *text, char *word, size_t size)
{
    for (;;) {
        while (isspace((unsigned char)*text))
            text++;
        if (!*text)
            return NULL;
        size_t n = strcspn(text, " \t\r\n");
        const char *w = text;
        text += n;
        /* "12." or "12..." alone, or glued to the move: "12.32-28" */
        size_t digits = strspn(w, "0123456789");
        if (digits && digits < n && w[digits] == '.') {
            size_t dots = strspn(w + digits, ".");
            w += digits + dots;
            n -= digits + dots;
        }
        if (n == 0 || is_result(w, n))
            continue;
        snprintf(word, size, "%.*s", (int)n, w);
        return text;
    }
}

bool dr_session_paste(struct dr_session *s, const char *text)
{
    if (!s->hotseat)
        return false;
    snprintf(s->paste.moves, sizeof s->paste.moves, "%s", text);
    s->paste.done = 0;
    return true;
}

enum dr_paste_step dr_session_paste_next(struct dr_session *s, char *say, size_t size)
{
    char word[64];
    say[0] = 0;
    const char *rest = dr_session_list_word(s->paste.moves, word, sizeof word);
    struct dr_move m;
    struct dr_error err;
    if (!rest) {
        s->paste.moves[0] = 0;
        return DR_PASTE_NONE;
    }
    if (!dr_move_parse(dr_game_variant(s->game), dr_game_position(s->game), word, &m, &err)) {
        snprintf(say, size, "Move %d of the list: %s. The list stops here.", s->paste.done + 1,
                 err.msg);
        s->paste.moves[0] = 0;
        return DR_PASTE_REFUSED;
    }
    memmove(s->paste.moves, rest, strlen(rest) + 1);
    s->paste.done++;
    dr_session_act(s, DR_ACT_MOVE, &m, 0);
    if (!dr_session_list_word(s->paste.moves, word, sizeof word)) {
        s->paste.moves[0] = 0;
        snprintf(say, size, "Played the %d moves of the list.", s->paste.done);
    }
    return DR_PASTE_MOVE;
}

/* ---- the clock and the level ---- */

bool dr_session_clock_tick(struct dr_session *s, int *side)
{
    bool fell = !dr_game_over(s->game) && dr_clock_flag_fell(&s->clock, s->now(), side);
    if (fell && dr_session_is_human(s, *side))
        s->person.flag_pending = true;
    else if (fell) /* the thinking engine hands it to the loop */
        dr_loop_post(s->loop, (struct dr_action){DR_ACT_FLAG, {0, 0, 0, 0}, 0});
    if (s->person.in_act && s->person.flag_pending && !s->person.have_action) {
        s->person.flag_pending = false;
        dr_session_act(s, DR_ACT_FLAG, NULL, 0);
    }
    return fell;
}

enum dr_level_change dr_session_change_level(struct dr_session *s, int dir)
{
    if (s->hotseat || !s->engine)
        return DR_LEVEL_NO_COMPUTER;
    int level = s->level + dir;
    if (level < 1 || level > DR_LEVELS)
        return DR_LEVEL_AT_END;
    bool thinking = dr_session_engine_thinking(s);
    s->level = level;
    if (!thinking) /* a search under way keeps its limits; the next move gets these */
        update_limits(s);
    return DR_LEVEL_CHANGED;
}

/* ---- saving ---- */

void dr_session_autosave_to(struct dr_session *s, const char *path, const char *note)
{
    snprintf(s->autosave.path, sizeof s->autosave.path, "%s", path);
    snprintf(s->autosave.note, sizeof s->autosave.note, "%s", note);
}

bool dr_session_autosaves(const struct dr_session *s) { return s->autosave.path[0] != 0; }

bool dr_session_autosave_news(struct dr_session *s, char *why, size_t size)
{
    if (!s->autosave.untold)
        return false;
    s->autosave.untold = false;
    snprintf(why, size, "%s", s->autosave.why);
    return true;
}

/* Who played, in the PDN tags the start screen reads back. */
static bool tag_players(const struct dr_session *s, struct dr_pdn_game *pg)
{
    char num[8];
    snprintf(num, sizeof num, "%d", s->level);
    return dr_pdn_set_tag(pg, "Site", "draughts") &&
           dr_pdn_set_tag(pg, "DraughtsMode", s->hotseat ? "hotseat" : "computer") &&
           dr_pdn_set_tag(pg, "DraughtsHuman", s->human_side == DR_BLACK ? "black" : "white") &&
           dr_pdn_set_tag(pg, "DraughtsLevel", num);
}

bool dr_session_save(const struct dr_session *s, const char *path, char *why, size_t size)
{
    char level[80];
    snprintf(level, sizeof level, "draughts (level %d)", s->level);
    const char *white = s->hotseat ? NULL : s->human_side == DR_WHITE ? "Human" : level;
    const char *black = s->hotseat ? NULL : s->human_side == DR_BLACK ? "Human" : level;
    struct dr_pdn_game *pg = dr_game_to_pdn(
        s->game, white, black, s->hotseat ? "Hot-seat game" : "Game against the computer");
    if (!pg || !tag_players(s, pg)) {
        snprintf(why, size, "out of memory");
        dr_pdn_game_free(pg);
        return false;
    }
    struct dr_error err;
    bool ok = dr_pdn_save(path, &pg, 1, false, &err);
    if (!ok)
        snprintf(why, size, "%s", err.msg);
    dr_pdn_game_free(pg);
    return ok;
}
