/* PDN FEN: "W:W31-50:B1-20".  Squares may be numeric or algebraic on any
 * board; the writer uses the variant's own notation. */
#ifndef DRAUGHTS_FEN_H
#define DRAUGHTS_FEN_H

#include <stdbool.h>
#include <stddef.h>

#include "draughts/error.h"
#include "draughts/position.h"
#include "draughts/variant.h"

bool dr_fen_parse(const struct dr_variant *v, const char *fen, struct dr_position *pos,
                  struct dr_error *err);

/* Writes at most size bytes including the terminator; returns the length. */
size_t dr_fen_write(const struct dr_variant *v, const struct dr_position *pos, char *buf,
                    size_t size);

#endif
