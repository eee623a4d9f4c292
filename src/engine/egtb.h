/* Endgame tables: for every position of at most four pieces (three on the
 * all-squares 8x8 boards, where four would hold too many), how many plies
 * the side to move needs to win, or how long it can hold out, with best
 * play (or a draw).  Built from the variant's own move generator, so every
 * rules file gets its tables, and shared by the engines of a process that
 * play the same rules.  The distances know no draw counter; beside each the
 * tables keep what the counters must leave for it to hold (egtb_fits). */
#ifndef DR_EGTB_H
#define DR_EGTB_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "draughts/position.h"
#include "draughts/variant.h"

#define EGTB_MAX_PIECES 4
/* Fewer pieces where the classes of EGTB_MAX_PIECES would hold more
 * positions (a byte each) than this: the all-squares 8x8 boards. */
#define EGTB_MAX_POSITIONS 64000000

struct egtb;

/* On this project's machine: about 1 s for 8x8 (four pieces, 30 MiB),
 * 10 to 18 s for 10x10 (four pieces, 110 MiB kept), under a second for the
 * all-squares boards (three pieces).  NULL when the memory is not there, when *cancel
 * (may be NULL) was set, or when some rules file makes an ending longer
 * than a byte counts (253 plies): the engine then searches without.  most:
 * the most pieces wanted (a search never has more than its root).  dir (may
 * be NULL): where built tables are kept; they are read from there when a
 * file matches these rules and pieces exactly (a tenth of a second for
 * 10x10), written there after a build. */
struct egtb *egtb_build(const struct dr_variant *v, int most, const char *dir,
                        const atomic_bool *cancel);
void egtb_free(struct egtb *t);

/* The tables of v's rules, of up to most pieces or more, shared by all the
 * engines of the process: the first to ask builds them, the others wait for that build (NULL when it
 * fails or *cancel is set).  Each table acquired is released once; after the
 * last release they stay for the next engine of the same rules until tables
 * of other rules are asked for.  Kept between runs in $DRAUGHTS_TABLES_DIR
 * (empty: not kept), else $XDG_CACHE_HOME/draughts or ~/.cache/draughts. */
struct egtb *egtb_acquire(const struct dr_variant *v, int most, const atomic_bool *cancel);
void egtb_release(struct egtb *t);

enum egtb_result { EGTB_NONE, EGTB_DRAW, EGTB_WIN, EGTB_LOSS };

/* The result for the side to move and, for a win or a loss, the plies to
 * the end of the game (*plies).  EGTB_NONE when pos has too many pieces or
 * a side has none. */
enum egtb_result egtb_probe(const struct egtb *t, const struct dr_position *pos, int *plies);

/* The most pieces a position of these tables has (0 without tables). */
int egtb_pieces(const struct egtb *t);

/* Longest win in the tables, in plies (for reports and tests). */
int egtb_longest(const struct egtb *t);

/* Does the win or loss egtb_probe gives for pos hold under the draw
 * counters: kings_only plies of king moves made, material_left plies left to
 * the material count that runs (0: none)?  True when the winner's shortest
 * win leaves every count room to the end, or the variant has no count; false
 * when some count may stop it (or the rules' counts are beyond what the
 * tables measure: a material count longer than the kings-only one). */
bool egtb_fits(const struct egtb *t, const struct dr_position *pos, int kings_only,
               int material_left);

/* egtb_probe under the draw counters: a win or loss only where egtb_fits
 * holds it (else EGTB_NONE: the search decides); a draw whatever the counts. */
enum egtb_result egtb_probe_counted(const struct egtb *t, const struct dr_position *pos,
                                    int kings_only, int material_left, int *plies);

#endif
