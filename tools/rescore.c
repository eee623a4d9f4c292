/* Deeper labels for self-play records (docs/tuning/README.md).
 *
 *   rescore --variant V --in FILE --out FILE [--nodes N] [--every K]
 *           [--weights FILE|hand-set] [--hash MIB]
 *
 * Reads selfplay's records (selfplay.h) and writes them again with the
 * score of a new search of each position, N nodes (default 20,000), by the
 * weights compiled in or those of --weights: train --lambda below 1 then
 * learns from a deeper search than the one that played the games.  Only
 * every K-th game is kept (default every game); a game's positions are
 * searched in order with the hash table kept, so each search starts from
 * what the one before it found.  A record has no game history: the
 * searches see no repetition and fresh draw counters.
 *
 * The output is written under a temporary name and renamed when complete;
 * SIGINT or SIGTERM ends the run after the game being searched, and the
 * file holds the games done. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draughts/engine.h"
#include "draughts/variant.h"
#include "run_stop.h"
#include "selfplay.h"

struct options {
    const char *variant, *in, *out, *weights;
    uint64_t nodes;
    long every;
    size_t hash_mib;
};

static int usage(void)
{
    fprintf(stderr, "usage: rescore --variant V --in FILE --out FILE [--nodes N] [--every K] "
                    "[--weights FILE|hand-set] [--hash MIB]\n");
    return 2;
}

static bool parse(int argc, char **argv, struct options *o)
{
    *o = (struct options){.variant = "international", .nodes = 20000, .every = 1,
                          .hash_mib = 64};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (i + 1 >= argc)
            return false;
        const char *val = argv[++i];
        if (!strcmp(a, "--variant"))
            o->variant = val;
        else if (!strcmp(a, "--in"))
            o->in = val;
        else if (!strcmp(a, "--out"))
            o->out = val;
        else if (!strcmp(a, "--weights"))
            o->weights = val;
        else if (!strcmp(a, "--nodes"))
            o->nodes = strtoull(val, NULL, 10);
        else if (!strcmp(a, "--every"))
            o->every = atol(val);
        else if (!strcmp(a, "--hash"))
            o->hash_mib = strtoull(val, NULL, 10);
        else
            return false;
    }
    return o->in && o->out && o->nodes > 0 && o->every > 0 && o->hash_mib > 0;
}

/* r's position searched afresh; false when it is not a position of v or
 * has no legal move (the record is then left out). */
static bool rescore(struct dr_engine *e, const struct dr_variant *v, uint64_t nodes,
                    struct selfplay_record *r)
{
    if ((r->white & r->black) || r->side > 1 || ((r->white | r->black) & ~v->board) ||
        (r->kings & ~(r->white | r->black)))
        return false;
    struct dr_position pos = {{r->white, r->black}, r->kings, r->side};
    struct dr_limits limits = {.nodes = nodes};
    struct dr_move best;
    struct dr_search_info info;
    if (!dr_engine_search(e, &pos, NULL, &limits, NULL, NULL, &best, &info))
        return false;
    int score = pos.side == DR_WHITE ? info.score : -info.score;
    r->score = (int16_t)(score > 32000 ? 32000 : score < -32000 ? -32000 : score);
    return true;
}

int main(int argc, char **argv)
{
    struct options o;
    if (!parse(argc, argv, &o))
        return usage();
    run_stop_on_signals();
    struct dr_variant v;
    struct dr_error err;
    if (!dr_variant_builtin(o.variant, &v, &err)) {
        fprintf(stderr, "rescore: %s\n", err.msg);
        return 2;
    }
    struct dr_engine *e = dr_engine_new(&v, o.hash_mib);
    if (!e) {
        fprintf(stderr, "rescore: out of memory\n");
        return 1;
    }
    if (o.weights && !dr_engine_load_weights(e, strcmp(o.weights, "hand-set") ? o.weights : NULL,
                                             &err)) {
        fprintf(stderr, "rescore: %s\n", err.msg);
        return 2;
    }
    FILE *in = fopen(o.in, "rb");
    if (!in) {
        fprintf(stderr, "rescore: %s: %s\n", o.in, strerror(errno));
        return 1;
    }
    if (selfplay_records_remainder(in) > 0) {
        fprintf(stderr, "rescore: %s: not whole %zu-byte records: a file cut short?\n", o.in,
                sizeof(struct selfplay_record));
        return 1;
    }
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", o.out);
    FILE *out = fopen(tmp, "wb");
    if (!out) {
        fprintf(stderr, "rescore: %s: %s\n", tmp, strerror(errno));
        return 1;
    }
    struct selfplay_record r;
    long games = 0, kept = 0, records = 0, skipped = 0;
    int last_ply = 1 << 30;
    bool keep = false;
    while (fread(&r, sizeof r, 1, in) == 1) {
        if (r.ply <= last_ply) { /* a game's records come in order of plies */
            if (run_stop_requested())
                break;
            keep = games++ % o.every == 0;
            kept += keep;
            if (keep)
                dr_engine_new_game(e);
            if (keep && kept % 100 == 0)
                fprintf(stderr, "%ld games, %ld positions\n", kept, records);
        }
        last_ply = r.ply;
        if (!keep)
            continue;
        if (!rescore(e, &v, o.nodes, &r)) {
            skipped++;
            continue;
        }
        if (fwrite(&r, sizeof r, 1, out) != 1) {
            fprintf(stderr, "rescore: %s: write failed\n", tmp);
            return 1;
        }
        records++;
    }
    fclose(in);
    if (fclose(out) != 0 || rename(tmp, o.out) != 0) {
        fprintf(stderr, "rescore: %s: %s\n", o.out, strerror(errno));
        return 1;
    }
    printf("%s: %s at %llu nodes; %ld games of %ld read%s, %ld positions (%ld not positions "
           "of %s)\n",
           o.out, dr_engine_eval_source(e), (unsigned long long)o.nodes, kept,
           games, run_stop_requested() ? " (stopped by a signal)" : "", records, skipped, v.name);
    dr_engine_free(e);
    return 0;
}
