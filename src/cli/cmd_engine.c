#include <errno.h>
/* Commands on the engine: bench and analyse. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "commands.h"
#include "draughts/annotate.h"
#include "draughts/engine.h"
#include "draughts/fen.h"
#include "draughts/movegen.h"
#include "draughts/notation.h"
#include "hub.h"

/* Middlegames of every variant (positions from random games), searched
 * after each variant's start position.  Changing this table, the depth or
 * the search changes the bench signature. */
static const struct {
    const char *variant, *fen;
} bench_positions[] = {
    {"international", "B:W22,26,29,35,36,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,14,15,16,20"},
    {"killer", "B:W21,29,30,35,40,41,47,49,50:B1,2,4,5,6,7,8,10,11,12,14,18,20,28"},
    {"brazilian", "B:Wa1,c1,e1,g1,b2,d2,f2,h2,c3,e3,g3,b4:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"},
    {"killer8", "B:Wa1,e1,g1,b2,f2,h2,c3,e3,g3,a5:Bc5,e5,g5,f6,a7,g7,b8,d8,h8"},
    {"german", "B:Wa1,c1,e1,g1,b2,f2,h2,c3,b4:Bh4,a5,g5,f6,h6,a7,c7,g7,b8,d8,f8,h8"},
    {"italian", "W:W23,24,25,26,27,28,31,32:B1,2,4,5,6,12,14,18"},
    {"pool", "W:W17,21,24,28,29,30,31,32:B1,4,5,6,8,9,12,15"},
    {"english", "B:W19,20,21,22,23,25,26,29,30,31,32:B1,2,3,4,5,6,8,9,10,12,14"},
    {"russian", "W:Wa1,c1,e1,g1,b2,f2,a3,b4,d4,a5:Bg5,b6,d6,f6,h6,a7,c7,b8,d8,f8,h8"},
    {"turkish", "B:Wa2,b2,c2,d2,e2,f2,g2,h2,c3,d3,f3,a4,f4,g4:Bh5,c6,e6,g6,h6,a7,c7,f7,g7"},
    {"armenian", "W:Wa2,b2,c2,d2,e2,f2,h2,a3,e3,f3,g3,e4,b7:Be5,b6,c6,d6,e6,h6,d7,e7,f7"},
};

#define BENCH_DEPTH 11

static int bench_one(struct dr_engine *e, const struct dr_variant *v,
                     const struct dr_position *pos, int depth, uint64_t *nodes)
{
    struct dr_limits limits = {0};
    limits.depth = depth;
    struct dr_move best;
    struct dr_search_info info;
    dr_engine_new_game(e);
    if (!dr_engine_search(e, pos, NULL, &limits, NULL, NULL, &best, &info))
        return 0;
    char text[DR_MOVE_TEXT_LEN], fen[512];
    dr_move_pdn(v, pos, &best, text);
    dr_fen_write(v, pos, fen, sizeof fen);
    printf("%-13s depth %2d score %6d nodes %10llu best %-10s %s\n", v->name, info.depth,
           info.score, (unsigned long long)info.nodes, text, fen);
    *nodes += info.nodes;
    return 1;
}

int cmd_bench(int argc, char **argv)
{
    int depth = BENCH_DEPTH;
    if (argc > 1) {
        char *end;
        long d = strtol(argv[1], &end, 10);
        if (*end || d < 1 || d > 60) {
            fprintf(stderr, "draughts bench: bad depth '%s' (expected 1 to 60)\n", argv[1]);
            return 2;
        }
        depth = (int)d;
    }
    struct dr_engine *e = NULL;
    uint64_t nodes = 0;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (size_t i = 0; i < sizeof bench_positions / sizeof bench_positions[0]; i++) {
        struct dr_variant v;
        struct dr_error err;
        struct dr_position pos;
        if (!dr_variant_builtin(bench_positions[i].variant, &v, &err)) {
            fprintf(stderr, "draughts bench: %s\n", err.msg);
            dr_engine_free(e);
            return 1;
        }
        if (!e)
            e = dr_engine_new(&v, 16);
        if (!e) {
            fprintf(stderr, "draughts bench: out of memory\n");
            return 1;
        }
        dr_engine_set_variant(e, &v);
        dr_position_start(&v, &pos);
        bench_one(e, &v, &pos, depth, &nodes);
        if (!dr_fen_parse(&v, bench_positions[i].fen, &pos, &err)) {
            fprintf(stderr, "draughts bench: %s\n", err.msg);
            dr_engine_free(e);
            return 1;
        }
        bench_one(e, &v, &pos, depth, &nodes);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    dr_engine_free(e);
    printf("bench %llu nodes %.0f nps\n", (unsigned long long)nodes,
           secs > 0 ? (double)nodes / secs : 0.0);
    return 0;
}

struct analyse_out {
    const struct dr_variant *v;
    struct dr_position root;
};

/* One line per finished iteration; the PV is replayed to name its moves. */
static void print_info(void *arg, const struct dr_search_info *info)
{
    const struct analyse_out *o = arg;
    struct dr_position pos = o->root;
    char score[32];
    dr_annotate_format_score(info->score, score, sizeof score);
    printf("depth %d seldepth %d score %s nodes %llu nps %llu time %.3f pv", info->depth,
           info->seldepth, score, (unsigned long long)info->nodes,
           (unsigned long long)info->nps, info->time_ms / 1000.0);
    for (int i = 0; i < info->pv_len; i++) {
        char text[DR_MOVE_TEXT_LEN];
        dr_move_pdn(o->v, &pos, &info->pv[i], text);
        printf(" %s", text);
        dr_make(o->v, &pos, &info->pv[i]);
    }
    printf("\n");
    fflush(stdout);
}

int cmd_analyse(int argc, char **argv)
{
    const char *variant = "international", *rules = NULL, *fen = NULL;
    struct dr_limits limits = {0};
    int threads = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        char *end = NULL;
        if (!strcmp(a, "--variant") || !strcmp(a, "--rules") || !strcmp(a, "--fen") ||
            !strcmp(a, "--depth") || !strcmp(a, "--time") || !strcmp(a, "--nodes") ||
            !strcmp(a, "--threads")) {
            if (!val) {
                fprintf(stderr, "draughts analyse: option %s needs a value\n", a);
                return 2;
            }
            i++;
        } else {
            fprintf(stderr, "draughts analyse: unknown argument '%s'\n", a);
            return 2;
        }
        if (!strcmp(a, "--variant"))
            variant = val;
        else if (!strcmp(a, "--rules"))
            rules = val;
        else if (!strcmp(a, "--fen"))
            fen = val;
        else if (!strcmp(a, "--depth"))
            limits.depth = (int)strtol(val, &end, 10);
        else if (!strcmp(a, "--time"))
            limits.movetime_ms = (int64_t)(strtod(val, &end) * 1000);
        else if (!strcmp(a, "--threads"))
            threads = (int)strtol(val, &end, 10);
        else
            limits.nodes = strtoull(val, &end, 10);
        bool zero_depth = !strcmp(a, "--depth") && limits.depth == 0;
        if (end && (*end || end == val || zero_depth || limits.depth < 0 ||
                    limits.depth > DR_MAX_PLY - 8 || threads < 1 || threads > DR_MAX_THREADS ||
                    limits.movetime_ms < 0)) {
            fprintf(stderr, "draughts analyse: bad value '%s' for %s\n", val, a);
            return 2;
        }
    }
    if (!limits.depth && !limits.movetime_ms && !limits.nodes)
        limits.movetime_ms = 5000;
    struct dr_variant v;
    struct dr_error err;
    struct analyse_out out = {&v, {{0, 0}, 0, 0}};
    bool ok = rules ? dr_variant_load_file(rules, &v, &err) : dr_variant_builtin(variant, &v, &err);
    if (!ok || (fen ? !dr_fen_parse(&v, fen, &out.root, &err)
                    : (dr_position_start(&v, &out.root), false))) {
        fprintf(stderr, "draughts analyse: %s\n", err.msg);
        return 2;
    }
    struct dr_engine *e = dr_engine_new(&v, 64);
    if (!e || !dr_engine_set_threads(e, threads)) {
        dr_engine_free(e);
        fprintf(stderr, "draughts analyse: out of memory\n");
        return 1;
    }
    printf("evaluation %s\n", dr_engine_eval_source(e));
    struct dr_move best;
    struct dr_search_info info;
    if (!dr_engine_search(e, &out.root, NULL, &limits, print_info, &out, &best, &info)) {
        printf("no legal move: %s to move has lost\n", dr_side_name(out.root.side));
        dr_engine_free(e);
        return 0;
    }
    char text[DR_MOVE_TEXT_LEN], score[32];
    dr_move_pdn(&v, &out.root, &best, text);
    dr_annotate_format_score(info.score, score, sizeof score);
    printf("bestmove %s score %s\n", text, score);
    dr_engine_free(e);
    return 0;
}

int cmd_hub(int argc, char **argv)
{
    struct hub_options opts = {NULL, NULL, 1, DR_SELECTIVE_AUTO};
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--weights") && i + 1 < argc) {
            opts.weights = argv[++i];
        } else if (!strcmp(argv[i], "--book") && i + 1 < argc) {
            opts.book = argv[++i];
        } else if (!strcmp(argv[i], "--threads") && i + 1 < argc) {
            char *end;
            long n = strtol(argv[++i], &end, 10);
            if (*end || n < 1 || n > DR_MAX_THREADS) {
                fprintf(stderr, "draughts hub: --threads needs a number from 1 to %d, not '%s'\n",
                        DR_MAX_THREADS, argv[i]);
                return 2;
            }
            opts.threads = (int)n;
        } else if (!strcmp(argv[i], "--selective") && i + 1 < argc) {
            if (!dr_selective_parse(argv[++i], &opts.selective)) {
                fprintf(stderr, "draughts hub: --selective is auto, on or off, not '%s'\n", argv[i]);
                return 2;
            }
        } else {
            fprintf(stderr, "draughts hub: unexpected argument '%s'\n", argv[i]);
            return 2;
        }
    }
    const char *files[2] = {opts.weights, opts.book && strcmp(opts.book, "off") ? opts.book : NULL};
    for (int i = 0; i < 2; i++) {
        FILE *f = files[i] ? fopen(files[i], "rb") : NULL;
        if (files[i] && !f) {
            fprintf(stderr, "draughts hub: %s: %s\n", files[i], strerror(errno));
            return 2;
        }
        if (f)
            fclose(f);
    }
    return hub_serve(0, stdout, &opts);
}
