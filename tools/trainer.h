/* Fitting the learned evaluation's weights to labelled positions: logistic
 * regression of the game's outcome on the evaluation (sigmoid(eval / K)),
 * minibatch Adam, L2 on the pattern weights.  The features are the
 * engine's own (eval_globals, pat_indexes), so what is fitted is exactly
 * what the search computes.  Used by tools/train.c and tests/test_train.c. */
#ifndef DR_TRAINER_H
#define DR_TRAINER_H

#include <stddef.h>
#include <stdint.h>

#include "eval.h"

/* centi-men per unit of logit: sigmoid(eval / TRAIN_K) is White's expected score */
#define TRAIN_K 100.0

struct train_sample {
    int16_t g[EVAL_NGLOBAL];
    uint16_t idx[2][PAT_MAX_WINDOWS];
    uint16_t edge[2][PAT_MAX_EDGES];
    float phase;   /* weight of the opening set, 0..1 */
    float target;  /* White's expected score, 0..1 */
    uint8_t side;  /* to move */
};

struct train_set {
    struct train_sample *s;
    size_t n, cap;
};

/* Add pos labelled with target; false when out of memory. */
bool train_set_add(struct train_set *set, const struct evaluator *ev,
                   const struct dr_position *pos, float target);
void train_set_free(struct train_set *set);

struct train_params {
    double lr;      /* Adam's step, centi-men */
    double l2;      /* weight decay on the pattern weights, per step */
    int batch;
    int sets;       /* tables per window (weights.h); 0: as many as the start's */
    bool anchor;    /* decay towards the starting weights instead of zero */
    bool edges;     /* fit tables for the edge strips (pattern.h), from zero when
                       the starting weights have none */
};

struct trainer {
    int nwin, sets, nedge;
    size_t set_pairs;          /* pairs of one set of tables (pat_set_pairs) */
    size_t pairs;              /* weight pairs: globals, then the windows' tables */
    float *w, *grad, *m, *v;   /* [pairs * 2] */
    float *w0;                 /* the starting weights, with p.anchor */
    uint32_t *stamp;           /* the last step that touched a weight */
    size_t *touched, ntouched;
    uint64_t step;
    struct train_params p;
};

/* Start from ev's weights (learned ones, or the hand-set row for the
 * global terms with empty patterns).  Going from one set to two, both
 * start as copies of the one.  The trainer always fits every global term
 * (eval.h's king terms too, from zero when ev's file has none): the
 * samples must be made with ev->king_terms on (eval_set_king_terms).
 * With p->anchor the decay pulls the tables towards where they started,
 * not towards zero: a fit on new data keeps what the starting weights
 * learned from data it no longer has, where the new data says little. */
bool trainer_init(struct trainer *t, const struct evaluator *ev, const struct train_params *p);
void trainer_free(struct trainer *t);

/* White's score for sample s in centi-men. */
double trainer_predict(const struct trainer *t, const struct train_sample *s);

/* Mean cross-entropy of the predictions against the targets. */
double trainer_loss(const struct trainer *t, const struct train_set *set);

/* One pass over set in a random order (rng: the shuffle's state). */
void trainer_epoch(struct trainer *t, struct train_set *set, uint64_t *rng);

/* The weights rounded to the file's units (w->pairs allocated). */
bool trainer_weights(const struct trainer *t, const char *variant, struct weights *w);

#endif
