/* An external engine that speaks Hub, as a player of the game loop. */
#ifndef DR_HUB_CLIENT_H
#define DR_HUB_CLIENT_H

#include <stddef.h>

#include "draughts/clock.h"
#include "hub.h"

struct hub_client;

/* Start command (through /bin/sh) and do the Hub handshake for v, with
 * the threads parameter when threads > 0. */
struct hub_client *hub_client_start(const char *command, const struct dr_variant *v,
                                    const struct dr_limits *limits, int threads, char *err,
                                    size_t err_size);
void hub_client_stop(struct hub_client *c);

/* It exited, or stopped answering even ping: start it again. */
bool hub_client_dead(const struct hub_client *c);
void hub_client_new_game(struct hub_client *c);
const char *hub_client_name(const struct hub_client *c);
/* Why the engine last failed (empty when it did not). */
const char *hub_client_error(const struct hub_client *c);

/* Play on a game clock shared with the other player (NULL: the level of
 * hub_client_start).  The engine is told both clocks, is charged the time
 * from its go (or ponder-hit) to its done, and loses on time when its
 * clock runs out.  The caller starts the clock when the game starts. */
void hub_client_set_clock(struct hub_client *c, struct dr_clock *clock);
/* Think on the reply the engine expects (its done's ponder=) while the
 * other side thinks: "go ponder", then "ponder-hit" when that reply is
 * played, "stop" when another is. */
void hub_client_set_ponder(struct hub_client *c, bool on);
/* How often it pondered, and how often the reply was the one expected. */
void hub_client_ponder_stats(const struct hub_client *c, int *tries, int *hits);

/* A loop player; an engine that fails or plays an illegal move resigns. */
struct dr_player hub_client_player(struct hub_client *c);

#endif
