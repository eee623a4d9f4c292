/* Texel tuning of the evaluation weights of one variant family.
 *
 *   tune --variant V [--skip P] [--rounds N] [--weights W1,W2,...]
 *        [--freeze NAME]... [--zero NAME]... FILE.pdn...
 *
 * The games are read in the variants their tags name; V chooses the family
 * (every game must be of it).  Every quiet position (the side to move has no
 * capture) of the games' main lines, from ply P on, is labelled with the
 * game's result (1, 1/2, 0 for White).  The tuner fits K of sigmoid(eval / K)
 * to those results first, then moves one weight at a time while the mean
 * squared error falls (the man stays at 100: it sets the unit).  One pair of
 * games in ten is held out, and its error is printed beside the training
 * error so that a term that only fits noise shows.  The output ends with the
 * family's row as eval.c writes it. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draughts/movegen.h"
#include "draughts/pdn.h"
#include "draughts/variant.h"
#include "eval.h"

struct sample {
    int16_t f[EVAL_NFEATURES];
    float result; /* for White */
};

struct samples {
    struct sample *s;
    size_t n, cap;
};

struct options {
    const char *variant;
    int skip, rounds;
    const char *start;       /* "w1,w2,...": start from these weights, not the family's */
    bool frozen[EVAL_NFEATURES], zeroed[EVAL_NFEATURES];
};

static void add_sample(struct samples *set, const int *f, float result)
{
    if (set->n == set->cap) {
        set->cap = set->cap ? set->cap * 2 : 4096;
        set->s = realloc(set->s, set->cap * sizeof *set->s);
        if (!set->s) {
            perror("tune");
            exit(1);
        }
    }
    struct sample *s = &set->s[set->n++];
    for (int i = 0; i < EVAL_NFEATURES; i++)
        s->f[i] = (int16_t)f[i];
    s->result = result;
}

/* White's score from the Termination tag the match runner writes; -1: none. */
static float game_result(const struct dr_pdn_game *g)
{
    const char *t = dr_pdn_tag(g, "Termination");
    if (!t)
        return -1;
    if (!strncmp(t, "White wins", 10))
        return 1;
    if (!strncmp(t, "Black wins", 10))
        return 0;
    if (!strncmp(t, "Draw", 4))
        return 0.5f;
    return -1;
}

static void read_games(const char *path, const struct evaluator *ev, const struct options *o,
                       struct samples *train, struct samples *valid, int *ngames)
{
    struct dr_pdn_file file;
    if (!dr_pdn_read_file(path, NULL, &file) || file.errors)
        fprintf(stderr, "%s: %d errors\n", path, file.errors);
    for (int gi = 0; gi < file.n_games; gi++) {
        const struct dr_pdn_game *g = file.games[gi];
        float result = game_result(g);
        if (result < 0 || !g->variant)
            continue;
        /* each game in its own variant, weighed by the family being tuned */
        struct evaluator gev;
        eval_init(&gev, g->variant);
        if (strcmp(gev.family->name, ev->family->name)) {
            fprintf(stderr, "%s: game %d: %s is not of the family %s\n", path, gi + 1,
                    g->variant->name, ev->family->name);
            continue;
        }
        gev.family = ev->family;
        /* a match plays each opening twice, colours swapped, and a fixed-depth
         * self-play repeats the game: the two games go to the same side */
        struct samples *set = (*ngames)++ / 2 % 10 == 9 ? valid : train;
        for (const struct dr_pdn_node *n = g->root.child; n; n = n->child) {
            struct dr_movelist l;
            if (n->ply < o->skip || !dr_gen_moves(gev.v, &n->pos, &l) || l.moves[0].captures ||
                eval_drawish(&gev, &n->pos))
                continue;
            int f[EVAL_NFEATURES];
            eval_features(&gev, &n->pos, f);
            add_sample(set, f, result);
        }
    }
    dr_pdn_file_free(&file);
}

static double mse(const struct samples *set, const int *w, double k)
{
    double sum = 0;
    for (size_t i = 0; i < set->n; i++) {
        int s = 0;
        for (int j = 0; j < EVAL_NFEATURES; j++)
            s += w[j] * set->s[i].f[j];
        double p = 1 / (1 + exp(-s / k)), d = set->s[i].result - p;
        sum += d * d;
    }
    return set->n ? sum / (double)set->n : 0;
}

/* Golden-section search of the K that fits the current weights best. */
static double fit_k(const struct samples *set, const int *w)
{
    double lo = 10, hi = 2000, g = (sqrt(5) - 1) / 2;
    double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
    double fa = mse(set, w, a), fb = mse(set, w, b);
    while (hi - lo > 0.5) {
        if (fa < fb) {
            hi = b, b = a, fb = fa;
            a = hi - g * (hi - lo), fa = mse(set, w, a);
        } else {
            lo = a, a = b, fa = fb;
            b = lo + g * (hi - lo), fb = mse(set, w, b);
        }
    }
    return (lo + hi) / 2;
}

/* Coordinate descent: each free weight moves by step while the error falls;
 * the step halves when no weight moves. */
static void descend(const struct samples *set, int *w, double k, const struct options *o)
{
    double best = mse(set, w, k);
    for (int step = 8, round = 0; step >= 1 && round < o->rounds; round++) {
        bool moved = false;
        for (int j = 0; j < EVAL_NFEATURES; j++) {
            if (j == EF_MAN || o->frozen[j] || o->zeroed[j])
                continue;
            for (int dir = -1; dir <= 1; dir += 2) {
                w[j] += dir * step;
                double e = mse(set, w, k);
                if (e < best) {
                    best = e;
                    moved = true;
                    break;
                }
                w[j] -= dir * step;
            }
        }
        if (!moved)
            step /= 2;
        fprintf(stderr, "round %d step %d mse %.6f\n", round, step, best);
    }
}

static int feature_index(const char *name)
{
    for (int i = 0; i < EVAL_NFEATURES; i++)
        if (!strcmp(eval_feature_names[i], name))
            return i;
    fprintf(stderr, "tune: no feature %s\n", name);
    exit(2);
}

static int parse_args(int argc, char **argv, struct options *o)
{
    int i = 1;
    for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
        if (!strcmp(argv[i], "--variant"))
            o->variant = argv[i + 1];
        else if (!strcmp(argv[i], "--skip"))
            o->skip = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--rounds"))
            o->rounds = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--weights"))
            o->start = argv[i + 1];
        else if (!strcmp(argv[i], "--freeze"))
            o->frozen[feature_index(argv[i + 1])] = true;
        else if (!strcmp(argv[i], "--zero"))
            o->zeroed[feature_index(argv[i + 1])] = true;
        else
            break;
    }
    return i;
}

static void print_weights(const char *what, const struct evaluator *ev, const int *w,
                          const struct samples *train, const struct samples *valid, double k)
{
    printf("%s (K %.1f): train mse %.6f, held-out mse %.6f\n", what, k, mse(train, w, k),
           mse(valid, w, k));
    printf("    {\"%s\", {", ev->family->name);
    for (int j = 0; j < EVAL_NFEATURES; j++)
        printf("%s%d", j ? ", " : "", w[j]);
    printf("}},\n");
}

/* The family's weights, or those --weights lists (missing ones from the
 * family), with the --zero ones at 0. */
static void start_weights(const struct options *o, const struct eval_family *family, int *w)
{
    const char *p = o->start ? o->start : "";
    for (int j = 0; j < EVAL_NFEATURES; j++) {
        char *end;
        long x = strtol(p, &end, 10);
        w[j] = end != p ? (int)x : family->w[j];
        p = *end == ',' ? end + 1 : end;
        if (o->zeroed[j])
            w[j] = 0;
    }
}

int main(int argc, char **argv)
{
    struct options o = {.variant = "international", .skip = 10, .rounds = 400};
    int first = parse_args(argc, argv, &o);
    if (first >= argc) {
        fprintf(stderr, "usage: tune --variant V [--skip P] [--rounds N] [--weights W1,W2,...] "
                        "[--freeze NAME]... [--zero NAME]... FILE.pdn...\n");
        return 2;
    }
    struct dr_variant v;
    struct dr_error err;
    if (!dr_variant_builtin(o.variant, &v, &err)) {
        fprintf(stderr, "tune: %s\n", err.msg);
        return 2;
    }
    struct evaluator ev;
    eval_init(&ev, &v);
    struct samples train = {0}, valid = {0};
    int ngames = 0;
    for (int i = first; i < argc; i++)
        read_games(argv[i], &ev, &o, &train, &valid, &ngames);
    printf("%s (%s): %d games, %zu training positions, %zu held out\n", o.variant,
           ev.family->name, ngames, train.n, valid.n);
    int w[EVAL_NFEATURES];
    start_weights(&o, ev.family, w);
    double k = fit_k(&train, w);
    print_weights("current", &ev, w, &train, &valid, k);
    descend(&train, w, k, &o);
    print_weights("tuned", &ev, w, &train, &valid, k);
    free(train.s);
    free(valid.s);
    return 0;
}
