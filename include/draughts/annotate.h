/* Study a game with the engine: a score for every position of a line, the
 * engine's better move and line where the move played falls short, and a
 * mark (?!, ?, ??) by how much ground the move lost.  `draughts annotate`
 * writes these into a PDN copy of the game; the replay screen plots them. */
#ifndef DRAUGHTS_ANNOTATE_H
#define DRAUGHTS_ANNOTATE_H

#include <stdbool.h>
#include <stddef.h>

#include "draughts/engine.h"
#include "draughts/move.h"
#include "draughts/pdn.h"
#include "draughts/position.h"
#include "draughts/variant.h"

#define DR_ANNOTATE_PV 24

/* The engine's view of one position of the line. */
struct dr_annotation {
    bool searched;     /* false: not (yet) searched */
    bool has_move;     /* false: the side to move has no legal move */
    int score;         /* centi-men from White's side; beyond +-DR_SCORE_KNOWN_WIN a forced win */
    int depth;
    struct dr_move best;
    int pv_len;        /* the line from best on */
    struct dr_move pv[DR_ANNOTATE_PV];
};

/* How bad a move was, judged from the scores before and after it. */
enum dr_mark { DR_MARK_NONE, DR_MARK_INACCURACY, DR_MARK_MISTAKE, DR_MARK_BLUNDER };

/* Called after each position is searched: done of total positions, and the
 * index of the one just searched.  Return false to stop the study early. */
typedef bool (*dr_annotate_progress_fn)(void *arg, int done, int total, int index);

/* Search every position of the line start, moves[0..n-1]: out[i] is the
 * position before moves[i], out[n] the last one.  Each search sees the
 * game before it (repetitions and draw counters).  Returns the number of
 * positions searched (n + 1 unless stopped).  Allocates nothing during the
 * searches; e must have been made for v. */
int dr_annotate_line(struct dr_engine *e, const struct dr_variant *v,
                     const struct dr_position *start, const struct dr_move *moves, int n,
                     const struct dr_limits *limits, struct dr_annotation *out,
                     dr_annotate_progress_fn progress, void *arg);

/* The chances of the side ahead, from -1 (lost) to 1 (won), for a score
 * from White's side: one man up is about 0.46. */
double dr_annotate_chances(int score);

/* The mark of a move by mover (DR_WHITE/DR_BLACK) that took the score from
 * before to after (both from White's side): by the chances it threw away. */
enum dr_mark dr_annotate_mark(int mover, int before, int after);
const char *dr_mark_text(enum dr_mark m); /* "", "?!", "?", "??" */

/* "0.35", "-1.20", "#7" (White mates... wins in 7 moves), "#-7". */
void dr_annotate_format_score(int score, char *out, size_t size);
/* The score of a "[%eval X]" command in a PDN comment; false when none. */
bool dr_annotate_parse_score(const char *comment, int *score);

/* Write a study of g's main line (a[0..n], as dr_annotate_line made it for
 * the line's n moves) into g: each move's comment gets "[%eval X]" for the
 * position after it (an older %eval is replaced, other text kept); a move
 * that loses ground gets its mark (unless it has a strength already) and a
 * variation with the engine's line.  False when out of memory. */
bool dr_annotate_game(struct dr_pdn_game *g, const struct dr_annotation *a, int n);

#endif
