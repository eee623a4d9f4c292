/* Players and views for scripts and tests: no terminal needed. */
#ifndef DRAUGHTS_PLAYERS_H
#define DRAUGHTS_PLAYERS_H

#include <stdio.h>

#include "draughts/loop.h"

/* Plays the given move texts in order (PDN notation, or the words "undo",
 * "redo", "resign", "draw", "new", "quit"), then quits.  Reads its script
 * from a NULL-terminated array. */
struct dr_script_player {
    const char *const *script;
    int next;
    bool accept_draws;
    int errors;          /* texts that named no legal move */
};
struct dr_player dr_script_player(struct dr_script_player *s, const char *name);

/* A player that picks uniformly among the legal moves (seeded). */
struct dr_random_player {
    uint64_t seed;
};
struct dr_player dr_random_player(struct dr_random_player *r, const char *name);

/* An arbiter's cap around another player: once the game has max_plies plies
 * it is adjudicated a draw.  A match needs it: German, Turkish and Armenian
 * have no move counter, and two engines can avoid a repetition for ever.
 * Draw offers go to the inner player. */
struct dr_capped_player {
    struct dr_player inner;
    int max_plies;
};
struct dr_player dr_capped_player(struct dr_capped_player *c);

/* A view that writes the game as it goes: moves, results, messages. */
struct dr_text_view {
    FILE *out;
    bool show_board;
};
struct dr_view dr_text_view(struct dr_text_view *t);

/* Draw the position as text (for the text view and debugging). */
void dr_board_text(const struct dr_variant *v, const struct dr_position *pos, FILE *out);

#endif
