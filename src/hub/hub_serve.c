/* "draughts hub": the engine behind a Hub GUI or match tool.  Every search
 * is a short game of the loop: the engine player moves, a Hub view prints
 * its progress and answers ping/stop/quit read while it thinks. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "draughts/book.h"
#include "draughts/fen.h"
#include "draughts/movegen.h"
#include "draughts/notation.h"
#include "hub.h"
#include "hubline.h"

#define VERSION "0.1"

struct hub_state {
    FILE *out;
    struct hub_reader in;
    struct dr_variant v;
    int hash_mib;
    int threads; /* search threads (Hub param threads) */
    enum dr_selective selective; /* Hub param selective */
    const char *weights; /* --weights FILE, or NULL: the compiled-in evaluation */
    bool book;           /* Hub param book */
    const char *book_file; /* --book FILE, or NULL: the compiled-in book */
    struct dr_book *own_book; /* book_file read for the current variant */
    char book_error[300];     /* why it could not be read, said at the next search */
    struct dr_engine_player *engine;
    struct dr_position start;
    struct dr_move moves[1024];
    int nmoves;
    bool have_pos;
    struct dr_limits limits;
    bool quit;
    bool quit_read; /* "quit" read during a search: its move is not wanted */
    bool pondering; /* a "go ponder" runs: ponder-hit puts it on the clock */
    /* commands read during a search (a script piping ahead, not a GUI):
     * run in order once the search is done */
    char deferred[64][512];
    int ndeferred, next_deferred;
};

static void reply(struct hub_state *h, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void reply(struct hub_state *h, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(h->out, fmt, ap);
    va_end(ap);
    fputc('\n', h->out);
    fflush(h->out);
}

/* error message="..." with the quotes of the text made harmless */
static void error(struct hub_state *h, const char *what)
{
    char clean[512];
    size_t o = 0;
    for (size_t i = 0; what[i] && o + 1 < sizeof clean; i++)
        clean[o++] = (what[i] == '"' || (unsigned char)what[i] < 32) ? '\'' : what[i];
    clean[o] = 0;
    reply(h, "error message=\"%s\"", clean);
}

static void announce(struct hub_state *h)
{
    reply(h, "id name=draughts version=" VERSION " author=\"The draughts developers\" country=\"\"");
    char values[512] = "";
    const char *const *names = dr_variant_builtin_names();
    for (int i = 0; names[i]; i++) {
        strncat(values, i ? " " : "", sizeof values - strlen(values) - 1);
        strncat(values, names[i], sizeof values - strlen(values) - 1);
    }
    reply(h, "param name=variant value=%s type=enum values=\"normal %s\"", h->v.name, values);
    reply(h, "param name=hash value=%d type=int min=1 max=16384", h->hash_mib);
    reply(h, "param name=threads value=%d type=int min=1 max=%d", h->threads, DR_MAX_THREADS);
    reply(h, "param name=book value=%s type=bool", h->book ? "true" : "false");
    reply(h, "param name=selective value=%s type=enum values=\"auto on off\"",
          dr_selective_name(h->selective));
    reply(h, "wait");
}

/* The evaluation of --weights for the current variant (a variant change
 * resets the evaluation to the compiled-in one). */
static void load_weights(struct hub_state *h)
{
    struct dr_error err;
    if (h->weights && h->engine &&
        !dr_engine_load_weights(dr_engine_player_engine(h->engine), h->weights, &err))
        error(h, err.msg);
}

/* --book FILE for the current variant (read again at a variant change). */
static void load_book(struct hub_state *h)
{
    dr_book_free(h->own_book);
    h->own_book = NULL;
    struct dr_error err;
    h->book_error[0] = 0;
    if (h->book_file && !(h->own_book = dr_book_load(&h->v, h->book_file, &err)))
        snprintf(h->book_error, sizeof h->book_error, "no book: %s", err.msg);
}

static bool ensure_engine(struct hub_state *h)
{
    if (h->engine)
        return true;
    h->engine = dr_engine_player_new(&h->v, (size_t)h->hash_mib);
    if (!h->engine)
        error(h, "out of memory for the hash table");
    else if (!dr_engine_set_threads(dr_engine_player_engine(h->engine), h->threads))
        error(h, "out of memory for the search threads");
    if (h->engine)
        dr_engine_set_selective(dr_engine_player_engine(h->engine), h->selective);
    load_weights(h);
    return h->engine != NULL;
}

static void set_variant(struct hub_state *h, const char *name)
{
    struct dr_error err;
    struct dr_variant v;
    if (!strcmp(name, "normal"))
        name = "international"; /* Scan's name for it */
    if (!dr_variant_builtin(name, &v, &err)) {
        error(h, err.msg);
        return;
    }
    h->v = v;
    dr_position_start(&h->v, &h->start);
    h->nmoves = 0;
    load_book(h);
    if (h->engine) {
        dr_engine_set_variant(dr_engine_player_engine(h->engine), &h->v);
        load_weights(h);
    }
}

static void set_param(struct hub_state *h, const struct hub_line *l)
{
    const char *name = hub_arg(l, "name"), *value = hub_arg(l, "value");
    if (!name || !value) {
        error(h, "set-param needs name=... value=...");
    } else if (!strcmp(name, "variant")) {
        set_variant(h, value);
    } else if (!strcmp(name, "hash")) {
        char *end;
        long mib = strtol(value, &end, 10);
        if (*end || mib < 1 || mib > 16384) {
            error(h, "hash must be a number of MiB from 1 to 16384");
            return;
        }
        h->hash_mib = (int)mib;
        if (h->engine && !dr_engine_set_hash(dr_engine_player_engine(h->engine), (size_t)mib))
            error(h, "out of memory for the hash table");
    } else if (!strcmp(name, "book")) {
        if (strcmp(value, "true") && strcmp(value, "false")) {
            error(h, "book must be true or false");
            return;
        }
        h->book = !strcmp(value, "true");
    } else if (!strcmp(name, "threads")) {
        char *end;
        long n = strtol(value, &end, 10);
        if (*end || n < 1 || n > DR_MAX_THREADS) {
            error(h, "threads must be a number from 1 to 64");
            return;
        }
        h->threads = (int)n;
        if (h->engine && !dr_engine_set_threads(dr_engine_player_engine(h->engine), (int)n))
            error(h, "out of memory for the search threads");
    } else if (!strcmp(name, "selective")) {
        if (!dr_selective_parse(value, &h->selective)) {
            error(h, "selective must be auto, on or off");
            return;
        }
        if (h->engine)
            dr_engine_set_selective(dr_engine_player_engine(h->engine), h->selective);
    } else {
        char why[128];
        snprintf(why, sizeof why, "unknown parameter '%.60s'", name);
        error(h, why);
    }
}

static void set_position(struct hub_state *h, const struct hub_line *l)
{
    const char *pos = hub_arg(l, "pos"), *fen = hub_arg(l, "fen"), *moves = hub_arg(l, "moves");
    struct dr_error err;
    struct dr_position start;
    if (fen) {
        if (!dr_fen_parse(&h->v, fen, &start, &err)) {
            error(h, err.msg);
            return;
        }
    } else if (pos && strcmp(pos, "start")) {
        if (!hub_parse_position(&h->v, pos, &start, &err)) {
            error(h, err.msg);
            return;
        }
    } else if (pos || hub_arg(l, "start")) {
        dr_position_start(&h->v, &start);
    } else {
        error(h, "pos needs pos=... or fen=...");
        return;
    }
    /* replay the moves now, so that a bad one is reported here */
    struct dr_position p = start;
    int n = 0;
    char buf[HUB_LINE_MAX];
    snprintf(buf, sizeof buf, "%s", moves ? moves : "");
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        struct dr_move m;
        if (n == (int)(sizeof h->moves / sizeof h->moves[0])) {
            error(h, "too many moves");
            return;
        }
        if (!hub_parse_move(&h->v, &p, t, &m, &err)) {
            char why[400];
            snprintf(why, sizeof why, "move %d '%.40s': %s", n + 1, t, err.msg);
            error(h, why);
            return;
        }
        h->moves[n++] = m;
        dr_make(&h->v, &p, &m);
    }
    h->start = start;
    h->nmoves = n;
    h->have_pos = true;
}

static bool number(const char *s, double lo, double hi, double *out)
{
    char *end;
    if (!s)
        return false;
    *out = strtod(s, &end);
    return *s && !*end && *out >= lo && *out <= hi;
}

static void set_level(struct hub_state *h, const struct hub_line *l)
{
    struct dr_limits lim = {0};
    double x;
    const char *depth = hub_arg(l, "depth"), *mt = hub_arg(l, "move-time"),
               *time = hub_arg(l, "time"), *moves = hub_arg(l, "moves"), *inc = hub_arg(l, "inc");
    if (hub_arg(l, "infinite")) {
        lim.infinite = true;
    } else if (depth) {
        if (!number(depth, 1, DR_MAX_PLY - 8, &x))
            { error(h, "level depth must be a number from 1 to 120"); return; }
        lim.depth = (int)x;
    } else if (mt) {
        if (!number(mt, 0, 1e7, &x))
            { error(h, "level move-time must be a number of seconds"); return; }
        lim.movetime_ms = (int64_t)(x * 1000) > 0 ? (int64_t)(x * 1000) : 1;
    } else if (time) {
        if (!number(time, 0, 1e7, &x))
            { error(h, "level time must be a number of seconds"); return; }
        lim.time_ms[0] = lim.time_ms[1] = (int64_t)(x * 1000) > 0 ? (int64_t)(x * 1000) : 1;
        if (inc) {
            if (!number(inc, 0, 1e6, &x))
                { error(h, "level inc must be a number of seconds"); return; }
            lim.inc_ms[0] = lim.inc_ms[1] = (int64_t)(x * 1000);
        }
        if (moves) {
            if (!number(moves, 1, 10000, &x))
                { error(h, "level moves must be a number of moves"); return; }
            lim.movestogo = (int)x;
        }
    } else {
        { error(h, "level needs depth=, move-time=, time= or infinite"); return; }
    }
    h->limits = lim;
}

/* The view of a search: progress out, commands in. */
struct search_view {
    struct hub_state *h;
    const struct dr_position *root;
    struct dr_move pv[2];     /* the last info's first two moves */
    int pv_len;
};

static void view_event(void *arg, struct dr_loop *loop, enum dr_event ev, const void *data)
{
    struct search_view *sv = arg;
    (void)loop;
    if (ev != DR_EV_INFO)
        return;
    const struct dr_search_info *info = data;
    sv->pv_len = info->pv_len < 2 ? info->pv_len : 2;
    memcpy(sv->pv, info->pv, (size_t)sv->pv_len * sizeof sv->pv[0]);
    char pv[4096] = "";
    struct dr_position p = *sv->root;
    for (int i = 0; i < info->pv_len; i++) {
        char m[DR_MOVE_TEXT_LEN];
        hub_format_move(&sv->h->v, &info->pv[i], m, sizeof m);
        strncat(pv, i ? " " : "", sizeof pv - strlen(pv) - 1);
        strncat(pv, m, sizeof pv - strlen(pv) - 1);
        dr_make(&sv->h->v, &p, &info->pv[i]);
    }
    reply(sv->h, "info depth=%d mean-depth=%d score=%.2f nodes=%llu time=%.3f nps=%.2f pv=\"%s\"",
          info->depth, info->seldepth, info->score / 100.0, (unsigned long long)info->nodes,
          info->time_ms / 1000.0, info->nps / 1e6, pv);
}

static void view_poll(void *arg, struct dr_loop *loop, int timeout_ms)
{
    struct search_view *sv = arg;
    struct hub_state *h = sv->h;
    char text[HUB_LINE_MAX], why[160];
    int got = hub_read_line(&h->in, text, sizeof text, timeout_ms);
    if (got < 0) { /* the GUI is gone: quit as soon as what it sent is done */
        if (h->ndeferred == 0) {
            h->quit = true;
            dr_loop_post(loop, (struct dr_action){DR_ACT_MOVE_NOW, {0, 0, 0, 0}, 0});
        }
        return;
    }
    if (got == 0)
        return;
    if (got == HUB_LINE_TOO_LONG) {
        error(h, "line too long (over " HUB_LINE_MAX_TEXT " bytes): ignored whole");
        return;
    }
    struct hub_line l;
    if (!hub_parse(text, &l, why, sizeof why)) {
        if (strcmp(why, "empty line"))
            error(h, why);
        return;
    }
    if (!strcmp(l.command, "ping")) {
        reply(h, "pong");
    } else if (!strcmp(l.command, "stop")) {
        dr_loop_post(loop, (struct dr_action){DR_ACT_MOVE_NOW, {0, 0, 0, 0}, 0});
    } else if (!strcmp(l.command, "ponder-hit")) {
        /* the guessed move was played: the search goes on, tree and all,
         * now on the clock */
        if (h->pondering)
            dr_engine_ponderhit(dr_engine_player_engine(h->engine), &h->limits);
        h->pondering = false;
    } else if (!strcmp(l.command, "quit") && h->ndeferred == 0) {
        h->quit = h->quit_read = true;
        dr_loop_post(loop, (struct dr_action){DR_ACT_MOVE_NOW, {0, 0, 0, 0}, 0});
    } else if (h->ndeferred < (int)(sizeof h->deferred / sizeof h->deferred[0]) &&
               strlen(text) < sizeof h->deferred[0]) {
        memcpy(h->deferred[h->ndeferred++], text, strlen(text) + 1);
    } else {
        char msg[200];
        snprintf(msg, sizeof msg, "'%.60s' during a search: too many waiting commands, ignored",
                 l.command);
        error(h, msg);
    }
}

/* The other side of the one-move game: once the engine has moved, stop. */
static struct dr_action stop_act(void *ctx, struct dr_loop *loop)
{
    (void)ctx;
    (void)loop;
    return (struct dr_action){DR_ACT_QUIT, {0, 0, 0, 0}, 0};
}

/* The game of the GUI's position and moves.  The GUI is the arbiter: where
 * our rules would have ended the game (a repetition or a draw counter that
 * the GUI does not apply), the game goes on from that position without its
 * past, and *first tells how many of the moves were dropped. */
static struct dr_game *replay(struct hub_state *h, int *first)
{
    struct dr_game *g = dr_game_new(&h->v, &h->start);
    *first = 0;
    for (int i = 0; g && i <= h->nmoves; i++) {
        if (dr_game_over(g)) {
            struct dr_game *fresh = dr_game_new(&h->v, dr_game_position(g));
            dr_game_free(g);
            g = fresh;
            *first = i;
        }
        struct dr_error err;
        if (g && i < h->nmoves && !dr_game_play(g, &h->moves[i], &err)) {
            dr_game_free(g);
            return NULL; /* cannot happen: the moves were checked by pos */
        }
    }
    return g;
}

static void search(struct hub_state *h, const char *mode)
{
    if (!ensure_engine(h))
        return;
    int first; /* moves of the GUI's list before g's start */
    struct dr_game *g = replay(h, &first);
    if (!g)
        { error(h, "out of memory"); return; }
    struct dr_movelist legal;
    if (dr_gen_moves(&h->v, dr_game_position(g), &legal) == 0) {
        dr_game_free(g);
        { error(h, "no legal move in this position"); return; }
    }
    bool ponder = !strcmp(mode, "ponder");
    struct dr_limits lim = h->limits;
    if (ponder)
        lim.infinite = true;
    h->pondering = ponder;
    struct dr_position root = *dr_game_position(g);
    struct search_view sv = {h, &root, {{0, 0, 0, 0}, {0, 0, 0, 0}}, 0};
    struct dr_view view = {&sv, view_event, view_poll};
    int side = root.side;
    dr_engine_player_set_limits(h->engine, &lim);
    /* a book move answers "go think"; analysis and pondering search */
    bool book = h->book && !strcmp(mode, "think") && (!h->book_file || h->own_book);
    if (h->book && h->book_error[0]) {
        error(h, h->book_error);
        h->book_error[0] = 0;
    }
    dr_engine_player_set_book(h->engine, book, h->own_book, 0);
    struct dr_loop *loop = dr_loop_new(g);
    struct dr_player engine = dr_engine_player_as_player(h->engine, "draughts");
    struct dr_player stop = {"gui", false, false, NULL, stop_act, NULL};
    dr_loop_set_player(loop, side, &engine);
    dr_loop_set_player(loop, !side, &stop);
    dr_loop_add_view(loop, &view);
    dr_loop_run(loop);
    dr_loop_free(loop);
    h->pondering = false;
    int played = h->nmoves - first; /* moves of the GUI's list in g */
    /* a GUI that sent quit waits for no move; a script whose input ended
     * gets the move found so far */
    if (!h->quit_read && dr_game_ply(g) > played) {
        /* the reply the search expects, for a GUI that ponders on it */
        const struct dr_move *move = dr_game_move(g, played);
        char m[DR_MOVE_TEXT_LEN], p[DR_MOVE_TEXT_LEN + 8] = "";
        hub_format_move(&h->v, move, m, sizeof m);
        if (sv.pv_len == 2 && dr_move_same(&sv.pv[0], move)) {
            memcpy(p, " ponder=", 9);
            hub_format_move(&h->v, &sv.pv[1], p + 8, sizeof p - 8);
        }
        reply(h, "done move=%s%s", m, p);
    }
    dr_game_free(g);
}

static void command(struct hub_state *h, const struct hub_line *l)
{
    const char *c = l->command;
    if (!strcmp(c, "hub")) {
        announce(h);
    } else if (!strcmp(c, "set-param")) {
        set_param(h, l);
    } else if (!strcmp(c, "init")) {
        if (ensure_engine(h))
            reply(h, "ready");
    } else if (!strcmp(c, "new-game")) {
        if (ensure_engine(h))
            dr_engine_new_game(dr_engine_player_engine(h->engine));
    } else if (!strcmp(c, "pos")) {
        set_position(h, l);
    } else if (!strcmp(c, "level")) {
        set_level(h, l);
    } else if (!strcmp(c, "go")) {
        const char *mode = hub_arg(l, "think") ? "think"
                           : hub_arg(l, "ponder") ? "ponder"
                           : hub_arg(l, "analyze") || hub_arg(l, "analyse") ? "analyze"
                                                                              : NULL;
        if (!mode)
            error(h, "go needs think, ponder or analyze");
        else
            search(h, mode);
    } else if (!strcmp(c, "ping")) {
        reply(h, "pong");
    } else if (!strcmp(c, "quit")) {
        h->quit = true;
    } else if (!strcmp(c, "stop") || !strcmp(c, "ponder-hit")) {
        /* nothing runs: nothing to stop */
    } else {
        char why[120];
        snprintf(why, sizeof why, "unknown command '%.60s'", c);
        error(h, why);
    }
}

int hub_serve(int in_fd, FILE *out, const struct hub_options *opts)
{
    struct hub_state *h = calloc(1, sizeof *h);
    if (!h)
        return 1;
    h->out = out;
    h->weights = opts->weights;
    h->book = !opts->book || strcmp(opts->book, "off");
    h->book_file = h->book ? opts->book : NULL;
    h->hash_mib = 64;
    h->threads = opts->threads > 0 ? opts->threads : 1;
    h->selective = opts->selective;
    hub_reader_init(&h->in, in_fd);
    set_variant(h, "international");
    dr_level_limits(4, &h->limits);
    char text[HUB_LINE_MAX], why[160];
    while (!h->quit) {
        int got;
        if (h->next_deferred < h->ndeferred) {
            snprintf(text, sizeof text, "%s", h->deferred[h->next_deferred++]);
            got = 1;
        } else {
            h->ndeferred = h->next_deferred = 0;
            got = hub_read_line(&h->in, text, sizeof text, -1);
        }
        if (got < 0)
            break;
        if (got == 0)
            continue;
        if (got == HUB_LINE_TOO_LONG) {
            error(h, "line too long (over " HUB_LINE_MAX_TEXT " bytes): ignored whole");
            continue;
        }
        struct hub_line l;
        if (!hub_parse(text, &l, why, sizeof why)) {
            if (strcmp(why, "empty line"))
                error(h, why);
            continue;
        }
        command(h, &l);
    }
    dr_engine_player_free(h->engine);
    dr_book_free(h->own_book);
    free(h);
    return 0;
}
