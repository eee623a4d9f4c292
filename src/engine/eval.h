/* Static evaluation: material and the positional terms of draughts, with
 * weights chosen by the kind of game the variant's flags describe. */
#ifndef DR_EVAL_H
#define DR_EVAL_H

#include <stdint.h>

#include "draughts/position.h"
#include "draughts/variant.h"

struct eval_weights {
    const char *family;
    int man, king;
    int advance;        /* per row a man has advanced */
    int centre;         /* per man on the central files */
    int back_rank;      /* per man still guarding the own back row */
    int runaway;        /* a man no enemy piece can stop, scaled by nearness */
    int mobility;       /* per ordinary man move */
    int tempo_balance;  /* per row of imbalance between the wings (penalty) */
};

struct evaluator {
    const struct dr_variant *v;
    const struct eval_weights *w;
    uint64_t centre;                     /* central files */
    uint64_t cone[2][DR_MAX_SQUARES];    /* squares ahead of a man that could stop it */
    uint64_t left_half, right_half;
    int rows_to_go[2][DR_MAX_SQUARES];   /* rows a man still has to cross */
    /* Killer-style halts let two kings beat one; elsewhere few kings vs one
     * flying king is a draw */
    int drawn_kings_vs_lone_king;
};

void eval_init(struct evaluator *ev, const struct dr_variant *v);

/* From the side to move's view, in centi-men. */
int eval_position(const struct evaluator *ev, const struct dr_position *pos);

#endif
