/* Trains the learned evaluation of one variant from selfplay's positions.
 *
 *   train --variant V --out FILE.weights [--epochs N] [--lr X] [--decay X]
 *         [--l2 X] [--batch N] [--lambda X] [--max-positions N]
 *         [--from-scratch | --weights FILE] [--seed S] [--sets 1|2] [--quiet-only]
 *         [--anchor] [--edges 0|1] DATA.bin...
 *
 * Each position's target is lambda * the game's result + (1 - lambda) *
 * sigmoid(the search's score / K).  One game in ten is held out; its loss is
 * printed beside the training loss after every epoch (the learning curve
 * of docs/tuning/README.md).  Training starts from the weights compiled in
 * for V (or, with --from-scratch or when there are none, from the hand-set
 * global terms and empty patterns), or from FILE's.  With --epochs 0 it only
 * measures a file's loss on the data (data it was not trained on).  --sets 2
 * gives every window two tables, one read when the view's side is to move
 * and one when it is not (starting as copies of a one-set file's).  What
 * it writes has the king terms and the rows phase (eval.h), whatever the
 * file it starts from had.
 * --quiet-only trains only on positions where neither side could capture
 * (selfplay already leaves out those where the side to move can): where
 * the other side threatens a capture the result turns on a tactic the
 * static evaluation is not asked to see.  The held-out set keeps every
 * position, so losses stay comparable.
 * --anchor decays the tables towards the weights training starts from
 * instead of towards zero (--l2 sets how hard): a fit from the last
 * generation on new data keeps what that generation learned from data
 * that is gone.
 * --edges 1 fits tables for the edge strips (pattern.h) too, from zero when
 * the starting file has none; a file that has them keeps them either way. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draughts/movegen.h"
#include "selfplay.h"
#include "trainer.h"

struct options {
    const char *variant, *out, *init;
    int epochs, first_file;
    double lambda, decay;
    size_t max_positions;
    bool scratch, quiet_only;
    uint64_t seed;
    struct train_params p;
};

static int usage(void)
{
    fprintf(stderr, "usage: train --variant V --out FILE.weights [--epochs N] [--lr X] "
                    "[--decay X] [--l2 X] [--batch N] [--lambda X] [--max-positions N] "
                    "[--from-scratch | --weights FILE] [--seed S] [--sets 1|2] [--quiet-only] "
                    "[--anchor] [--edges 0|1] DATA.bin...\n");
    return 2;
}

static bool parse(int argc, char **argv, struct options *o)
{
    *o = (struct options){.variant = "international", .epochs = 12, .lambda = 0.75,
                          .decay = 0.75, .seed = 1, .p = {.lr = 2.0, .l2 = 1e-4, .batch = 256}};
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--from-scratch")) {
            o->scratch = true;
            continue;
        }
        if (!strcmp(a, "--quiet-only")) {
            o->quiet_only = true;
            continue;
        }
        if (!strcmp(a, "--anchor")) {
            o->p.anchor = true;
            continue;
        }
        if (i + 1 >= argc)
            return false;
        const char *val = argv[++i];
        if (!strcmp(a, "--variant"))
            o->variant = val;
        else if (!strcmp(a, "--weights"))
            o->init = val;
        else if (!strcmp(a, "--out"))
            o->out = val;
        else if (!strcmp(a, "--epochs"))
            o->epochs = atoi(val);
        else if (!strcmp(a, "--lr"))
            o->p.lr = atof(val);
        else if (!strcmp(a, "--decay"))
            o->decay = atof(val);
        else if (!strcmp(a, "--l2"))
            o->p.l2 = atof(val);
        else if (!strcmp(a, "--batch"))
            o->p.batch = atoi(val);
        else if (!strcmp(a, "--lambda"))
            o->lambda = atof(val);
        else if (!strcmp(a, "--max-positions"))
            o->max_positions = strtoull(val, NULL, 10);
        else if (!strcmp(a, "--seed"))
            o->seed = strtoull(val, NULL, 10);
        else if (!strcmp(a, "--sets"))
            o->p.sets = atoi(val);
        else if (!strcmp(a, "--edges"))
            o->p.edges = atoi(val) != 0;
        else
            return false;
    }
    o->first_file = i;
    /* without --out only the loss is measured */
    return (o->out || o->epochs == 0) && i < argc && o->epochs >= 0 && o->p.batch > 0 &&
           o->p.sets >= 0 && o->p.sets <= WEIGHTS_MAX_SETS;
}

/* Could the side not to move capture, were it its turn? */
static bool capture_threatened(const struct dr_variant *v, const struct dr_position *pos)
{
    struct dr_position other = *pos;
    other.side = !pos->side;
    return dr_has_capture(v, &other);
}

/* Reads one file's records into the training or held-out set. */
static bool read_data(const char *path, const struct evaluator *ev, const struct options *o,
                      struct train_set *train, struct train_set *held, long *games)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "train: %s: %s\n", path, strerror(errno));
        return false;
    }
    if (selfplay_records_remainder(f) > 0) {
        fprintf(stderr, "train: %s: not whole %zu-byte records: a file cut short?\n", path,
                sizeof(struct selfplay_record));
        fclose(f);
        return false;
    }
    struct selfplay_record r;
    int last_ply = 1 << 30;
    while (fread(&r, sizeof r, 1, f) == 1) {
        if (r.ply <= last_ply)
            (*games)++; /* a game's records come in order of plies */
        last_ply = r.ply;
        struct dr_position pos = {{r.white, r.black}, r.kings, r.side};
        if ((r.white & r.black) || r.side > 1 || r.result < -1 || r.result > 1 ||
            ((r.white | r.black) & ~ev->v->board)) {
            fprintf(stderr, "train: %s: record %ld is not a position of %s\n", path,
                    ftell(f) / (long)sizeof r, ev->v->name);
            fclose(f);
            return false;
        }
        if (eval_drawish(ev, &pos))
            continue;
        bool hold = *games % 10 == 0;
        if (!hold && ((o->max_positions && train->n >= o->max_positions) ||
                      (o->quiet_only && capture_threatened(ev->v, &pos))))
            continue;
        double search = 1 / (1 + exp(-r.score / TRAIN_K));
        float target = (float)(o->lambda * (r.result + 1) / 2 + (1 - o->lambda) * search);
        if (!train_set_add(hold ? held : train, ev, &pos, target)) {
            fprintf(stderr, "train: out of memory\n");
            fclose(f);
            return false;
        }
    }
    fclose(f);
    return true;
}

int main(int argc, char **argv)
{
    struct options o;
    if (!parse(argc, argv, &o))
        return usage();
    struct dr_variant v;
    struct dr_error err;
    if (!dr_variant_builtin(o.variant, &v, &err)) {
        fprintf(stderr, "train: %s\n", err.msg);
        return 2;
    }
    struct evaluator ev;
    eval_init(&ev, &v);
    if (!ev.has_layout) {
        fprintf(stderr, "train: %s's board has no pattern windows\n", v.name);
        return 2;
    }
    if (o.scratch)
        weights_free(&ev.w);
    if (o.init && !eval_load_weights(&ev, o.init, &err)) {
        fprintf(stderr, "train: %s\n", err.msg);
        return 2;
    }
    /* what is trained has the king terms and the rows phase; a file is
     * measured as it plays */
    if (o.epochs > 0)
        eval_set_king_terms(&ev, true);
    struct train_set train = {0}, held = {0};
    long games = 0;
    for (int i = o.first_file; i < argc; i++)
        if (!read_data(argv[i], &ev, &o, &train, &held, &games))
            return 1;
    printf("%s: %ld games, %zu training positions, %zu held out; starting from %s\n",
           v.name, games, train.n, held.n, ev.w.pairs ? ev.source : "the hand-set terms");
    struct trainer t;
    if (!trainer_init(&t, &ev, &o.p)) {
        fprintf(stderr, "train: %s\n", o.p.sets && ev.w.pairs && ev.w.sets > o.p.sets
                                           ? "the starting weights have more sets than --sets"
                                           : "out of memory");
        return 1;
    }
    printf("%d set%s of tables a window, %d edge strips\n", t.sets,
           t.sets > 1 ? "s (by the side to move)" : "", t.nedge);
    uint64_t rng = o.seed * 2654435761u + 1;
    printf("epoch 0: train loss %.5f, held-out loss %.5f\n", trainer_loss(&t, &train),
           trainer_loss(&t, &held));
    for (int e = 1; e <= o.epochs; e++) {
        trainer_epoch(&t, &train, &rng);
        printf("epoch %d: lr %.3f, train loss %.5f, held-out loss %.5f\n", e, t.p.lr,
               trainer_loss(&t, &train), trainer_loss(&t, &held));
        fflush(stdout);
        t.p.lr *= o.decay;
    }
    printf("man %.1f/%.1f king %.1f/%.1f first king %.1f/%.1f (opening/endgame, centi-men)\n",
           t.w[2 * EF_MAN], t.w[2 * EF_MAN + 1], t.w[2 * EF_KING], t.w[2 * EF_KING + 1],
           t.w[2 * EG_HAS_KING], t.w[2 * EG_HAS_KING + 1]);
    printf("a king's square reached safe %.1f/%.1f, denied %.1f/%.1f\n", t.w[2 * EG_KING_SAFE],
           t.w[2 * EG_KING_SAFE + 1], t.w[2 * EG_KING_DENIED], t.w[2 * EG_KING_DENIED + 1]);
    struct weights w = {0};
    if (o.out && (!trainer_weights(&t, v.name, &w) || !weights_write_file(o.out, &v, &w, &err))) {
        fprintf(stderr, "train: %s\n", w.pairs ? err.msg : "out of memory");
        return 1;
    }
    if (o.out)
        printf("wrote %s\n", o.out);
    weights_free(&w);
    trainer_free(&t);
    train_set_free(&train);
    train_set_free(&held);
    eval_free(&ev);
    return 0;
}
