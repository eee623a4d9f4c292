#include "trainer.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool train_set_add(struct train_set *set, const struct evaluator *ev,
                   const struct dr_position *pos, float target)
{
    if (set->n == set->cap) {
        size_t cap = set->cap ? set->cap * 2 : 65536;
        struct train_sample *s = realloc(set->s, cap * sizeof *s);
        if (!s)
            return false;
        set->s = s;
        set->cap = cap;
    }
    struct train_sample *s = &set->s[set->n++];
    memset(s, 0, sizeof *s);
    int g[EVAL_NGLOBAL];
    eval_globals(ev, pos, g);
    for (int i = 0; i < EVAL_NGLOBAL; i++)
        s->g[i] = (int16_t)g[i];
    uint64_t men = ~pos->kings;
    pat_indexes(&ev->layout, pos->pieces[DR_WHITE] & men, pos->pieces[DR_BLACK] & men, s->idx);
    pat_edge_indexes(&ev->layout, pos->pieces[DR_WHITE] & men, pos->pieces[DR_BLACK] & men,
                     s->edge);
    s->phase = (float)eval_phase(ev, pos) / (float)eval_phase_full(ev);
    s->target = target;
    s->side = (uint8_t)pos->side;
    return true;
}

void train_set_free(struct train_set *set)
{
    free(set->s);
    memset(set, 0, sizeof *set);
}

/* The pair of set s's table of window k at configuration idx. */
static inline size_t window_pair(const struct trainer *t, int s, int k, unsigned idx)
{
    return EVAL_NGLOBAL + (size_t)s * t->set_pairs + (size_t)k * PAT_CONFIGS + idx;
}

/* The pair of set s's table of edge strip k at configuration idx. */
static inline size_t edge_pair(const struct trainer *t, int s, int k, unsigned idx)
{
    return window_pair(t, s, t->nwin, 0) + (size_t)k * PAT_EDGE_CONFIGS + idx;
}

bool trainer_init(struct trainer *t, const struct evaluator *ev, const struct train_params *p)
{
    memset(t, 0, sizeof *t);
    t->p = *p;
    t->nwin = ev->layout.nwin;
    int from_sets = ev->w.pairs ? ev->w.sets : 1;
    t->sets = p->sets > 0 ? p->sets : from_sets;
    if (t->sets > WEIGHTS_MAX_SETS || from_sets > t->sets)
        return false;
    int from_edges = ev->w.pairs ? ev->w.nedge : 0;
    t->nedge = p->edges ? ev->layout.nedge : from_edges;
    t->set_pairs = pat_set_pairs(&ev->layout, t->nedge);
    t->pairs = EVAL_NGLOBAL + (size_t)t->sets * t->set_pairs;
    size_t n = t->pairs * 2;
    t->w = calloc(n, sizeof *t->w);
    t->grad = calloc(n, sizeof *t->grad);
    t->m = calloc(n, sizeof *t->m);
    t->v = calloc(n, sizeof *t->v);
    t->stamp = calloc(n, sizeof *t->stamp);
    t->touched = calloc(n, sizeof *t->touched);
    if (!t->w || !t->grad || !t->m || !t->v || !t->stamp || !t->touched) {
        trainer_free(t);
        return false;
    }
    if (ev->w.pairs) {
        /* a file made before the king terms starts them at zero */
        for (int i = 0; i < 2 * ev->w.nglobal; i++)
            t->w[i] = (float)ev->w.pairs[i] / WEIGHTS_UNIT;
        /* the starting file's tables, set by set; edge strips it has not start at zero */
        size_t from_set = 2 * pat_set_pairs(&ev->layout, from_edges);
        size_t copied = 2 * pat_set_pairs(&ev->layout, from_edges < t->nedge ? from_edges : t->nedge);
        for (int s = 0; s < t->sets; s++) {
            const int16_t *from = ev->w.pairs + 2 * ev->w.nglobal +
                                  (s < from_sets ? (size_t)s : 0) * from_set;
            float *to = t->w + 2 * window_pair(t, s, 0, 0);
            for (size_t i = 0; i < copied; i++)
                to[i] = (float)from[i] / WEIGHTS_UNIT;
        }
    } else {
        for (int i = 0; i < EVAL_NFEATURES; i++)
            t->w[2 * i] = t->w[2 * i + 1] = (float)ev->family->w[i];
    }
    if (p->anchor) {
        if (!(t->w0 = malloc(n * sizeof *t->w0))) {
            trainer_free(t);
            return false;
        }
        memcpy(t->w0, t->w, n * sizeof *t->w0);
    }
    return true;
}

void trainer_free(struct trainer *t)
{
    free(t->w);
    free(t->w0);
    free(t->grad);
    free(t->m);
    free(t->v);
    free(t->stamp);
    free(t->touched);
    memset(t, 0, sizeof *t);
}

/* The sets White's and Black's views of s read (eval.c's learned_score). */
static inline void view_sets(const struct trainer *t, const struct train_sample *s, int *white,
                             int *black)
{
    *white = t->sets == 2 && s->side != DR_WHITE;
    *black = t->sets == 2 && s->side != DR_BLACK;
}

double trainer_predict(const struct trainer *t, const struct train_sample *s)
{
    double open = 0, end = 0;
    for (int i = 0; i < EVAL_NGLOBAL; i++) {
        open += t->w[2 * i] * s->g[i];
        end += t->w[2 * i + 1] * s->g[i];
    }
    int sw, sb;
    view_sets(t, s, &sw, &sb);
    for (int k = 0; k < t->nwin; k++) {
        const float *a = &t->w[2 * window_pair(t, sw, k, s->idx[0][k])];
        const float *b = &t->w[2 * window_pair(t, sb, k, s->idx[1][k])];
        open += a[0] - b[0];
        end += a[1] - b[1];
    }
    for (int k = 0; k < t->nedge; k++) {
        const float *a = &t->w[2 * edge_pair(t, sw, k, s->edge[0][k])];
        const float *b = &t->w[2 * edge_pair(t, sb, k, s->edge[1][k])];
        open += a[0] - b[0];
        end += a[1] - b[1];
    }
    return open * s->phase + end * (1 - s->phase);
}

static double sigmoid(double x) { return 1 / (1 + exp(-x)); }

double trainer_loss(const struct trainer *t, const struct train_set *set)
{
    double sum = 0;
    for (size_t i = 0; i < set->n; i++) {
        const struct train_sample *s = &set->s[i];
        double p = sigmoid(trainer_predict(t, s) / TRAIN_K), y = s->target;
        p = p < 1e-12 ? 1e-12 : p > 1 - 1e-12 ? 1 - 1e-12 : p;
        sum -= y * log(p) + (1 - y) * log(1 - p);
    }
    return set->n ? sum / (double)set->n : 0;
}

static inline void add_grad(struct trainer *t, size_t pair, double open, double end)
{
    if (t->stamp[pair] != (uint32_t)t->step + 1) {
        t->stamp[pair] = (uint32_t)t->step + 1;
        t->touched[t->ntouched++] = pair;
    }
    t->grad[2 * pair] += (float)open;
    t->grad[2 * pair + 1] += (float)end;
}

/* Adam on the weights the batch touched (the others had no gradient);
 * decoupled weight decay on the pattern weights, towards zero or towards
 * the starting weights (p.anchor). */
static void adam_step(struct trainer *t, int batch)
{
    const double b1 = 0.9, b2 = 0.999, eps = 1e-8;
    t->step++;
    double c1 = 1 - pow(b1, (double)t->step), c2 = 1 - pow(b2, (double)t->step);
    for (size_t j = 0; j < t->ntouched; j++) {
        size_t pair = t->touched[j];
        for (size_t i = 2 * pair; i < 2 * pair + 2; i++) {
            double g = t->grad[i] / batch;
            t->m[i] = (float)(b1 * t->m[i] + (1 - b1) * g);
            t->v[i] = (float)(b2 * t->v[i] + (1 - b2) * g * g);
            double step = t->p.lr * (t->m[i] / c1) / (sqrt(t->v[i] / c2) + eps);
            /* decay on the tables: the windows' and the king squares' */
            if (pair >= EG_KING_SQUARE)
                step += t->p.lr * t->p.l2 * (t->w[i] - (t->w0 ? t->w0[i] : 0));
            t->w[i] -= (float)step;
            t->grad[i] = 0;
        }
    }
    t->ntouched = 0;
}

void trainer_epoch(struct trainer *t, struct train_set *set, uint64_t *rng)
{
    /* shuffle (Fisher-Yates, xorshift) */
    for (size_t i = set->n; i > 1; i--) {
        *rng ^= *rng << 13;
        *rng ^= *rng >> 7;
        *rng ^= *rng << 17;
        size_t j = *rng % i;
        struct train_sample tmp = set->s[i - 1];
        set->s[i - 1] = set->s[j];
        set->s[j] = tmp;
    }
    int in_batch = 0;
    for (size_t i = 0; i < set->n; i++) {
        const struct train_sample *s = &set->s[i];
        /* d loss / d eval for cross-entropy through sigmoid(eval / K) */
        double d = (sigmoid(trainer_predict(t, s) / TRAIN_K) - s->target) / TRAIN_K;
        double dopen = d * s->phase, dend = d * (1 - s->phase);
        for (int k = 0; k < EVAL_NGLOBAL; k++)
            if (s->g[k])
                add_grad(t, (size_t)k, dopen * s->g[k], dend * s->g[k]);
        int sw, sb;
        view_sets(t, s, &sw, &sb);
        for (int k = 0; k < t->nwin; k++) {
            add_grad(t, window_pair(t, sw, k, s->idx[0][k]), dopen, dend);
            add_grad(t, window_pair(t, sb, k, s->idx[1][k]), -dopen, -dend);
        }
        for (int k = 0; k < t->nedge; k++) {
            add_grad(t, edge_pair(t, sw, k, s->edge[0][k]), dopen, dend);
            add_grad(t, edge_pair(t, sb, k, s->edge[1][k]), -dopen, -dend);
        }
        if (++in_batch == t->p.batch || i + 1 == set->n) {
            adam_step(t, in_batch);
            in_batch = 0;
        }
    }
}

bool trainer_weights(const struct trainer *t, const char *variant, struct weights *w)
{
    memset(w, 0, sizeof *w);
    w->pairs = malloc(t->pairs * 2 * sizeof *w->pairs);
    if (!w->pairs)
        return false;
    snprintf(w->variant, sizeof w->variant, "%s", variant);
    w->nglobal = EVAL_NGLOBAL;
    w->nwin = t->nwin;
    w->sets = t->sets;
    w->nedge = t->nedge;
    w->count = t->pairs;
    for (size_t i = 0; i < t->pairs * 2; i++) {
        double x = round(t->w[i] * WEIGHTS_UNIT);
        w->pairs[i] = (int16_t)(x > 32767 ? 32767 : x < -32767 ? -32767 : x);
    }
    return true;
}
