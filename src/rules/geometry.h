/* Board geometry: which bit stands for which square, computed from the
 * variant's board keys.  Internal to the rules library. */
#ifndef DR_GEOMETRY_H
#define DR_GEOMETRY_H

#include "draughts/variant.h"

/* Bits needed for the board (may exceed 64: the caller rejects it). */
int geometry_bits(const struct dr_variant *v);

/* Fill the geometry fields of v (shifts, masks, rays, names). */
void geometry_build(struct dr_variant *v);

/* Bit of (file, rank), 0-based, or -1 when it is not a playing square. */
int geometry_square(const struct dr_variant *v, int file, int rank);

#endif
