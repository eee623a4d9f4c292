/* An external engine that speaks Hub, as a player of the game loop. */
#ifndef DR_HUB_CLIENT_H
#define DR_HUB_CLIENT_H

#include <stddef.h>

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

/* A loop player; an engine that fails or plays an illegal move resigns. */
struct dr_player hub_client_player(struct hub_client *c);

#endif
