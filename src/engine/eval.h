/* Static evaluation: a dot product of features (white minus black) and
 * weights, one row of weights per kind of game the variant's flags describe.
 * The features are exposed so that a tuner can fit the weights (tools/tune.c). */
#ifndef DR_EVAL_H
#define DR_EVAL_H

#include <stdint.h>

#include "draughts/position.h"
#include "draughts/variant.h"

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

extern const char *const eval_feature_names[EVAL_NFEATURES];

struct eval_family {
    const char *name;
    int w[EVAL_NFEATURES];  /* centi-men per unit of each feature */
};

struct evaluator {
    const struct dr_variant *v;
    const struct eval_family *family;
    uint64_t centre;                     /* central files */
    uint64_t cone[2][DR_MAX_SQUARES];    /* squares ahead of a man that could stop it */
    uint64_t left_half;
    int rows_done[2][DR_MAX_SQUARES];    /* rows a man has crossed from its first row */
    /* Killer-style halts let two kings beat one; elsewhere few kings vs one
     * flying king is a draw */
    int drawn_kings_vs_lone_king;
};

void eval_init(struct evaluator *ev, const struct dr_variant *v);

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
