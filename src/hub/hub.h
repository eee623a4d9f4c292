/* The engine protocol front end (Hub protocol version 2, as Scan 3.x speaks
 * it) and a player that drives an external Hub engine. */
#ifndef DR_HUB_H
#define DR_HUB_H

#include <stdbool.h>
#include <stdio.h>

#include "draughts/loop.h"

/* What the command line sets: the weights file the engine evaluates with
 * (NULL: compiled in) and its opening book (NULL: the compiled-in book,
 * "off": none, else a book file of one's own) and its threads. */
struct hub_options {
    const char *weights;
    const char *book;
    int threads;         /* search threads until the param says otherwise (0: one) */
    enum dr_selective selective; /* until the param says otherwise */
};

/* Speak Hub on in_fd/out until "quit" or end of input; returns 0. */
int hub_serve(int in_fd, FILE *out, const struct hub_options *opts);

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
