/* THE game loop.  It asks the player whose turn it is for an action, applies
 * it to the game and tells every view what happened.  A human at the board,
 * the engine, a replayed game, a test script and the Hub front end are all
 * players or views of this loop; nothing else changes a game in play. */
#ifndef DRAUGHTS_LOOP_H
#define DRAUGHTS_LOOP_H

#include <stdbool.h>

#include "draughts/engine.h"
#include "draughts/game.h"

enum dr_action_kind {
    DR_ACT_NONE,
    DR_ACT_MOVE,
    DR_ACT_UNDO,       /* against the computer: back to the human's turn */
    DR_ACT_REDO,
    DR_ACT_RESIGN,
    DR_ACT_OFFER_DRAW,
    DR_ACT_NEW_GAME,
    DR_ACT_MOVE_NOW,   /* tell a thinking engine to answer now */
    DR_ACT_QUIT,
    DR_ACT_FLAG,       /* the acting player's clock ran out: it loses on time */
    DR_ACT_ADJUDICATE_DRAW, /* an arbiter ends a game that would not end (match cap) */
};

struct dr_action {
    enum dr_action_kind kind;
    struct dr_move move;
    /* who resigns, offers a draw or flags: 0 the player asked to act,
     * 1 + DR_WHITE or 1 + DR_BLACK that side (a person resigning while the
     * engine thinks) */
    int who;
};

struct dr_loop;

struct dr_player {
    const char *name;
    bool is_engine;    /* undo against it takes back a whole move pair */
    bool interactive;  /* is asked what to do once the game is over */
    void *ctx;
    /* What this player does now (its side is to move, or the game is over).
     * May block; a thinking player calls dr_loop_poll() so views stay live. */
    struct dr_action (*act)(void *ctx, struct dr_loop *loop);
    /* The opponent offers a draw. */
    bool (*accept_draw)(void *ctx, struct dr_loop *loop);
};

enum dr_event {
    DR_EV_START,     /* a game begins (also after new game) */
    DR_EV_MOVE,      /* data: the struct dr_move played */
    DR_EV_UNDO,
    DR_EV_REDO,
    DR_EV_OVER,      /* the game just ended */
    DR_EV_DRAW_DECLINED,
    DR_EV_INFO,      /* data: struct dr_search_info from a thinking engine */
    DR_EV_MESSAGE,   /* data: a const char * for the status line */
    DR_EV_QUIT,
};

struct dr_view {
    void *ctx;
    void (*event)(void *ctx, struct dr_loop *loop, enum dr_event ev, const void *data);
    /* Handle input for up to timeout_ms while a player thinks; may post. */
    void (*poll)(void *ctx, struct dr_loop *loop, int timeout_ms);
};

#define DR_LOOP_MAX_VIEWS 8

struct dr_loop *dr_loop_new(struct dr_game *g);
void dr_loop_free(struct dr_loop *loop);
void dr_loop_set_player(struct dr_loop *loop, int side, const struct dr_player *p);
bool dr_loop_add_view(struct dr_loop *loop, const struct dr_view *v);
struct dr_game *dr_loop_game(struct dr_loop *loop);
const struct dr_player *dr_loop_player(const struct dr_loop *loop, int side);

/* Run until a player quits (returns true) or the game is over and no
 * interactive player is left to ask (returns false). */
bool dr_loop_run(struct dr_loop *loop);

/* For views: queue an action for the loop (e.g. undo pressed while the
 * engine thinks).  For players: take the queued action, if any. */
void dr_loop_post(struct dr_loop *loop, struct dr_action a);
bool dr_loop_take(struct dr_loop *loop, struct dr_action *a);

/* For thinking players: give the views up to timeout_ms. */
void dr_loop_poll(struct dr_loop *loop, int timeout_ms);

/* Tell the views something (search info, a message). */
void dr_loop_notify(struct dr_loop *loop, enum dr_event ev, const void *data);

/* Named strength levels for people: 1 (beginner) .. DR_LEVELS. */
#define DR_LEVELS 6
const char *dr_level_name(int level);
void dr_level_limits(int level, struct dr_limits *limits);
/* The search threads of a level: every core for the timed levels (a person
 * waits the same time either way), one for the depth-limited ones. */
int dr_level_threads(int level);

/* A player that asks the engine (searching in a thread of its own). */
struct dr_engine_player;
struct dr_book;
struct dr_engine_player *dr_engine_player_new(const struct dr_variant *v, size_t hash_mib);
void dr_engine_player_free(struct dr_engine_player *p);
void dr_engine_player_set_limits(struct dr_engine_player *p, const struct dr_limits *l);
struct dr_engine *dr_engine_player_engine(struct dr_engine_player *p);
/* Pondering: after its move the engine thinks on the reply it expects (off
 * by default); a game's end, an undo or a new game should stop it. */
void dr_engine_player_set_ponder(struct dr_engine_player *p, bool on);
void dr_engine_player_stop_ponder(struct dr_engine_player *p);
bool dr_engine_player_pondering(const struct dr_engine_player *p);
/* The reply a ponder search expects (false when none runs), and how many
 * times the expected reply came. */
bool dr_engine_player_expected(const struct dr_engine_player *p, struct dr_move *reply);
int dr_engine_player_ponder_hits(const struct dr_engine_player *p);
/* The engine's search threads (stops a ponder search first). */
bool dr_engine_player_set_threads(struct dr_engine_player *p, int threads);
/* The opening book (on by default): a timed or limited search of a
 * position in the book plays a book move instead (chosen at random among
 * the near-best, from seed; 0 keeps the seed), an infinite one (analysis,
 * pondering) searches.  own is a book of one's own (borrowed), NULL the
 * compiled-in book of the game's variant. */
void dr_engine_player_set_book(struct dr_engine_player *p, bool on, const struct dr_book *own,
                               uint64_t seed);
int dr_engine_player_book_moves(const struct dr_engine_player *p); /* played so far */
/* Whether a level ponders by default: the timed ones of 2 s and more. */
bool dr_level_ponders(int level);
struct dr_player dr_engine_player_as_player(struct dr_engine_player *p, const char *name);

/* What the engine must know of g's past to see its draws: the keys (borrowed
 * from g, valid until it changes) and the running counters. */
void dr_game_engine_context(const struct dr_game *g, struct dr_game_context *ctx);

#endif
