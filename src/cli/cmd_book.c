/* draughts book build|show: grow a variant's opening book by the engine's
 * own searches, or print what the book says about a position. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "commands.h"
#include "draughts/annotate.h"
#include "draughts/book.h"
#include "draughts/fen.h"
#include "draughts/movegen.h"
#include "draughts/notation.h"

struct book_opts {
    const char *variant, *file, *fen, *moves;
    long positions, nodes, ply_cost, max_ply, threads;
};

static int book_usage(const char *why, const char *what)
{
    fprintf(stderr, "draughts book: %s%s%s%s\n", why, what ? " '" : "", what ? what : "",
            what ? "'" : "");
    return 2;
}

static bool number_option(const char *a, const char *val, struct book_opts *o)
{
    static const struct {
        const char *name;
        size_t offset;
        long lo, hi;
    } numbers[] = {
        {"--positions", offsetof(struct book_opts, positions), 1, 1000000},
        {"--nodes", offsetof(struct book_opts, nodes), 1000, 1000000000},
        {"--ply-cost", offsetof(struct book_opts, ply_cost), 0, 1000},
        {"--max-ply", offsetof(struct book_opts, max_ply), 1, 100},
        {"--threads", offsetof(struct book_opts, threads), 1, DR_MAX_THREADS},
    };
    for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++) {
        if (strcmp(a, numbers[i].name))
            continue;
        char *end;
        long n = strtol(val, &end, 10);
        if (*end || end == val || n < numbers[i].lo || n > numbers[i].hi) {
            fprintf(stderr, "draughts book: %s needs a number from %ld to %ld, not '%s'\n", a,
                    numbers[i].lo, numbers[i].hi, val);
            return false;
        }
        *(long *)((char *)o + numbers[i].offset) = n;
        return true;
    }
    fprintf(stderr, "draughts book: unknown argument '%s'\n", a);
    return false;
}

static int parse_opts(int argc, char **argv, struct book_opts *o)
{
    *o = (struct book_opts){"international", NULL, NULL, NULL, 200, 200000, 4, 30, 1};
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (!val)
            return book_usage("this option needs a value:", a);
        i++;
        if (!strcmp(a, "--variant"))
            o->variant = val;
        else if (!strcmp(a, "--book"))
            o->file = val;
        else if (!strcmp(a, "--fen"))
            o->fen = val;
        else if (!strcmp(a, "--moves"))
            o->moves = val;
        else if (!number_option(a, val, o))
            return 2;
    }
    return 0;
}

static int build(const struct dr_variant *v, const struct book_opts *o)
{
    char path[512];
    snprintf(path, sizeof path, "books/%s.book", v->name);
    const char *file = o->file ? o->file : path;
    struct dr_error err;
    FILE *exists = fopen(file, "r");
    struct dr_book *b = exists ? dr_book_load(v, file, &err) : dr_book_new(v);
    if (exists)
        fclose(exists);
    if (!b) {
        fprintf(stderr, "draughts book: %s\n", exists ? err.msg : "out of memory");
        return 2;
    }
    struct dr_engine *e = dr_engine_new(v, 64);
    if (!e || !dr_engine_set_threads(e, (int)o->threads)) {
        fprintf(stderr, "draughts book: out of memory\n");
        dr_engine_free(e);
        dr_book_free(b);
        return 1;
    }
    printf("book %s: %d positions, growing to %ld (%ld nodes a move, ply cost %ld, "
           "at most %ld plies), evaluation %s\n", file, dr_book_positions(b), o->positions,
           o->nodes, o->ply_cost, o->max_ply, dr_engine_eval_source(e));
    struct dr_limits limits = {0};
    limits.nodes = (uint64_t)o->nodes;
    time_t started = time(NULL), saved = started;
    int status = 0;
    while (dr_book_positions(b) < o->positions) {
        if (!dr_book_expand(b, e, &limits, (int)o->ply_cost, (int)o->max_ply)) {
            printf("nothing left to add within %ld plies\n", o->max_ply);
            break;
        }
        if (time(NULL) - saved >= 60) { /* a stopped build keeps its work */
            if (!dr_book_save(b, file, &err))
                break;
            saved = time(NULL);
            printf("%d positions, %ld s\n", dr_book_positions(b), (long)(saved - started));
            fflush(stdout);
        }
    }
    if (!dr_book_save(b, file, &err)) {
        fprintf(stderr, "draughts book: %s\n", err.msg);
        status = 1;
    } else {
        printf("wrote %s: %d positions in %ld s\n", file, dr_book_positions(b),
               (long)(time(NULL) - started));
    }
    dr_engine_free(e);
    dr_book_free(b);
    return status;
}

/* The position of --fen or --moves (from the start), else the start. */
static bool show_position(const struct dr_variant *v, const struct book_opts *o,
                          struct dr_position *pos, struct dr_error *err)
{
    if (o->fen)
        return dr_fen_parse(v, o->fen, pos, err);
    dr_position_start(v, pos);
    char word[DR_MOVE_TEXT_LEN];
    for (const char *s = o->moves; s && *s;) {
        int len = (int)strcspn(s, " ");
        if (len && len < (int)sizeof word) {
            memcpy(word, s, (size_t)len);
            word[len] = 0;
            struct dr_move m;
            if (!dr_move_parse(v, pos, word, &m, err))
                return false;
            dr_make(v, pos, &m);
        }
        s += len + (s[len] == ' ');
    }
    return true;
}

static int show(const struct dr_variant *v, const struct book_opts *o)
{
    struct dr_error err;
    struct dr_book *own = o->file ? dr_book_load(v, o->file, &err) : NULL;
    if (o->file && !own) {
        fprintf(stderr, "draughts book: %s\n", err.msg);
        return 2;
    }
    const struct dr_book *b = own ? own : dr_book_builtin(v);
    struct dr_position pos;
    if (!show_position(v, o, &pos, &err)) {
        fprintf(stderr, "draughts book: %s\n", err.msg);
        dr_book_free(own);
        return 2;
    }
    static struct dr_book_move moves[DR_MAX_MOVES];
    int count = b ? dr_book_moves(b, &pos, moves, DR_MAX_MOVES) : 0;
    if (!b)
        printf("%s has no opening book\n", v->name);
    else if (!count)
        printf("not in the book (%d positions)\n", dr_book_positions(b));
    for (int k = 0; k < count; k++) {
        char text[DR_MOVE_TEXT_LEN], score[32];
        dr_move_pdn(v, &pos, &moves[k].move, text);
        dr_annotate_format_score(moves[k].score, score, sizeof score);
        printf("%-10s %8s%s%s\n", text, score, moves[k].in_book ? "  book line" : "",
               moves[0].score - moves[k].score <= DR_BOOK_MARGIN ? "  (a choice)" : "");
    }
    dr_book_free(own);
    return 0;
}

int cmd_book(int argc, char **argv)
{
    if (argc < 2 || (strcmp(argv[1], "build") && strcmp(argv[1], "show")))
        return book_usage("say build or show", NULL);
    struct book_opts o;
    if (parse_opts(argc, argv, &o))
        return 2;
    struct dr_variant v;
    struct dr_error err;
    if (!dr_variant_builtin(o.variant, &v, &err)) {
        fprintf(stderr, "draughts book: %s\n", err.msg);
        return 2;
    }
    return !strcmp(argv[1], "build") ? build(&v, &o) : show(&v, &o);
}
