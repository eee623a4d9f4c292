/* Commands on the rules core alone: perft, moves, variants. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "commands.h"
#include "draughts/fen.h"
#include "draughts/movegen.h"
#include "draughts/notation.h"

/* Options shared by the rules commands. */
struct rules_opts {
    const char *variant, *rules, *fen;
    bool divide, canonical;
    const char *depth;
};

static int bad(const char *cmd, const char *fmt, const char *arg)
{
    fprintf(stderr, "draughts %s: ", cmd);
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    return 2;
}

static int parse_opts(const char *cmd, int argc, char **argv, struct rules_opts *o)
{
    memset(o, 0, sizeof *o);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char **value = !strcmp(a, "--variant") ? &o->variant
                             : !strcmp(a, "--rules") ? &o->rules
                             : !strcmp(a, "--fen")   ? &o->fen
                                                     : NULL;
        if (value) {
            if (i + 1 >= argc)
                return bad(cmd, "option %s needs a value", a);
            *value = argv[++i];
        } else if (!strcmp(a, "--divide")) {
            o->divide = true;
        } else if (!strcmp(a, "--canonical")) {
            o->canonical = true;
        } else if (a[0] == '-' && a[1] && !(a[1] >= '0' && a[1] <= '9')) {
            return bad(cmd, "unknown option '%s'", a);
        } else if (!o->depth) {
            o->depth = a;
        } else {
            return bad(cmd, "unexpected argument '%s'", a);
        }
    }
    return 0;
}

/* Variant and position from the options; prints the error itself. */
static int setup(const char *cmd, const struct rules_opts *o, struct dr_variant *v,
                 struct dr_position *pos)
{
    struct dr_error err;
    bool ok = o->rules ? dr_variant_load_file(o->rules, v, &err)
                       : dr_variant_builtin(o->variant ? o->variant : "international", v, &err);
    if (!ok)
        return bad(cmd, "%s", err.msg);
    if (o->variant && o->rules)
        return bad(cmd, "%s", "give --variant or --rules, not both");
    if (!o->fen) {
        dr_position_start(v, pos);
    } else if (!dr_fen_parse(v, o->fen, pos, &err)) {
        return bad(cmd, "%s", err.msg);
    }
    return 0;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int perft_divide(const struct dr_variant *v, const struct dr_position *pos, int depth)
{
    struct dr_movelist list;
    dr_gen_moves(v, pos, &list);
    uint64_t total = 0;
    for (int i = 0; i < list.count; i++) {
        struct dr_position next = *pos;
        dr_make(v, &next, &list.moves[i]);
        uint64_t n = dr_perft(v, &next, depth - 1);
        char text[DR_MOVE_TEXT_LEN];
        dr_move_pdn(v, pos, &list.moves[i], text);
        printf("%s %llu\n", text, (unsigned long long)n);
        total += n;
    }
    printf("total %llu\n", (unsigned long long)total);
    return 0;
}

int cmd_perft(int argc, char **argv)
{
    struct rules_opts o;
    struct dr_variant v;
    struct dr_position pos;
    if (parse_opts("perft", argc, argv, &o) || setup("perft", &o, &v, &pos))
        return 2;
    if (!o.depth)
        return bad("perft", "%s", "missing DEPTH");
    char *end;
    long depth = strtol(o.depth, &end, 10);
    if (*end || end == o.depth || depth < 1 || depth > 30)
        return bad("perft", "bad depth '%s' (expected a number from 1 to 30)", o.depth);
    if (o.divide)
        return perft_divide(&v, &pos, (int)depth);
    for (int d = 1; d <= depth; d++) {
        double t0 = now_seconds();
        uint64_t n = dr_perft(&v, &pos, d);
        double t = now_seconds() - t0;
        printf("perft %d %llu %.3f %.0f\n", d, (unsigned long long)n, t,
               t > 0 ? (double)n / t : 0.0);
        fflush(stdout);
    }
    return 0;
}

static int compare_text(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

int cmd_moves(int argc, char **argv)
{
    struct rules_opts o;
    struct dr_variant v;
    struct dr_position pos;
    if (parse_opts("moves", argc, argv, &o) || setup("moves", &o, &v, &pos))
        return 2;
    if (o.depth)
        return bad("moves", "unexpected argument '%s'", o.depth);
    static struct dr_movelist list;
    static char text[DR_MAX_MOVES][DR_MOVE_TEXT_LEN];
    dr_gen_moves(&v, &pos, &list);
    for (int i = 0; i < list.count; i++) {
        if (o.canonical)
            dr_move_canonical(&v, &list.moves[i], text[i]);
        else
            dr_move_pdn(&v, &pos, &list.moves[i], text[i]);
    }
    qsort(text, (size_t)list.count, sizeof text[0], compare_text);
    for (int i = 0; i < list.count; i++)
        puts(text[i]);
    return 0;
}

int cmd_variants(int argc, char **argv)
{
    (void)argv;
    if (argc > 1)
        return bad("variants", "unexpected argument '%s'", argv[1]);
    const char *const *names = dr_variant_builtin_names();
    for (int i = 0; names[i]; i++) {
        struct dr_variant v;
        struct dr_error err;
        if (!dr_variant_builtin(names[i], &v, &err)) {
            fprintf(stderr, "draughts variants: %s\n", err.msg);
            return 1;
        }
        printf("%-14s %s\n", v.name, v.description);
    }
    return 0;
}
