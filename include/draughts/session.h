/* A session: one game at the board from set-up to quit, between a person
 * and the computer or two people at one keyboard, with no terminal.  It
 * owns the game, the loop that runs it and the computer player, and it
 * decides what a screen's keys only ask for:
 *   - who plays: whose turn is a person's, whether the computer thinks;
 *   - the person's turn: the action a key decides goes to the loop (at
 *     once on the person's turn, queued while the computer thinks);
 *   - undo or redo again and again (Home, End, go to a move);
 *   - a pasted list of moves, played one a turn;
 *   - the clock (charged by the loop's events, its flag told to the loop)
 *     and the computer's limits for its next move (level, clock);
 *   - the autosave after every change of the game.
 * The session is the first view of its loop: the loop's events drive it.
 * A screen reads its fields and changes them through these functions. */
#ifndef DRAUGHTS_SESSION_H
#define DRAUGHTS_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "draughts/clock.h"
#include "draughts/game.h"
#include "draughts/loop.h"

/* What a session starts from. */
struct dr_session_setup {
    struct dr_variant variant;
    struct dr_position start;
    const struct dr_move *moves;  /* played before the loop starts */
    int nmoves;
    bool hotseat;
    bool replay;                  /* back to the start: the moves wait to be redone */
    int human_side, level;        /* against the computer */
    bool ponder, book;            /* the computer thinks on the person's time; plays
                                     from its opening book */
    int64_t clock_ms, increment_ms; /* 0: no clock */
    int64_t (*now)(void);         /* milliseconds for the clock; NULL: dr_monotonic_ms */
};

struct dr_session {
    struct dr_game *game;
    struct dr_loop *loop;
    struct dr_engine_player *engine;  /* NULL in hot-seat games */
    struct dr_player computer;        /* the engine as the loop's player */
    bool hotseat;                     /* two people (a replay is played as one) */
    bool replay;                      /* stepping through a saved game: no autosave */
    int human_side, level;
    bool ponder, book;
    int64_t clock_ms, increment_ms;
    int64_t (*now)(void);
    struct dr_clock clock;
    struct {                          /* the person's turn (the loop asked them) */
        bool in_act;
        bool have_action;
        struct dr_action action;
        bool flag_pending;            /* their time ran out: the loop hears it next */
    } person;
    struct {                          /* Home, End, go to a move */
        enum dr_action_kind kind;     /* undo or redo again and again, NONE: not */
        int to;                       /* stop at this ply; -1: all the way */
        char say[200];                /* said when it stops ("" for nothing) */
    } repeat;
    struct {                          /* a list of moves typed or pasted */
        char moves[320];              /* those still to play */
        int done;                     /* how many of the list were played */
    } paste;
    struct dr_session_autosave {
        char path[512];               /* "": no autosave */
        char note[600];               /* why it goes to a fallback place, "" if not */
        bool failed;
        bool untold;                  /* a failure the screen has not said yet */
        char why[300];
    } autosave;
};

/* The game of setup (its moves played; where they stop being legal is
 * said in why, "" when they all are) and its loop, the session its first
 * view.  The autosave's place and whether it failed stay from the session
 * before (a failure is told once while it lasts): zero a session before
 * its first open.  False when out of memory. */
bool dr_session_open(struct dr_session *s, const struct dr_session_setup *setup, char *why,
                     size_t size);
/* The players: person at both sides of a hot-seat game, else at
 * human_side and the computer (made now: its tables take a moment) at the
 * other.  False when the computer cannot be made. */
bool dr_session_seat(struct dr_session *s, const struct dr_player *person);
/* The loop until a player quits, then the autosave. */
void dr_session_run(struct dr_session *s);
void dr_session_close(struct dr_session *s);

/* Who plays. */
bool dr_session_is_human(const struct dr_session *s, int side);
bool dr_session_engine_thinking(const struct dr_session *s);
/* Who a resignation or a draw offer is from: the person's side while the
 * computer thinks, else 0 (the player asked to act). */
int dr_session_person(const struct dr_session *s);

/* The person's turn: begin, is an action decided, end (the action). */
void dr_session_turn_begin(struct dr_session *s);
bool dr_session_decided(const struct dr_session *s);
struct dr_action dr_session_turn_end(struct dr_session *s);
/* An action a key decided: the loop gets it (who: as dr_action.who). */
void dr_session_act(struct dr_session *s, enum dr_action_kind kind, const struct dr_move *m,
                    int who);

/* Undo (or redo) on each turn to ply `to` (-1: all the way), then say. */
void dr_session_repeat(struct dr_session *s, enum dr_action_kind kind, int to,
                       const char *say);
/* At a turn's beginning: the repeat's next undo or redo, acted (true);
 * false when there is none (a repeat that ends leaves its words in say). */
bool dr_session_repeat_next(struct dr_session *s, char *say, size_t size);

/* A list of moves ("1. 32-28 19-23 2. ..."), played one a turn: false
 * against the computer (type one move there). */
bool dr_session_paste(struct dr_session *s, const char *text);
enum dr_paste_step {
    DR_PASTE_NONE,    /* no list */
    DR_PASTE_MOVE,    /* its next move acted; after the last, say has "Played the..." */
    DR_PASTE_REFUSED, /* the next is no legal move: say why, the list stops */
};
enum dr_paste_step dr_session_paste_next(struct dr_session *s, char *say, size_t size);
/* The next move of a list into word (move numbers "12." and results
 * skipped); where the rest begins, NULL when no move is left. */
const char *dr_session_list_word(const char *text, char *word, size_t size);

/* The clock's flag now: true once when the side to move's time ran out
 * (*side whose); the loop hears it (the person's at their turn). */
bool dr_session_clock_tick(struct dr_session *s, int *side);

/* + and -: a stronger or weaker computer from its next move. */
enum dr_level_change { DR_LEVEL_CHANGED, DR_LEVEL_NO_COMPUTER, DR_LEVEL_AT_END };
enum dr_level_change dr_session_change_level(struct dr_session *s, int dir);

/* The autosave goes to path ("": none); note says why there ("" if all is
 * well).  A failure is told once: dr_session_autosave_news. */
void dr_session_autosave_to(struct dr_session *s, const char *path, const char *note);
bool dr_session_autosaves(const struct dr_session *s);
bool dr_session_autosave_news(struct dr_session *s, char *why, size_t size);
/* The game as PDN, with who played it (tags DraughtsMode, DraughtsHuman,
 * DraughtsLevel), written atomically. */
bool dr_session_save(const struct dr_session *s, const char *path, char *why, size_t size);

#endif
