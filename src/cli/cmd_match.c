/* draughts match: two Hub engines play each other through the game loop,
 * colours alternated over varied openings, the games judged by the
 * variant's own rules.  It is how every engine change is measured. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "commands.h"
#include "draughts/fen.h"
#include "draughts/game_pdn.h"
#include "draughts/monotonic.h"
#include "draughts/movegen.h"
#include "draughts/notation.h"
#include "draughts/players.h"
#include "hub_client.h"

struct match_opts {
    const char *engine[2], *variant, *openings, *pdn_out;
    int games, max_plies, random_plies;
    int threads; /* the engines' threads parameter, 0: theirs */
    int64_t clock_ms, inc_ms; /* a game clock (0: none): base and increment */
    bool ponder[2];           /* the engine thinks on the other's time */
    uint64_t seed;
    struct dr_limits limits;
};

/* An opening: a start position and moves from it. */
struct opening {
    struct dr_position start;
    struct dr_move moves[16];
    int n;
};

static int usage_error(const char *what, const char *arg)
{
    fprintf(stderr, "draughts match: %s%s%s\n", what, arg ? " " : "", arg ? arg : "");
    return 2;
}

/* BASE+INC (seconds), e.g. "10+0.1"; a clock with no increment is "60". */
static bool parse_clock(const char *text, struct match_opts *o)
{
    char *end;
    double base = strtod(text, &end), inc = 0;
    if (end == text || base <= 0)
        return false;
    if (*end == '+') {
        const char *p = end + 1;
        inc = strtod(p, &end);
        if (end == p || inc < 0)
            return false;
    }
    if (*end)
        return false;
    o->clock_ms = (int64_t)(base * 1000);
    o->inc_ms = (int64_t)(inc * 1000);
    return o->clock_ms > 0;
}

static int parse(int argc, char **argv, struct match_opts *o)
{
    memset(o, 0, sizeof *o);
    o->variant = "international";
    o->games = 2;
    o->max_plies = 400;
    o->random_plies = 4;
    o->seed = 1;
    o->limits.depth = 6;
    const char *random_plies_text = "4";
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (!val)
            return usage_error("missing value after", a);
        i++;
        char *end = NULL;
        if (!strcmp(a, "--engine1"))
            o->engine[0] = val;
        else if (!strcmp(a, "--engine2"))
            o->engine[1] = val;
        else if (!strcmp(a, "--variant"))
            o->variant = val;
        else if (!strcmp(a, "--openings"))
            o->openings = val;
        else if (!strcmp(a, "--pdn-out"))
            o->pdn_out = val;
        else if (!strcmp(a, "--games"))
            o->games = (int)strtol(val, &end, 10);
        else if (!strcmp(a, "--max-plies"))
            o->max_plies = (int)strtol(val, &end, 10);
        else if (!strcmp(a, "--random-plies")) {
            o->random_plies = (int)strtol(val, &end, 10);
            random_plies_text = val;
        }
        else if (!strcmp(a, "--threads"))
            o->threads = (int)strtol(val, &end, 10);
        else if (!strcmp(a, "--seed"))
            o->seed = strtoull(val, &end, 10);
        else if (!strcmp(a, "--depth")) {
            o->limits.depth = (int)strtol(val, &end, 10);
            o->limits.movetime_ms = 0;
        } else if (!strcmp(a, "--time")) {
            o->limits.movetime_ms = (int64_t)(strtod(val, &end) * 1000);
            o->limits.depth = 0;
        } else if (!strcmp(a, "--clock")) {
            if (!parse_clock(val, o))
                return usage_error("--clock needs BASE+INC in seconds (e.g. 10+0.1), not", val);
            o->limits.depth = 0;
            o->limits.movetime_ms = 0;
        } else if (!strcmp(a, "--ponder")) {
            o->ponder[0] = !strcmp(val, "1") || !strcmp(val, "both");
            o->ponder[1] = !strcmp(val, "2") || !strcmp(val, "both");
            if (strcmp(val, "none") && !o->ponder[0] && !o->ponder[1])
                return usage_error("--ponder takes 1, 2, both or none, not", val);
        } else
            return usage_error("unknown option", a);
        if (end && (*end || end == val))
            return usage_error("bad number for", a);
    }
    if (!o->engine[0] || !o->engine[1])
        return usage_error("--engine1 CMD and --engine2 CMD are both needed", NULL);
    if (o->random_plies < 0 || o->random_plies > 16)
        return usage_error("--random-plies takes 0 to 16, not", random_plies_text);
    if (o->games < 1 || o->max_plies < 1 ||
        o->limits.depth < 0 || o->limits.movetime_ms < 0 ||
        (!o->limits.depth && !o->limits.movetime_ms && !o->clock_ms) ||
        o->threads < 0 || o->threads > DR_MAX_THREADS)
        return usage_error("games, plies, depth and time must be positive", NULL);
    return 0;
}


static uint64_t mix(uint64_t x)
{
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

/* Opening k: from the file (cycling), else random plies from the start. */
static bool make_opening(const struct dr_variant *v, const struct match_opts *o, char **lines,
                         int nlines, int k, struct opening *op)
{
    dr_position_start(v, &op->start);
    op->n = 0;
    struct dr_position p = op->start;
    if (nlines) {
        char buf[1024];
        snprintf(buf, sizeof buf, "%s", lines[k % nlines]);
        struct dr_error err;
        if (strchr(buf, ':')) {
            if (!dr_fen_parse(v, buf, &op->start, &err)) {
                fprintf(stderr, "draughts match: %s: opening %d: %s\n", o->openings, k % nlines + 1, err.msg);
                return false;
            }
            return true;
        }
        for (char *t = strtok(buf, " \t"); t && op->n < 16; t = strtok(NULL, " \t")) {
            if (strchr(t, '.'))
                continue; /* move numbers */
            if (!dr_move_parse(v, &p, t, &op->moves[op->n], &err)) {
                fprintf(stderr, "draughts match: %s: opening %d, '%s': %s\n", o->openings,
                        k % nlines + 1, t, err.msg);
                return false;
            }
            dr_make(v, &p, &op->moves[op->n++]);
        }
        return true;
    }
    uint64_t r = mix(o->seed * 1000003 + (uint64_t)k);
    for (int i = 0; i < o->random_plies; i++) {
        struct dr_movelist l;
        if (dr_gen_moves(v, &p, &l) == 0)
            break;
        r = mix(r + 0x9E3779B97F4A7C15ULL);
        op->moves[op->n] = l.moves[r % (uint64_t)l.count];
        dr_make(v, &p, &op->moves[op->n++]);
    }
    return true;
}

static char **read_lines(const char *path, int *n)
{
    *n = 0;
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    char **lines = NULL, buf[1024];
    while (fgets(buf, sizeof buf, f)) {
        buf[strcspn(buf, "\r\n")] = 0;
        if (!buf[0] || buf[0] == '#')
            continue;
        char **more = realloc(lines, sizeof *lines * (size_t)(*n + 1));
        if (!more)
            break;
        lines = more;
        lines[(*n)++] = strdup(buf);
    }
    fclose(f);
    return lines;
}

/* Each game is added to the file as soon as it ends (atomically), so an
 * interrupted match keeps what was played. */
static bool save_game(const struct match_opts *o, const struct dr_game *g, const char *white,
                      const char *black, int k)
{
    char event[96];
    snprintf(event, sizeof event, "draughts match, game %d", k + 1);
    struct dr_pdn_game *pg = dr_game_to_pdn(g, white, black, event);
    struct dr_error err;
    bool ok = pg && dr_pdn_save(o->pdn_out, &pg, 1, k > 0, &err);
    if (!ok)
        fprintf(stderr, "draughts match: %s\n", pg ? err.msg : "out of memory");
    dr_pdn_game_free(pg);
    return ok;
}

int cmd_match(int argc, char **argv)
{
    struct match_opts o;
    if (parse(argc, argv, &o))
        return 2;
    struct dr_variant v;
    struct dr_error err;
    if (!dr_variant_builtin(o.variant, &v, &err))
        return usage_error(err.msg, NULL);
    int nlines = 0;
    char **lines = NULL;
    if (o.openings && !(lines = read_lines(o.openings, &nlines)))
        return usage_error("cannot read openings file", o.openings);
    struct hub_client *eng[2];
    char why[512];
    for (int i = 0; i < 2; i++) {
        eng[i] = hub_client_start(o.engine[i], &v, &o.limits, o.threads, why, sizeof why);
        if (!eng[i]) {
            fprintf(stderr, "draughts match: engine%d: %s\n", i + 1, why);
            if (i)
                hub_client_stop(eng[0]);
            return 1;
        }
    }
    int won = 0, drawn = 0, lost = 0; /* from engine1's side */
    int forfeits[2] = {0, 0};         /* games lost on time by engine1, engine2 */
    int ponder_tries[2] = {0, 0}, ponder_hits[2] = {0, 0}; /* of engines started again */
    for (int k = 0; k < o.games; k++) {
        struct opening op;
        if (!make_opening(&v, &o, lines, nlines, k / 2, &op))
            break;
        int e1 = k % 2 == 0 ? DR_WHITE : DR_BLACK; /* colour of engine1 */
        for (int i = 0; i < 2; i++) {
            if (!hub_client_dead(eng[i]))
                continue;
            /* an engine that died or stopped answering lost its game; the
             * next one gets a fresh process */
            fprintf(stderr, "draughts match: engine%d: %s; starting it again\n", i + 1,
                    hub_client_error(eng[i]));
            int tries, hits;
            hub_client_ponder_stats(eng[i], &tries, &hits);
            ponder_tries[i] += tries;
            ponder_hits[i] += hits;
            hub_client_stop(eng[i]);
            eng[i] = hub_client_start(o.engine[i], &v, &o.limits, o.threads, why, sizeof why);
            if (!eng[i]) {
                fprintf(stderr, "draughts match: engine%d: %s\n", i + 1, why);
                hub_client_stop(eng[!i]);
                return 1;
            }
        }
        struct dr_game *g = dr_game_new(&v, &op.start);
        for (int i = 0; i < op.n; i++)
            dr_game_play(g, &op.moves[i], &err);
        hub_client_new_game(eng[0]);
        hub_client_new_game(eng[1]);
        struct dr_capped_player cw = {hub_client_player(eng[e1 == DR_WHITE ? 0 : 1]), o.max_plies},
                                cb = {hub_client_player(eng[e1 == DR_WHITE ? 1 : 0]), o.max_plies};
        struct dr_player pw = dr_capped_player(&cw), pb = dr_capped_player(&cb);
        struct dr_loop *loop = dr_loop_new(g);
        dr_loop_set_player(loop, DR_WHITE, &pw);
        dr_loop_set_player(loop, DR_BLACK, &pb);
        struct dr_clock clock;
        for (int i = 0; i < 2; i++) {
            hub_client_set_clock(eng[i], o.clock_ms ? &clock : NULL);
            hub_client_set_ponder(eng[i], o.ponder[i]);
        }
        dr_clock_start(&clock, o.clock_ms, o.inc_ms, dr_game_position(g)->side, dr_monotonic_ms());
        dr_loop_run(loop);
        dr_loop_free(loop);
        enum dr_result r = dr_game_result(g);
        if (r == DR_DRAW || r == DR_ONGOING)
            drawn++;
        else if ((r == DR_WHITE_WINS) == (e1 == DR_WHITE))
            won++;
        else
            lost++;
        char sentence[160];
        dr_game_result_sentence(g, sentence, sizeof sentence);
        enum dr_reason why_over = dr_game_reason(g);
        bool told = why_over == DR_REASON_RESIGNATION || why_over == DR_REASON_TIME;
        if (why_over == DR_REASON_TIME)
            forfeits[(r == DR_WHITE_WINS) == (e1 == DR_WHITE)]++;
        printf("game %d: %s (white) - %s (black): %s, %d plies%s%s\n", k + 1, pw.name, pb.name,
               sentence, dr_game_ply(g), told ? " -- " : "",
               told
                   ? hub_client_error(eng[r == DR_WHITE_WINS ? (e1 == DR_WHITE ? 1 : 0)
                                                             : (e1 == DR_WHITE ? 0 : 1)])
                   : "");
        fflush(stdout);
        if (o.pdn_out && !save_game(&o, g, pw.name, pb.name, k)) {
            dr_game_free(g);
            break;
        }
        dr_game_free(g);
    }
    int n = won + drawn + lost;
    double score = n ? (won + 0.5 * drawn) / n : 0.5;
    double elo = score > 0 && score < 1 ? -400.0 * log10(1.0 / score - 1.0) + 0.0 : 0;
    /* likelihood of superiority: how sure the wins and losses make it that
     * engine1 is the stronger (draws say nothing about it) */
    double los = won + lost ? 0.5 * (1.0 + erf((won - lost) / sqrt(2.0 * (won + lost)))) : 0.5;
    printf("%s vs %s: %d-%d-%d (W-D-L), score %.1f/%d (%.1f%%), Elo %+.0f, LOS %.1f%%\n",
           o.engine[0], o.engine[1], won, drawn, lost, won + 0.5 * drawn, n, 100.0 * score, elo,
           100.0 * los);
    if (o.clock_ms)
        printf("clock %.3g+%.3g s: lost on time: engine1 %d, engine2 %d\n", o.clock_ms / 1000.0,
               o.inc_ms / 1000.0, forfeits[0], forfeits[1]);
    for (int i = 0; i < 2; i++) {
        int tries, hits;
        hub_client_ponder_stats(eng[i], &tries, &hits);
        tries += ponder_tries[i];
        hits += ponder_hits[i];
        if (o.ponder[i])
            printf("engine%d pondered %d times, the expected reply came %d times (%.0f%%)\n",
                   i + 1, tries, hits, tries ? 100.0 * hits / tries : 0.0);
    }
    hub_client_stop(eng[0]);
    hub_client_stop(eng[1]);
    for (int i = 0; i < nlines; i++)
        free(lines[i]);
    free(lines);
    return 0;
}
