/* draughts annotate: search every position of a game and write a copy with
 * the engine's scores, marks on the moves that lost ground and the better
 * lines, with a progress bar on stderr. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "commands.h"
#include "draughts/annotate.h"
#include "draughts/pdn.h"

#define ANNOTATE_HASH_MIB 64

struct annotate_args {
    const char *file, *out, *variant, *rules;
    int game; /* 1-based; 0: every game */
    struct dr_limits limits;
};

static int annotate_usage(void)
{
    fprintf(stderr, "usage: draughts annotate FILE.pdn [--game N] [--time S | --depth D] "
                    "[-o OUT.pdn]\n"
                    "                         [--variant V | --rules FILE]\n"
                    "Searches every position of the game(s) (default 1 s each) and writes a "
                    "copy with\nthe scores, the marks ?! ? ?? and the engine's better lines "
                    "(stdout without -o).\n");
    return 2;
}

static bool parse_value(const char *opt, const char *val, struct annotate_args *a)
{
    char *end;
    if (!strcmp(opt, "--game")) {
        long n = strtol(val, &end, 10);
        a->game = (int)n;
        return !*end && end != val && n >= 1 && n <= 1000000;
    }
    if (!strcmp(opt, "--depth")) {
        long d = strtol(val, &end, 10);
        a->limits.depth = (int)d;
        return !*end && end != val && d >= 1 && d <= DR_MAX_PLY - 8;
    }
    double s = strtod(val, &end);
    a->limits.movetime_ms = (int64_t)(s * 1000);
    return !*end && end != val && s > 0 && s < 1e6;
}

static int parse_args(int argc, char **argv, struct annotate_args *a)
{
    memset(a, 0, sizeof *a);
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (opt[0] != '-' || !opt[1]) {
            if (a->file)
                return annotate_usage();
            a->file = opt;
            continue;
        }
        bool known = !strcmp(opt, "--game") || !strcmp(opt, "--time") ||
                     !strcmp(opt, "--depth") || !strcmp(opt, "-o") ||
                     !strcmp(opt, "--variant") || !strcmp(opt, "--rules");
        if (!known) {
            fprintf(stderr, "draughts annotate: unknown option '%s'\n", opt);
            return 2;
        }
        if (!val) {
            fprintf(stderr, "draughts annotate: option %s needs a value\n", opt);
            return 2;
        }
        i++;
        if (!strcmp(opt, "-o"))
            a->out = val;
        else if (!strcmp(opt, "--variant"))
            a->variant = val;
        else if (!strcmp(opt, "--rules"))
            a->rules = val;
        else if (!parse_value(opt, val, a)) {
            fprintf(stderr, "draughts annotate: bad value '%s' for %s\n", val, opt);
            return 2;
        }
    }
    if (!a->file)
        return annotate_usage();
    if (a->limits.depth && a->limits.movetime_ms) {
        fprintf(stderr, "draughts annotate: give --time or --depth, not both\n");
        return 2;
    }
    if (!a->limits.depth && !a->limits.movetime_ms)
        a->limits.movetime_ms = 1000;
    return 0;
}

/* ---- progress on stderr ---- */

struct progress {
    bool tty;
    int games, game;        /* games to do, the one under way (1-based) */
    int number;             /* its number in the file */
    long total, before;     /* positions in all, done in earlier games */
    int last_tenth;         /* not a terminal: a line every tenth */
    struct timespec start;
};

static double seconds_since(const struct timespec *t)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - t->tv_sec) + (double)(now.tv_nsec - t->tv_nsec) / 1e9;
}

static bool on_progress(void *arg, int done, int total, int index)
{
    (void)total;
    (void)index;
    struct progress *p = arg;
    long all = p->before + done;
    double spent = seconds_since(&p->start);
    long left = (long)(spent / (double)all * (double)(p->total - all) + 0.5);
    char eta[32];
    snprintf(eta, sizeof eta, "%ld:%02ld left", left / 60, left % 60);
    if (p->tty) {
        enum { WIDTH = 30 };
        int filled = (int)(all * WIDTH / p->total);
        char bar[WIDTH + 1];
        memset(bar, '#', (size_t)filled);
        memset(bar + filled, '-', (size_t)(WIDTH - filled));
        bar[WIDTH] = 0;
        fprintf(stderr, "\rannotate: game %d (%d/%d) [%s] %ld/%ld positions, %s ", p->number,
                p->game, p->games, bar, all, p->total, eta);
    } else if (all * 10 / p->total > p->last_tenth || all == p->total) {
        p->last_tenth = (int)(all * 10 / p->total);
        fprintf(stderr, "annotate: game %d (%d/%d), %ld/%ld positions, %s\n", p->number, p->game,
                p->games, all, p->total, eta);
    }
    return true;
}

/* ---- one game ---- */

static void report_marks(const struct dr_pdn_game *g, int number)
{
    int count[4] = {0};
    for (const struct dr_pdn_node *n = g->root.child; n; n = n->child)
        for (int m = DR_MARK_INACCURACY; m <= DR_MARK_BLUNDER; m++)
            count[m] += !strcmp(n->strength, dr_mark_text((enum dr_mark)m));
    fprintf(stderr, "annotate: game %d: %d ??, %d ?, %d ?!\n", number, count[DR_MARK_BLUNDER],
            count[DR_MARK_MISTAKE], count[DR_MARK_INACCURACY]);
}

static bool annotate_one(struct dr_engine *e, struct dr_pdn_game *g,
                         const struct dr_limits *limits, struct progress *p)
{
    int n = dr_pdn_mainline_length(g);
    struct dr_move *moves = malloc(sizeof *moves * (size_t)(n + 1));
    struct dr_annotation *a = malloc(sizeof *a * (size_t)(n + 1));
    bool ok = moves && a;
    if (ok) {
        int i = 0;
        for (const struct dr_pdn_node *node = g->root.child; node; node = node->child)
            moves[i++] = node->move;
        dr_engine_set_variant(e, g->variant);
        dr_engine_new_game(e);
        dr_annotate_line(e, g->variant, &g->root.pos, moves, n, limits, a, on_progress, p);
        ok = dr_annotate_game(g, a, n);
    }
    free(moves);
    free(a);
    return ok;
}

static bool selected(const struct annotate_args *a, int index)
{
    return !a->game || a->game == index + 1;
}

static int annotate_file(const struct annotate_args *args, struct dr_pdn_file *f)
{
    struct progress p = {.tty = isatty(2), .games = 0};
    const struct dr_variant *first = NULL;
    for (int i = 0; i < f->n_games; i++)
        if (selected(args, i) && f->games[i]->variant) {
            first = first ? first : f->games[i]->variant;
            p.games++;
            p.total += dr_pdn_mainline_length(f->games[i]) + 1;
        }
    if (!p.games) {
        fprintf(stderr, "draughts annotate: %s: no game of a supported variant to annotate\n",
                f->name);
        return 2;
    }
    struct dr_engine *e = dr_engine_new(first, ANNOTATE_HASH_MIB);
    if (!e) {
        fprintf(stderr, "draughts annotate: out of memory\n");
        return 2;
    }
    clock_gettime(CLOCK_MONOTONIC, &p.start);
    for (int i = 0; i < f->n_games; i++) {
        struct dr_pdn_game *g = f->games[i];
        if (!selected(args, i) || !g->variant)
            continue;
        p.game++;
        p.number = i + 1;
        if (!annotate_one(e, g, &args->limits, &p)) {
            fprintf(stderr, "\ndraughts annotate: out of memory\n");
            dr_engine_free(e);
            return 2;
        }
        p.before += dr_pdn_mainline_length(g) + 1;
        if (p.tty)
            fprintf(stderr, "\n");
        report_marks(g, i + 1);
    }
    dr_engine_free(e);
    return 0;
}

static int write_games(const struct annotate_args *args, struct dr_pdn_file *f)
{
    struct dr_pdn_game **games = malloc(sizeof *games * (size_t)f->n_games);
    if (!games)
        return 2;
    int n = 0;
    for (int i = 0; i < f->n_games; i++)
        if (selected(args, i) && f->games[i]->variant)
            games[n++] = f->games[i];
    struct dr_error err;
    bool ok = args->out ? dr_pdn_save(args->out, games, n, false, &err)
                        : dr_pdn_write(stdout, games, n) && fflush(stdout) == 0;
    if (!ok)
        fprintf(stderr, "draughts annotate: %s\n",
                args->out ? err.msg : "cannot write the output");
    free(games);
    return ok ? 0 : 2;
}

int cmd_annotate(int argc, char **argv)
{
    struct annotate_args args;
    int status = parse_args(argc, argv, &args);
    if (status)
        return status;
    struct dr_variant forced;
    struct dr_error err;
    struct dr_pdn_options opt = {0};
    if (args.variant || args.rules) {
        if (!(args.rules ? dr_variant_load_file(args.rules, &forced, &err)
                         : dr_variant_builtin(args.variant, &forced, &err))) {
            fprintf(stderr, "draughts annotate: %s\n", err.msg);
            return 2;
        }
        opt.variant = &forced;
    }
    struct dr_pdn_file f;
    if (!dr_pdn_read_file(args.file, &opt, &f)) {
        fprintf(stderr, "draughts annotate: %s: out of memory\n", args.file);
        dr_pdn_file_free(&f);
        return 2;
    }
    for (int i = 0; i < f.n_diags; i++) {
        char line[512];
        dr_pdn_diag_format(&f, &f.diags[i], line, sizeof line);
        fprintf(stderr, "%s\n", line);
    }
    if (f.errors)
        fprintf(stderr, "draughts annotate: %s: %d errors; nothing written (the games would "
                        "lose what could not be read)\n", args.file, f.errors);
    else if (args.game > f.n_games)
        fprintf(stderr, "draughts annotate: %s has %d game%s, no game %d\n", args.file,
                f.n_games, f.n_games == 1 ? "" : "s", args.game);
    else if ((status = annotate_file(&args, &f)) == 0)
        status = write_games(&args, &f);
    if (f.errors || args.game > f.n_games)
        status = 2;
    dr_pdn_file_free(&f);
    return status;
}
