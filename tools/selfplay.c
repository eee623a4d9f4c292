/* Self-play games for training the evaluation (docs/tuning/README.md).
 *
 *   selfplay --variant V --games N --out FILE [--nodes N] [--random-plies LO-HI]
 *            [--seed S] [--weights FILE|hand-set] [--hash MIB]
 *            [--opponent FILE|hand-set|builtin] [--opponent-nodes N]
 *            [--starts FILE.pdn [--start-plies LO-HI]]
 *
 * The engine plays both sides with a fixed node budget a move, from
 * openings of a few random plies, under every draw rule of the variant (the
 * game layer), with its endgame tables.  Every quiet position after the
 * opening (the side to move has no capture) is written as one record
 * (selfplay.h), labelled with the game's result and the search's score.
 * The engine evaluates with the weights compiled in, those of --weights
 * FILE, or with --weights hand-set the hand-set ones (generation 0).
 *
 * With --opponent, a second engine with those weights (builtin: the ones
 * compiled in) and its own node budget plays the other side, White in the
 * odd games: games between players that misjudge different things teach
 * what a player's own games cannot (its mistakes go unpunished there).  A
 * record's score is then the moving engine's, on its own scale: train such
 * files on the results alone (train --lambda 1).
 *
 * With --starts, the games start from positions of the games in FILE.pdn
 * (those between plies LO and HI of their main lines, 10-60 unless said,
 * with nothing to capture), one drawn at random for each game, then the
 * random plies: the engine's own games seen from positions that other
 * games reach, which its own openings seldom do.
 *
 * SIGINT or SIGTERM (a `timeout` around a long run) ends the run after the
 * game being played: the file holds the finished games and gets its name. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draughts/engine.h"
#include "draughts/game.h"
#include "draughts/loop.h"
#include "draughts/movegen.h"
#include "draughts/pdn.h"
#include "draughts/variant.h"
#include "run_stop.h"
#include "selfplay.h"

struct options {
    const char *variant, *out, *weights, *opponent, *starts;
    int games, random_lo, random_hi, max_plies, start_lo, start_hi;
    uint64_t nodes, opponent_nodes, seed;
    size_t hash_mib;
};

static uint64_t rng_next(uint64_t *s)
{
    /* splitmix64: enough for choosing openings */
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static int usage(void)
{
    fprintf(stderr, "usage: selfplay --variant V --games N --out FILE [--nodes N] "
                    "[--random-plies LO-HI] [--seed S] [--weights FILE|hand-set] [--hash MIB] "
                    "[--opponent FILE|hand-set|builtin] [--opponent-nodes N] "
                    "[--starts FILE.pdn [--start-plies LO-HI]]\n");
    return 2;
}

static bool parse(int argc, char **argv, struct options *o)
{
    *o = (struct options){.variant = "international", .games = 100, .random_lo = 4,
                          .random_hi = 10, .max_plies = 400, .nodes = 4000, .seed = 1,
                          .hash_mib = 16, .start_lo = 10, .start_hi = 60};
    for (int i = 1; i + 1 < argc; i += 2) {
        const char *a = argv[i], *val = argv[i + 1];
        if (!strcmp(a, "--variant"))
            o->variant = val;
        else if (!strcmp(a, "--out"))
            o->out = val;
        else if (!strcmp(a, "--weights"))
            o->weights = val;
        else if (!strcmp(a, "--opponent"))
            o->opponent = val;
        else if (!strcmp(a, "--opponent-nodes"))
            o->opponent_nodes = strtoull(val, NULL, 10);
        else if (!strcmp(a, "--games"))
            o->games = atoi(val);
        else if (!strcmp(a, "--nodes"))
            o->nodes = strtoull(val, NULL, 10);
        else if (!strcmp(a, "--seed"))
            o->seed = strtoull(val, NULL, 10);
        else if (!strcmp(a, "--hash"))
            o->hash_mib = strtoull(val, NULL, 10);
        else if (!strcmp(a, "--starts"))
            o->starts = val;
        else if (!strcmp(a, "--random-plies")) {
            if (sscanf(val, "%d-%d", &o->random_lo, &o->random_hi) != 2)
                o->random_lo = o->random_hi = atoi(val);
        } else if (!strcmp(a, "--start-plies")) {
            if (sscanf(val, "%d-%d", &o->start_lo, &o->start_hi) != 2)
                o->start_lo = o->start_hi = atoi(val);
        } else
            return false;
    }
    if (argc % 2 == 0)
        return false;
    if (!o->opponent_nodes)
        o->opponent_nodes = o->nodes;
    return o->out && o->games > 0 && o->nodes > 0 && o->random_lo >= 0 &&
           o->random_hi >= o->random_lo && o->start_lo >= 0 && o->start_hi >= o->start_lo;
}

/* Where games start: the variant's start position, or the positions
 * --starts read. */
struct starts {
    struct dr_position *pos;
    int n, cap;
};

static bool starts_add(struct starts *st, const struct dr_position *pos)
{
    if (st->n == st->cap) {
        int cap = st->cap ? 2 * st->cap : 1024;
        struct dr_position *p = realloc(st->pos, sizeof *p * (size_t)cap);
        if (!p)
            return false;
        st->pos = p;
        st->cap = cap;
    }
    st->pos[st->n++] = *pos;
    return true;
}

/* The positions of path's games between plies lo and hi of their main lines
 * where the side to move has nothing to capture.  False, with a message
 * naming the file, when it cannot be read or holds none. */
static bool starts_read(const struct dr_variant *v, const char *path, int lo, int hi,
                        struct starts *st)
{
    struct dr_pdn_options opt = {.variant = v};
    struct dr_pdn_file f;
    bool ok = dr_pdn_read_file(path, &opt, &f);
    if (ok && f.errors && f.n_diags) {
        char msg[512];
        dr_pdn_diag_format(&f, &f.diags[0], msg, sizeof msg);
        fprintf(stderr, "selfplay: %s (%d errors in all)\n", msg, f.errors);
    }
    for (int i = 0; ok && i < f.n_games; i++)
        for (const struct dr_pdn_node *n = f.games[i]->root.child; ok && n && n->ply <= hi;
             n = n->child)
            if (n->ply >= lo && !dr_has_capture(v, &n->pos))
                ok = starts_add(st, &n->pos);
    dr_pdn_file_free(&f);
    if (!ok)
        fprintf(stderr, "selfplay: %s: out of memory\n", path);
    else if (!st->n)
        fprintf(stderr, "selfplay: %s: no position between plies %d and %d to start from\n",
                path, lo, hi);
    return ok && st->n;
}

/* A few random plies; false when the game ended in them. */
static bool random_opening(struct dr_game *g, int plies, uint64_t *rng)
{
    struct dr_movelist l;
    for (int i = 0; i < plies; i++) {
        if (!dr_game_legal(g, &l))
            return false;
        struct dr_move m = l.moves[rng_next(rng) % (uint64_t)l.count];
        if (!dr_game_play(g, &m, NULL))
            return false;
    }
    return !dr_game_over(g);
}

static int8_t white_result(enum dr_result r)
{
    return r == DR_WHITE_WINS ? 1 : r == DR_BLACK_WINS ? -1 : 0;
}

/* One game; its quiet positions go to out.  Returns the records written or
 * -1 on a write error. */
static int play_game(struct dr_engine *const player[2], const uint64_t nodes[2],
                     struct dr_game *g, const struct options *o, const struct starts *st,
                     uint64_t *rng, FILE *out)
{
    const struct dr_variant *v = dr_game_variant(g);
    struct dr_position start;
    dr_position_start(v, &start);
    do
        dr_game_reset(g, st->n ? &st->pos[rng_next(rng) % (uint64_t)st->n] : &start);
    while (!random_opening(g, o->random_lo + (int)(rng_next(rng) % (uint64_t)(o->random_hi -
                                                                   o->random_lo + 1)), rng));
    dr_engine_new_game(player[0]);
    if (player[1] != player[0])
        dr_engine_new_game(player[1]);
    struct selfplay_record recs[512];
    int n = 0;
    while (!dr_game_over(g) && dr_game_ply(g) < o->max_plies) {
        const struct dr_position *pos = dr_game_position(g);
        struct dr_game_context ctx;
        dr_game_engine_context(g, &ctx);
        struct dr_move best;
        struct dr_search_info info;
        struct dr_limits limits = {.nodes = nodes[pos->side]};
        if (!dr_engine_search(player[pos->side], pos, &ctx, &limits, NULL, NULL, &best, &info))
            break;
        if (!dr_has_capture(v, pos) && n < 512) {
            int score = pos->side == DR_WHITE ? info.score : -info.score;
            score = score > 32000 ? 32000 : score < -32000 ? -32000 : score;
            recs[n++] = (struct selfplay_record){
                .white = pos->pieces[DR_WHITE], .black = pos->pieces[DR_BLACK],
                .kings = pos->kings, .side = (uint8_t)pos->side, .score = (int16_t)score,
                .ply = (uint16_t)dr_game_ply(g)};
        }
        if (!dr_game_play(g, &best, NULL))
            break;
    }
    if (!dr_game_over(g))
        dr_game_adjudicate(g, DR_DRAW);
    int8_t result = white_result(dr_game_result(g));
    for (int i = 0; i < n; i++)
        recs[i].result = result;
    if (n && fwrite(recs, sizeof recs[0], (size_t)n, out) != (size_t)n)
        return -1;
    return n;
}

enum { AGAINST_TEXT = 64 };

/* With an opponent, the first engine's wins, draws and losses against it,
 * written into text (empty without one); returns text. */
static const char *against(const struct options *o, const int own[3],
                           char text[static AGAINST_TEXT])
{
    text[0] = 0;
    if (o->opponent)
        snprintf(text, AGAINST_TEXT, "; against the opponent %d-%d-%d", own[2], own[1], own[0]);
    return text;
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
        fprintf(stderr, "selfplay: %s\n", err.msg);
        return 2;
    }
    struct dr_engine *e = dr_engine_new(&v, o.hash_mib);
    struct dr_position start;
    dr_position_start(&v, &start);
    struct dr_game *g = dr_game_new(&v, &start);
    if (!e || !g) {
        fprintf(stderr, "selfplay: out of memory\n");
        return 1;
    }
    if (o.weights && !dr_engine_load_weights(e, strcmp(o.weights, "hand-set") ? o.weights : NULL,
                                             &err)) {
        fprintf(stderr, "selfplay: %s\n", err.msg);
        return 2;
    }
    struct dr_engine *opp = e;
    if (o.opponent) {
        opp = dr_engine_new(&v, o.hash_mib);
        if (!opp) {
            fprintf(stderr, "selfplay: out of memory\n");
            return 1;
        }
        if (strcmp(o.opponent, "builtin") &&
            !dr_engine_load_weights(opp, strcmp(o.opponent, "hand-set") ? o.opponent : NULL,
                                    &err)) {
            fprintf(stderr, "selfplay: %s\n", err.msg);
            return 2;
        }
    }
    struct starts st = {0};
    if (o.starts) {
        if (!starts_read(&v, o.starts, o.start_lo, o.start_hi, &st))
            return 2;
        fprintf(stderr, "%d positions to start from in %s\n", st.n, o.starts);
    }
    /* written under a temporary name, renamed when complete */
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", o.out);
    FILE *out = fopen(tmp, "wb");
    if (!out) {
        fprintf(stderr, "selfplay: %s: %s\n", tmp, strerror(errno));
        return 1;
    }
    uint64_t rng = o.seed;
    long records = 0;
    int wins[3] = {0}, own[3] = {0};
    char own_text[AGAINST_TEXT];
    for (int i = 0; i < o.games && !run_stop_requested(); i++) {
        /* the opponent has White in the odd games */
        struct dr_engine *player[2] = {i % 2 ? opp : e, i % 2 ? e : opp};
        uint64_t nodes[2] = {i % 2 ? o.opponent_nodes : o.nodes,
                             i % 2 ? o.nodes : o.opponent_nodes};
        int n = play_game(player, nodes, g, &o, &st, &rng, out);
        if (n < 0) {
            fprintf(stderr, "selfplay: %s: write failed\n", tmp);
            return 1;
        }
        records += n;
        int r = white_result(dr_game_result(g));
        wins[r + 1]++;
        own[(i % 2 ? -r : r) + 1]++; /* the first engine's result */
        if ((i + 1) % 100 == 0)
            fprintf(stderr, "%d games, %ld positions (white %d, draws %d, black %d%s)\n", i + 1,
                    records, wins[2], wins[1], wins[0], against(&o, own, own_text));
    }
    if (fclose(out) != 0 || rename(tmp, o.out) != 0) {
        fprintf(stderr, "selfplay: %s: %s\n", o.out, strerror(errno));
        return 1;
    }
    printf("%s: %s%s%s; %d games%s, %ld positions (white %d, draws %d, black %d%s)\n", o.out,
           dr_engine_eval_source(e), o.opponent ? " against " : "",
           o.opponent ? dr_engine_eval_source(opp) : "", wins[0] + wins[1] + wins[2],
           run_stop_requested() ? " (stopped by a signal)" : "", records, wins[2], wins[1],
           wins[0], against(&o, own, own_text));
    free(st.pos);
    dr_game_free(g);
    if (opp != e)
        dr_engine_free(opp);
    dr_engine_free(e);
    return 0;
}
