/* The move generator is compiled once generically and once for each of a
 * few fixed geometries and rule sets (movegen.c).  Internal to the rules
 * library. */
#ifndef DR_MOVEGEN_INSTANCE_H
#define DR_MOVEGEN_INSTANCE_H

#include <stdint.h>

#include "draughts/variant.h"

/* The instance that serves v, from its flags and geometry (0 = generic),
 * for v->movegen once the geometry is built. */
uint8_t movegen_instance_of(const struct dr_variant *v);

#endif
