/* Static evaluation.  Learned: the pattern windows (pattern.h) and a few
 * global terms, an opening and an endgame set of weights blended by the men
 * left, trained from self-play games (tools/train.c, weights/).  Hand-set:
 * a dot product of the global features and one row of weights per kind of
 * game the variant's flags describe, for boards without learned weights.
 * The features are exposed so that the trainer computes exactly what the
 * search will. */
#ifndef DR_EVAL_H
#define DR_EVAL_H

#include <stdint.h>

#include "draughts/error.h"
#include "draughts/position.h"
#include "draughts/variant.h"
#include "pattern.h"
#include "weights.h"

enum eval_feature {
    EF_MAN,             /* men */
    EF_KING,            /* kings */
    EF_ADVANCE,         /* rows the men have advanced */
    EF_CENTRE,          /* men on the central files */
    EF_BACK_RANK,       /* men still guarding the own back row, while the enemy has no king */
    EF_RUNAWAY,         /* men no enemy piece can stop */
    EF_RUNAWAY_NEAR,    /* rows already crossed by those men, plus one */
    EF_MOBILITY,        /* ordinary man moves */
    EF_TEMPO_IMBALANCE, /* rows of advance one wing has over the other */
    EVAL_NFEATURES
};

/* The learned evaluation's global terms: the features above and one for a
 * side having a king at all (the first king is worth more than the next);
 * weights files made before the king terms hold only these. */
#define EVAL_NGLOBAL_CLASSIC (EVAL_NFEATURES + 1)

/* The king terms after them, as Scan 2.0's evaluation has them: the empty
 * squares the kings reach in one move, apart (safe) and counted apart when
 * an enemy man could take a king there (denied), and a king's square in its
 * own side's view (a table of DR_MAX_SQUARES).  Files with these also blend
 * their two sets by the rows the men still have to go, not by the men left:
 * a closed middle game whose men have advanced is nearer its end. */
enum {
    EG_HAS_KING = EVAL_NFEATURES,
    EG_KING_SAFE,
    EG_KING_DENIED,
    EG_KING_SQUARE,
    EVAL_NGLOBAL = EG_KING_SQUARE + DR_MAX_SQUARES
};

extern const char *const eval_feature_names[EVAL_NFEATURES];

struct eval_family {
    const char *name;
    int w[EVAL_NFEATURES];  /* centi-men per unit of each feature */
};

struct evaluator {
    const struct dr_variant *v;
    const struct eval_family *family;
    uint64_t centre;                     /* central files */
    /* the runaways' cones (eval.c) turned round: from a piece, the steps (bit sets of enum
     * dr_dir) that reach the squares whose cone holds it, one row back
     * towards side's first row, and along its own row */
    unsigned cone_back[2], cone_along;
    uint64_t left_half;
    int rows_done[2][DR_MAX_SQUARES];    /* rows a man has crossed from its first row */
    uint64_t rows_done_bit[2][6];        /* squares whose rows_done has bit k set */
    int row_planes;                      /* bits of the largest rows_done */
    /* Killer-style halts let two kings beat one; elsewhere few kings vs one
     * flying king is a draw */
    int drawn_kings_vs_lone_king;
    int own_square[2][DR_MAX_SQUARES];   /* a square as that side sees it (White's
                                            own; Black's turned half round) */
    int pip_full;                        /* rows the men have to go at the start */
    bool king_terms;                     /* the king terms and the rows phase (above) */
    /* the learned evaluation, when weights for this board exist */
    struct pat_layout layout;
    bool has_layout;
    struct weights w;       /* w.pairs NULL: hand-set */
    char source[96];        /* which evaluation, for the user */
};

/* Chooses the compiled-in weights made for v's rules, else those of the
 * built-in variant with the same board whose rules differ least, else the
 * hand-set weights; source says which. */
void eval_init(struct evaluator *ev, const struct dr_variant *v);
void eval_free(struct evaluator *ev);

/* Use the weights file at path instead (false, with the reason, when it
 * does not fit the variant's board); path NULL: the hand-set weights. */
bool eval_load_weights(struct evaluator *ev, const char *path, struct dr_error *err);

/* The learned evaluation's inputs: the global terms (White minus Black;
 * the king terms zero unless ev->king_terms) and the phase, the weight of
 * the opening set out of eval_phase_full: the men left, or with the king
 * terms the rows the men have to go. */
void eval_globals(const struct evaluator *ev, const struct dr_position *pos,
                  int g[EVAL_NGLOBAL]);
int eval_phase(const struct evaluator *ev, const struct dr_position *pos);
int eval_phase_full(const struct evaluator *ev);

/* Switch the king terms and the rows phase on or off (the trainer makes
 * files with them; a loaded file says by its count of global terms). */
void eval_set_king_terms(struct evaluator *ev, bool on);

/* The features of pos, White's count minus Black's. */
void eval_features(const struct evaluator *ev, const struct dr_position *pos,
                   int f[EVAL_NFEATURES]);

/* Only kings left, few against a lone flying king: nothing can be forced. */
int eval_drawish(const struct evaluator *ev, const struct dr_position *pos);

static inline int eval_dot(const int *w, const int *f)
{
    int s = 0;
    for (int i = 0; i < EVAL_NFEATURES; i++)
        s += w[i] * f[i];
    return s;
}

/* From the side to move's view, in centi-men. */
int eval_position(const struct evaluator *ev, const struct dr_position *pos);

#endif
