/* Games of the loop as PDN games and back: for saving, autosave, matches
 * and loading a game to continue it. */
#ifndef DRAUGHTS_GAME_PDN_H
#define DRAUGHTS_GAME_PDN_H

#include "draughts/game.h"
#include "draughts/pdn.h"

/* The Result tag of g as its GameType writes it: "2-0/1-1/0-2" for the
 * International family (types 20 and 27), "1-0/1/2-1/2/0-1" otherwise, the
 * first number being the score of the side that moves first in types 21
 * and 23 (the checkers family), White's elsewhere; "*" while it goes on. */
const char *dr_game_result_tag(const struct dr_game *g);

/* A PDN game with g's start, moves played (not the redo list), players,
 * result and a Termination tag in words.  white/black/event may be NULL
 * ("?").  NULL when out of memory. */
struct dr_pdn_game *dr_game_to_pdn(const struct dr_game *g, const char *white,
                                   const char *black, const char *event);

/* A game from a PDN game's start position and main line (its variant must be
 * known).  NULL with a message when the game cannot be played again. */
struct dr_game *dr_game_from_pdn(const struct dr_pdn_game *pg, struct dr_error *err);

#endif
