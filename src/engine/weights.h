/* Learned evaluation weights: the file format, its checks, and the sets
 * compiled into the binary (weights/VARIANT.weights, see cmake/weights2c.c).
 *
 * A file is a 72-byte header and the weights, all little-endian:
 *   "DRWEIGHT", u32 version, char variant[32] (the rules it was trained
 *   for), u16 width, u16 height, u8 all_squares, u8 sets, u8 edge strips
 *   (0, or the board's: pattern.h), u8 squares of a strip (9, or 0 without),
 *   u32 windows, u32 globals, u32 configurations (3^8), u32 count, u32
 *   checksum (FNV-1a of the data), then count pairs of i16 (opening,
 *   endgame): the global terms first, then each set's tables, one per
 *   window, of configurations, followed by one per edge strip of 3^9.
 * sets is 1 (a window's weight does not depend on who is to move) or 2 (the
 * first set read when the view's own side is to move, the second when the
 * other side is: a tempo matters in draughts).  Version 1 files have a zero
 * there and one set, versions 1 and 2 no edge strips; they are still read.
 * A weight is in 1/WEIGHTS_UNIT of a centi-man. */
#ifndef DR_WEIGHTS_H
#define DR_WEIGHTS_H

#include <stddef.h>
#include <stdint.h>

#include "draughts/error.h"
#include "draughts/variant.h"
#include "pattern.h"

#define WEIGHTS_VERSION 3
#define WEIGHTS_MAX_SETS 2
#define WEIGHTS_HEADER 72
#define WEIGHTS_UNIT 16
/* Global terms of the files made before the king terms (eval.h); a file
 * holds these or all of the reader's. */
#define WEIGHTS_NGLOBAL_BEFORE_KINGS 10

struct weights {
    char variant[DR_NAME_LEN];
    int nglobal, nwin;
    int sets;              /* tables per window: 1, or 2 split by the side to move */
    int nedge;             /* edge strips with tables: 0 or the layout's nedge */
    size_t count;          /* pairs */
    int16_t *pairs;        /* [count][2]: opening, endgame */
};

/* The header's variant name (for choosing among the compiled-in sets);
 * false when bytes do not start with a header. */
bool weights_peek_variant(const uint8_t *bytes, size_t size, char name[DR_NAME_LEN]);

/* Read and check a weights image made for the windows lay and nglobal
 * global terms (or WEIGHTS_NGLOBAL_BEFORE_KINGS; out->nglobal says which):
 * magic, version, board, counts, size and checksum.  source names it in err
 * ("weights/international.weights: ..."). */
bool weights_parse(const uint8_t *bytes, size_t size, const char *source,
                   const struct dr_variant *v, const struct pat_layout *lay, int nglobal,
                   struct weights *out, struct dr_error *err);

bool weights_load_file(const char *path, const struct dr_variant *v,
                       const struct pat_layout *lay, int nglobal, struct weights *out,
                       struct dr_error *err);

/* Write w (made for v) to path through a temporary file and a rename. */
bool weights_write_file(const char *path, const struct dr_variant *v, const struct weights *w,
                        struct dr_error *err);

void weights_free(struct weights *w);

/* The compiled-in sets (the generated builtin_weights.c). */
struct weights_blob {
    const char *file;         /* weights/NAME.weights */
    const uint8_t *bytes;
    size_t size;
};
extern const struct weights_blob weights_builtin[];
extern const int weights_builtin_count;

#endif
