/* The engine protocol front end (Hub protocol version 2, as Scan 3.x speaks
 * it) and a player that drives an external Hub engine. */
#ifndef DR_HUB_H
#define DR_HUB_H

#include <stdbool.h>
#include <stdio.h>

#include "draughts/loop.h"

/* Speak Hub on in_fd/out until "quit" or end of input; returns 0.  The
 * engine evaluates with the weights file `weights` (NULL: compiled in). */
int hub_serve(int in_fd, FILE *out, const char *weights);

/* Moves in Hub form: "32-28", or "28x19x23" (from, to, captured squares in
 * any order); also accepts PDN capture paths. */
bool hub_parse_move(const struct dr_variant *v, const struct dr_position *pos, const char *text,
                    struct dr_move *out, struct dr_error *err);
void hub_format_move(const struct dr_variant *v, const struct dr_move *m, char *out, size_t size);

/* Hub position: side to move then one character per square in numeric order
 * (w b W B e). */
bool hub_parse_position(const struct dr_variant *v, const char *text, struct dr_position *pos,
                        struct dr_error *err);
void hub_format_position(const struct dr_variant *v, const struct dr_position *pos, char *out,
                         size_t size);

#endif
