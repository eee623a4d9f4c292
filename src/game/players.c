#include "draughts/players.h"

#include <string.h>

#include "draughts/movegen.h"
#include "draughts/notation.h"

static struct dr_action script_act(void *arg, struct dr_loop *loop)
{
    struct dr_script_player *s = arg;
    struct dr_action a = {DR_ACT_QUIT, {0, 0, 0, 0}, 0};
    const char *t = s->script[s->next];
    if (!t)
        return a;
    s->next++;
    static const struct {
        const char *word;
        enum dr_action_kind kind;
    } words[] = {{"undo", DR_ACT_UNDO},     {"redo", DR_ACT_REDO}, {"resign", DR_ACT_RESIGN},
                 {"draw", DR_ACT_OFFER_DRAW}, {"new", DR_ACT_NEW_GAME}, {"quit", DR_ACT_QUIT}};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (!strcmp(t, words[i].word)) {
            a.kind = words[i].kind;
            return a;
        }
    struct dr_game *g = dr_loop_game(loop);
    struct dr_error err;
    if (!dr_move_parse(dr_game_variant(g), dr_game_position(g), t, &a.move, &err)) {
        s->errors++;
        dr_loop_notify(loop, DR_EV_MESSAGE, err.msg);
        a.kind = DR_ACT_NONE;
        return a;
    }
    a.kind = DR_ACT_MOVE;
    return a;
}

static bool script_accept(void *arg, struct dr_loop *loop)
{
    (void)loop;
    return ((struct dr_script_player *)arg)->accept_draws;
}

struct dr_player dr_script_player(struct dr_script_player *s, const char *name)
{
    struct dr_player p = {name, false, true, s, script_act, script_accept};
    return p;
}

static uint64_t next_random(uint64_t *s)
{
    uint64_t x = (*s += 0x9E3779B97F4A7C15ULL);
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

static struct dr_action random_act(void *arg, struct dr_loop *loop)
{
    struct dr_random_player *r = arg;
    struct dr_action a = {DR_ACT_NONE, {0, 0, 0, 0}, 0};
    struct dr_movelist list;
    if (dr_game_legal(dr_loop_game(loop), &list) == 0)
        return a;
    a.kind = DR_ACT_MOVE;
    a.move = list.moves[next_random(&r->seed) % (uint64_t)list.count];
    return a;
}

static bool random_accept(void *arg, struct dr_loop *loop)
{
    (void)arg;
    (void)loop;
    return false;
}

struct dr_player dr_random_player(struct dr_random_player *r, const char *name)
{
    struct dr_player p = {name, false, false, r, random_act, random_accept};
    return p;
}

static struct dr_action capped_act(void *arg, struct dr_loop *loop)
{
    struct dr_capped_player *c = arg;
    if (dr_game_ply(dr_loop_game(loop)) >= c->max_plies)
        return (struct dr_action){DR_ACT_ADJUDICATE_DRAW, {0, 0, 0, 0}, 0};
    return c->inner.act(c->inner.ctx, loop);
}

static bool capped_accept(void *arg, struct dr_loop *loop)
{
    struct dr_capped_player *c = arg;
    return c->inner.accept_draw && c->inner.accept_draw(c->inner.ctx, loop);
}

struct dr_player dr_capped_player(struct dr_capped_player *c)
{
    struct dr_player p = c->inner;
    p.ctx = c;
    p.act = capped_act;
    p.accept_draw = capped_accept;
    return p;
}

void dr_board_text(const struct dr_variant *v, const struct dr_position *pos, FILE *out)
{
    for (int r = v->height - 1; r >= 0; r--) {
        fprintf(out, "%2d ", r + 1);
        for (int f = 0; f < v->width; f++) {
            int sq = -1;
            for (int s = 0; s < DR_MAX_SQUARES; s++)
                if (v->sq_file[s] == f && v->sq_rank[s] == r)
                    sq = s;
            char c = sq < 0 ? ' ' : '.';
            if (sq >= 0 && ((pos->pieces[DR_WHITE] >> sq) & 1))
                c = ((pos->kings >> sq) & 1) ? 'W' : 'w';
            if (sq >= 0 && ((pos->pieces[DR_BLACK] >> sq) & 1))
                c = ((pos->kings >> sq) & 1) ? 'B' : 'b';
            fprintf(out, " %c", c);
        }
        fputc('\n', out);
    }
    fprintf(out, "   ");
    for (int f = 0; f < v->width; f++)
        fprintf(out, " %c", 'a' + f);
    fprintf(out, "\n%s to move\n", dr_side_name(pos->side));
}

static void text_event(void *arg, struct dr_loop *loop, enum dr_event ev, const void *data)
{
    struct dr_text_view *t = arg;
    struct dr_game *g = dr_loop_game(loop);
    const struct dr_variant *v = dr_game_variant(g);
    char buf[256];
    switch (ev) {
    case DR_EV_START:
        fprintf(t->out, "new game: %s\n", v->name);
        break;
    case DR_EV_MOVE: {
        int ply = dr_game_ply(g);
        dr_move_pdn(v, dr_game_position_at(g, ply - 1), data, buf);
        fprintf(t->out, "%d%s %s\n", (ply + 1) / 2, ply % 2 ? "." : "...", buf);
        if (t->show_board)
            dr_board_text(v, dr_game_position(g), t->out);
        break;
    }
    case DR_EV_UNDO:
        fprintf(t->out, "undo: back to ply %d\n", dr_game_ply(g));
        break;
    case DR_EV_REDO:
        fprintf(t->out, "redo: on to ply %d\n", dr_game_ply(g));
        break;
    case DR_EV_OVER:
        dr_game_result_sentence(g, buf, sizeof buf);
        fprintf(t->out, "result: %s\n", buf);
        break;
    case DR_EV_DRAW_DECLINED:
        fprintf(t->out, "draw declined\n");
        break;
    case DR_EV_MESSAGE:
        fprintf(t->out, "message: %s\n", (const char *)data);
        break;
    case DR_EV_INFO:
    case DR_EV_QUIT:
        break;
    }
}

struct dr_view dr_text_view(struct dr_text_view *t)
{
    struct dr_view v = {t, text_event, NULL};
    return v;
}
