/* A player that is an external engine speaking Hub (for matches): one
 * process per player, talked to over pipes. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <time.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "draughts/monotonic.h"
#include "draughts/movegen.h"
#include "draughts/notation.h"
#include "hub_client.h"
#include "hubline.h"

struct hub_client {
    pid_t pid;
    int to_fd;
    struct hub_reader from;
    const struct dr_variant *v;
    struct dr_limits limits;
    char name[64];
    bool dead;
    char last_error[640];
    struct dr_clock *clock;    /* the game clock, or NULL: the level's limits */
    bool ponder;               /* think on the expected reply while the other moves */
    bool pondering;            /* a "go ponder" runs */
    struct dr_move ponder_move; /* on this reply */
    int ponder_ply;            /* to come at this ply of the game */
    int ponder_tries, ponder_hits;
};


static bool send_line(struct hub_client *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static bool send_line(struct hub_client *c, const char *fmt, ...)
{
    char buf[HUB_LINE_MAX];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf - 1, fmt, ap);
    va_end(ap);
    if (n < 0 || n >= (int)sizeof buf - 1)
        return false;
    buf[n++] = '\n';
    for (int off = 0; off < n;) {
        ssize_t w = write(c->to_fd, buf + off, (size_t)(n - off));
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            c->dead = true;
            return false;
        }
        off += (int)w;
    }
    return true;
}

/* Read lines until one starts with want; false on timeout or end. */
static bool wait_for(struct hub_client *c, const char *want, struct hub_line *line, int timeout_ms)
{
    char text[HUB_LINE_MAX], why[160];
    for (;;) {
        int got = hub_read_line(&c->from, text, sizeof text, timeout_ms);
        if (got <= 0) {
            snprintf(c->last_error, sizeof c->last_error, "%s: %s while waiting for '%s'",
                     c->name, got < 0 ? "the engine exited" : "no answer in time", want);
            if (got < 0)
                c->dead = true;
            return false;
        }
        if (got == HUB_LINE_TOO_LONG)
            continue; /* no answer of ours is that long */
        if (hub_parse(text, line, why, sizeof why) && !strcmp(line->command, want))
            return true;
        if (hub_parse(text, line, why, sizeof why) && !strcmp(line->command, "id")) {
            const char *n = hub_arg(line, "name");
            if (n && !strcmp(c->name, "engine"))
                snprintf(c->name, sizeof c->name, "%s", n);
        }
    }
}

struct hub_client *hub_client_start(const char *command, const struct dr_variant *v,
                                    const struct dr_limits *limits, int threads, char *err,
                                    size_t err_size)
{
    int in[2], out[2];
    if (pipe(in) || pipe(out)) {
        snprintf(err, err_size, "%s: cannot make pipes: %s", command, strerror(errno));
        return NULL;
    }
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, err_size, "%s: cannot fork: %s", command, strerror(errno));
        return NULL;
    }
    if (pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        execl("/bin/sh", "sh", "-c", command, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    struct hub_client *c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(err, err_size, "out of memory");
        return NULL;
    }
    c->pid = pid;
    c->to_fd = in[1];
    hub_reader_init(&c->from, out[0]);
    c->v = v;
    c->limits = *limits;
    snprintf(c->name, sizeof c->name, "engine");
    struct hub_line l;
    /* Scan calls international draughts "normal"; our own engine takes both */
    const char *variant = strcmp(v->name, "international") ? v->name : "normal";
    if (!send_line(c, "hub") || !wait_for(c, "wait", &l, 10000) ||
        !send_line(c, "set-param name=variant value=%s", variant) ||
        (threads > 0 && !send_line(c, "set-param name=threads value=%d", threads)) ||
        !send_line(c, "init") ||
        !wait_for(c, "ready", &l, 60000)) {
        snprintf(err, err_size, "%s: the Hub handshake failed (%s)", command,
                 c->last_error[0] ? c->last_error : "cannot write to it");
        hub_client_stop(c);
        return NULL;
    }
    return c;
}

void hub_client_stop(struct hub_client *c)
{
    if (!c)
        return;
    if (!c->dead)
        send_line(c, "quit");
    close(c->to_fd);
    close(c->from.fd);
    for (int i = 0; i < 50; i++) { /* up to half a second to leave politely */
        if (waitpid(c->pid, NULL, WNOHANG) == c->pid) {
            free(c);
            return;
        }
        struct timespec pause = {0, 10000000};
        nanosleep(&pause, NULL);
    }
    kill(c->pid, SIGKILL);
    waitpid(c->pid, NULL, 0);
    free(c);
}

const char *hub_client_name(const struct hub_client *c) { return c->name; }
bool hub_client_dead(const struct hub_client *c) { return c->dead; }
const char *hub_client_error(const struct hub_client *c) { return c->last_error; }

void hub_client_set_clock(struct hub_client *c, struct dr_clock *clock) { c->clock = clock; }
void hub_client_set_ponder(struct hub_client *c, bool on) { c->ponder = on; }

void hub_client_ponder_stats(const struct hub_client *c, int *tries, int *hits)
{
    *tries = c->ponder_tries;
    *hits = c->ponder_hits;
}

static bool resync(struct hub_client *c, int timeout_ms);

/* End a "go ponder" whose reply did not come: its done is read and
 * dropped, so that the next done answers the next go. */
static bool stop_ponder(struct hub_client *c)
{
    struct hub_line l;
    c->pondering = false;
    if (c->dead || !send_line(c, "stop") || !wait_for(c, "done", &l, 10000)) {
        c->dead = true;
        return false;
    }
    return resync(c, 10000);
}

void hub_client_new_game(struct hub_client *c)
{
    if (c->pondering)
        stop_ponder(c);
    if (!c->dead)
        send_line(c, "new-game");
}

static void level_line(const struct dr_limits *l, int side, char *out, size_t size)
{
    if (l->depth)
        snprintf(out, size, "level depth=%d", l->depth);
    else if (l->movetime_ms)
        snprintf(out, size, "level move-time=%.3f", l->movetime_ms / 1000.0);
    else if (l->time_ms[side])
        snprintf(out, size, "level time=%.3f inc=%.3f", l->time_ms[side] / 1000.0,
                 l->inc_ms[side] / 1000.0);
    else
        snprintf(out, size, "level depth=6");
}

/* ping, and wait for its pong: every line the engine sent before it (a
 * late or repeated done, info of a search that was stopped) is read and
 * dropped, so that the next done answers the next go. */
static bool resync(struct hub_client *c, int timeout_ms)
{
    struct hub_line l;
    char before[sizeof c->last_error];
    snprintf(before, sizeof before, "%s", c->last_error);
    if (!send_line(c, "ping") || !wait_for(c, "pong", &l, timeout_ms)) {
        c->dead = true; /* the match runner starts it afresh */
        return false;
    }
    snprintf(c->last_error, sizeof c->last_error, "%s", before);
    return true;
}

/* pos: the game's start and its moves, then the extra ones. */
static bool send_position(struct hub_client *c, const struct dr_game *g,
                          const struct dr_move *extra, int nextra)
{
    const struct dr_variant *v = dr_game_variant(g);
    char pos[DR_MAX_SQUARES + 2], moves[HUB_LINE_MAX / 2] = "";
    hub_format_position(v, dr_game_start(g), pos, sizeof pos);
    int n = dr_game_ply(g);
    for (int i = 0; i < n + nextra; i++) {
        char mv[DR_MOVE_TEXT_LEN];
        hub_format_move(v, i < n ? dr_game_move(g, i) : &extra[i - n], mv, sizeof mv);
        if (strlen(moves) + strlen(mv) + 2 >= sizeof moves)
            break;
        strcat(moves, i ? " " : "");
        strcat(moves, mv);
    }
    return send_line(c, "pos pos=%s moves=\"%s\"", pos, moves);
}

/* level: the limits, or side's share of the game clock. */
static bool send_level(struct hub_client *c, int side)
{
    struct dr_limits l = c->limits;
    if (c->clock && c->clock->on)
        dr_clock_limits(c->clock, side, dr_monotonic_ms(), &l);
    char level[96];
    level_line(&l, side, level, sizeof level);
    return send_line(c, "%s", level);
}

/* Wait for the done that answers a go; *m is its move, *reply its ponder=
 * move when it names a legal one. */
static bool read_done(struct hub_client *c, const struct dr_game *g, struct dr_move *m,
                      struct dr_move *reply, bool *has_reply)
{
    const struct dr_variant *v = dr_game_variant(g);
    const struct dr_position *pos = dr_game_position(g);
    int64_t budget = c->clock && c->clock->on ? dr_clock_left(c->clock, pos->side, dr_monotonic_ms()) + 5000
                     : c->limits.movetime_ms ? c->limits.movetime_ms * 3 + 5000
                                             : 120000;
    struct hub_line l;
    if (!wait_for(c, "done", &l, (int)budget)) {
        /* this game is lost; stop the search and drop its answer, or have
         * the engine started again for the next game */
        if (!c->dead && send_line(c, "stop"))
            resync(c, 10000);
        return false;
    }
    const char *text = hub_arg(&l, "move");
    struct dr_error err;
    if (!text || !hub_parse_move(v, pos, text, m, &err)) {
        snprintf(c->last_error, sizeof c->last_error, "%s played '%.40s': %.200s", c->name,
                 text ? text : "(nothing)", text ? err.msg : "no move= in done");
        return false;
    }
    const char *ponder = hub_arg(&l, "ponder");
    struct dr_position after = *pos;
    dr_make(v, &after, m);
    *has_reply = ponder && hub_parse_move(v, &after, ponder, reply, &err);
    return true;
}

/* The engine's move in the game as it stands; false when it fails. */
static bool ask_move(struct hub_client *c, struct dr_game *g, struct dr_move *m,
                     struct dr_move *reply, bool *has_reply)
{
    if (c->pondering) {
        int ply = dr_game_ply(g);
        bool hit = ply == c->ponder_ply + 1 &&
                   dr_move_same(dr_game_move(g, c->ponder_ply), &c->ponder_move);
        if (hit) { /* the search on this position goes on, now on the clock */
            c->pondering = false;
            c->ponder_hits++;
            return send_line(c, "ponder-hit") && read_done(c, g, m, reply, has_reply);
        }
        if (!stop_ponder(c))
            return false;
    } else if (c->dead || !resync(c, 10000)) {
        return false;
    }
    return send_position(c, g, NULL, 0) && send_level(c, dr_game_position(g)->side) &&
           send_line(c, "go think") && read_done(c, g, m, reply, has_reply);
}

/* After the engine's move m: think on reply, the answer it expects, while
 * the other side thinks (a position with no move left is not pondered). */
static void start_ponder(struct hub_client *c, const struct dr_game *g, const struct dr_move *m,
                         const struct dr_move *reply)
{
    const struct dr_variant *v = dr_game_variant(g);
    struct dr_position p = *dr_game_position(g);
    int side = p.side;
    dr_make(v, &p, m);
    dr_make(v, &p, reply);
    struct dr_movelist l;
    if (dr_gen_moves(v, &p, &l) == 0)
        return;
    struct dr_move both[2] = {*m, *reply};
    if (!send_position(c, g, both, 2) || !send_level(c, side) || !send_line(c, "go ponder"))
        return;
    c->pondering = true;
    c->ponder_move = *reply;
    c->ponder_ply = dr_game_ply(g) + 1;
    c->ponder_tries++;
}

static struct dr_action client_act(void *ctx, struct dr_loop *loop)
{
    struct hub_client *c = ctx;
    struct dr_game *g = dr_loop_game(loop);
    int side = dr_game_position(g)->side;
    struct dr_action a = {DR_ACT_MOVE, {0, 0, 0, 0}, 0};
    struct dr_move reply;
    bool has_reply = false;
    if (!ask_move(c, g, &a.move, &reply, &has_reply)) {
        if (!c->last_error[0])
            snprintf(c->last_error, sizeof c->last_error, "%s stopped answering", c->name);
        int flagged;
        /* a broken engine loses the game: on time when its clock ran out */
        a.kind = c->clock && c->clock->on && dr_clock_flag_fell(c->clock, dr_monotonic_ms(), &flagged)
                     ? DR_ACT_FLAG
                     : DR_ACT_RESIGN;
        return a;
    }
    if (c->clock && c->clock->on) {
        int64_t now = dr_monotonic_ms();
        int flagged;
        if (dr_clock_flag_fell(c->clock, now, &flagged)) {
            snprintf(c->last_error, sizeof c->last_error, "%s ran out of time", c->name);
            a.kind = DR_ACT_FLAG;
            return a;
        }
        dr_clock_moved(c->clock, side, now);
    }
    if (c->ponder && has_reply)
        start_ponder(c, g, &a.move, &reply);
    return a;
}

struct dr_player hub_client_player(struct hub_client *c)
{
    struct dr_player p = {c->name, true, false, c, client_act, NULL};
    return p;
}
