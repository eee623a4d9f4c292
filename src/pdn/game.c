/* The game tree: tags, nodes, comments, and comparison of two games. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "draughts/movegen.h"
#include "draughts/notation.h"
#include "internal.h"

static const char *const roster[] = {"Event", "Site", "Date", "Round", "White", "Black",
                                     "Result"};
enum { ROSTER = 7 };

static const char *roster_default(int i)
{
    return i == 2 ? "????.??.??" : i == 6 ? "*" : "?";
}

struct dr_pdn_game *game_alloc(void)
{
    struct dr_pdn_game *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->arena = arena_new();
    if (!g->arena) {
        free(g);
        return NULL;
    }
    return g;
}

struct dr_pdn_game *dr_pdn_game_new(const struct dr_variant *v, const struct dr_position *start)
{
    struct dr_pdn_game *g = game_alloc();
    if (!g)
        return NULL;
    g->variant = v;
    if (start)
        g->root.pos = *start;
    else if (v)
        dr_position_start(v, &g->root.pos);
    if (!game_normalise_tags(g)) {
        dr_pdn_game_free(g);
        return NULL;
    }
    return g;
}

void dr_pdn_game_free(struct dr_pdn_game *g)
{
    if (!g)
        return;
    free(g->tags);
    arena_free(g->arena);
    free(g);
}

/* ---- tags ---- */

bool game_add_tag(struct dr_pdn_game *g, const char *name, size_t nlen, const char *value,
                  size_t vlen)
{
    if (g->n_tags == g->cap_tags) {
        int cap = g->cap_tags ? 2 * g->cap_tags : 16;
        struct dr_pdn_tag *t = realloc(g->tags, (size_t)cap * sizeof *t);
        if (!t)
            return false;
        g->tags = t;
        g->cap_tags = cap;
    }
    char *n = arena_strndup(g->arena, name, nlen);
    char *v = arena_strndup(g->arena, value, vlen);
    if (!n || !v)
        return false;
    /* A tag is one line: line ends in a value (only the API can put them
     * there) become spaces, as the writer would write them. */
    for (char *c = v; *c; c++)
        if (*c == '\n' || *c == '\r')
            *c = ' ';
    g->tags[g->n_tags].name = n;
    g->tags[g->n_tags].value = v;
    g->n_tags++;
    return true;
}

bool game_normalise_tags(struct dr_pdn_game *g)
{
    /* Make room for the roster, then move each roster tag (its first copy)
     * to its place, then Termination; the others keep their order. */
    int n = g->n_tags;
    struct dr_pdn_tag *out = malloc((size_t)(n + ROSTER) * sizeof *out);
    bool *taken = calloc((size_t)n + 1, sizeof *taken);
    if (!out || !taken) {
        free(out);
        free(taken);
        return false;
    }
    int o = 0;
    for (int r = 0; r < ROSTER; r++) {
        int found = -1;
        for (int i = 0; i < n && found < 0; i++)
            if (!taken[i] && !strcmp(g->tags[i].name, roster[r]))
                found = i;
        if (found >= 0) {
            taken[found] = true;
            out[o++] = g->tags[found];
            continue;
        }
        out[o].name = arena_strndup(g->arena, roster[r], strlen(roster[r]));
        out[o].value = arena_strndup(g->arena, roster_default(r), strlen(roster_default(r)));
        if (!out[o].name || !out[o].value) {
            free(out);
            free(taken);
            return false;
        }
        o++;
    }
    /* Termination follows, where the writer puts it. */
    for (int i = 0; i < n; i++)
        if (!taken[i] && !strcmp(g->tags[i].name, "Termination")) {
            taken[i] = true;
            out[o++] = g->tags[i];
            break;
        }
    for (int i = 0; i < n; i++)
        if (!taken[i])
            out[o++] = g->tags[i];
    free(taken);
    free(g->tags);
    g->tags = out;
    g->n_tags = o;
    g->cap_tags = n + ROSTER;
    return true;
}

const char *dr_pdn_tag(const struct dr_pdn_game *g, const char *name)
{
    for (int i = 0; i < g->n_tags; i++)
        if (!strcmp(g->tags[i].name, name))
            return g->tags[i].value;
    return NULL;
}

bool dr_pdn_set_tag(struct dr_pdn_game *g, const char *name, const char *value)
{
    if (!*name || strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                               "0123456789_") != strlen(name))
        return false;
    /* The writer derives these from the variant, the start and the moves. */
    static const char *const derived[] = {"GameType", "Variant", "FEN", "SetUp", "PlyCount"};
    for (size_t i = 0; g->variant && i < sizeof derived / sizeof derived[0]; i++)
        if (!strcasecmp(name, derived[i]))
            return false;
    for (int i = 0; i < g->n_tags; i++) {
        if (strcmp(g->tags[i].name, name))
            continue;
        char *v = arena_strndup(g->arena, value, strlen(value));
        if (!v)
            return false;
        for (char *c = v; *c; c++)
            if (*c == '\n' || *c == '\r')
                *c = ' ';
        g->tags[i].value = v;
        return true;
    }
    return game_add_tag(g, name, strlen(name), value, strlen(value)) && game_normalise_tags(g);
}

/* ---- nodes ---- */

struct dr_pdn_node *game_add_node(struct dr_pdn_game *g, struct dr_pdn_node *parent,
                                  const struct dr_move *m)
{
    return game_add_node_after(g, parent, NULL, m);
}

struct dr_pdn_node *game_add_node_after(struct dr_pdn_game *g, struct dr_pdn_node *parent,
                                        struct dr_pdn_node *after, const struct dr_move *m)
{
    struct dr_pdn_node *n = arena_alloc(g->arena, sizeof *n);
    if (!n)
        return NULL;
    n->parent = parent;
    n->move = *m;
    n->pos = parent->pos;
    dr_make(g->variant, &n->pos, m);
    n->ply = parent->ply + 1;
    struct dr_pdn_node **slot = after ? &after->next : &parent->child;
    while (*slot)
        slot = &(*slot)->next;
    *slot = n;
    return n;
}

struct dr_pdn_node *dr_pdn_add_move(struct dr_pdn_game *g, struct dr_pdn_node *parent,
                                    const struct dr_move *m)
{
    if (!g->variant)
        return NULL;
    for (struct dr_pdn_node *c = parent->child; c; c = c->next)
        if (dr_move_same(&c->move, m))
            return c;
    struct dr_movelist list;
    dr_gen_moves(g->variant, &parent->pos, &list);
    for (int i = 0; i < list.count; i++)
        if (dr_move_same(&list.moves[i], m))
            return game_add_node(g, parent, &list.moves[i]);
    return NULL;
}

bool game_append_text(struct dr_pdn_game *g, char **slot, const char *text, size_t len)
{
    size_t old = *slot ? strlen(*slot) : 0;
    char *s = arena_alloc(g->arena, old + len + 2);
    if (!s)
        return false;
    if (old) {
        memcpy(s, *slot, old);
        s[old] = ' ';
    }
    char *at = s + old + (old ? 1 : 0);
    size_t n = text_collapse(text, len, at);
    if (n == 0)
        return true; /* nothing but white space: keep the old text */
    at[n] = 0;
    /* A PDN comment cannot hold '}' (a ';' comment or the API could). */
    for (char *c = at; (c = strchr(c, '}')) != NULL;)
        *c = ')';
    *slot = s;
    return true;
}

bool dr_pdn_set_comment(struct dr_pdn_game *g, struct dr_pdn_node *node, const char *text)
{
    node->comment = NULL;
    return !text || game_append_text(g, &node->comment, text, strlen(text));
}

bool dr_pdn_set_pre_comment(struct dr_pdn_game *g, struct dr_pdn_node *node, const char *text)
{
    node->pre_comment = NULL;
    return !text || game_append_text(g, &node->pre_comment, text, strlen(text));
}

bool dr_pdn_add_nag(struct dr_pdn_node *node, int nag)
{
    if (nag < 0 || nag > 255 || node->n_nags == DR_PDN_MAX_NAGS)
        return false;
    node->nags[node->n_nags++] = (uint8_t)nag;
    return true;
}

struct dr_pdn_node *dr_pdn_mainline_end(const struct dr_pdn_game *g)
{
    const struct dr_pdn_node *n = &g->root;
    while (n->child)
        n = n->child;
    return (struct dr_pdn_node *)n;
}

int dr_pdn_mainline_length(const struct dr_pdn_game *g)
{
    return dr_pdn_mainline_end(g)->ply - g->root.ply;
}

/* ---- comparison ---- */

static bool same_text(const char *a, const char *b)
{
    return !strcmp(a ? a : "", b ? b : "");
}

static bool differ(char *why, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static bool differ(char *why, size_t size, const char *fmt, ...)
{
    if (why && size) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, size, fmt, ap);
        va_end(ap);
    }
    return false;
}

static bool same_node(const struct dr_pdn_game *ga, const struct dr_pdn_node *a,
                      const struct dr_pdn_node *b, char *why, size_t size)
{
    if (!dr_move_same(&a->move, &b->move) || !dr_position_equal(&a->pos, &b->pos)) {
        char ma[DR_MOVE_TEXT_LEN] = "?";
        if (ga->variant)
            dr_move_canonical(ga->variant, &a->move, ma);
        return differ(why, size, "ply %d: the moves differ (first game: %s)", a->ply, ma);
    }
    if (!same_text(a->comment, b->comment))
        return differ(why, size, "ply %d: the comments differ ('%s')", a->ply,
                      a->comment ? a->comment : "");
    if (!same_text(a->pre_comment, b->pre_comment))
        return differ(why, size, "ply %d: the comments before the move differ ('%s')", a->ply,
                      a->pre_comment ? a->pre_comment : "");
    if (strcmp(a->strength, b->strength))
        return differ(why, size, "ply %d: the move strengths differ ('%s')", a->ply,
                      a->strength);
    if (a->n_nags != b->n_nags || memcmp(a->nags, b->nags, a->n_nags))
        return differ(why, size, "ply %d: the NAGs differ", a->ply);
    return true;
}

/* Compare the subtrees below two equal nodes: iterative along the main line,
 * recursive only into variations (whose nesting the reader bounds). */
static bool same_below(const struct dr_pdn_game *ga, const struct dr_pdn_node *a,
                       const struct dr_pdn_node *b, char *why, size_t size)
{
    for (;;) {
        const struct dr_pdn_node *x = a->child, *y = b->child;
        if (!x || !y)
            return x == y ? true
                          : differ(why, size, "ply %d: one line goes on, the other ends",
                                   a->ply + 1);
        for (; x && y; x = x->next, y = y->next) {
            if (!same_node(ga, x, y, why, size))
                return false;
            if (x != a->child && !same_below(ga, x, y, why, size))
                return false;
        }
        if (x || y)
            return differ(why, size, "ply %d: the numbers of variations differ", a->ply + 1);
        a = a->child;
        b = b->child;
    }
}

bool dr_pdn_game_equal(const struct dr_pdn_game *a, const struct dr_pdn_game *b, char *why,
                       size_t why_size)
{
    if (why && why_size)
        why[0] = 0;
    if ((a->variant == NULL) != (b->variant == NULL) ||
        (a->variant && strcmp(a->variant->name, b->variant->name)))
        return differ(why, why_size, "the variants differ");
    /* With no side to move given (a diagram), the side is not compared. */
    struct dr_position pa = a->root.pos, pb = b->root.pos;
    if (a->side_unknown)
        pa.side = pb.side;
    if (a->side_unknown != b->side_unknown || !dr_position_equal(&pa, &pb))
        return differ(why, why_size, "the start positions differ");
    if (a->n_tags != b->n_tags)
        return differ(why, why_size, "the numbers of tags differ (%d, %d)", a->n_tags, b->n_tags);
    for (int i = 0; i < a->n_tags; i++)
        if (strcmp(a->tags[i].name, b->tags[i].name) ||
            strcmp(a->tags[i].value, b->tags[i].value))
            return differ(why, why_size, "tag %d differs: %s \"%s\" / %s \"%s\"", i + 1,
                          a->tags[i].name, a->tags[i].value, b->tags[i].name,
                          b->tags[i].value);
    if (!same_text(a->root.comment, b->root.comment))
        return differ(why, why_size, "the comments before the first move differ");
    return same_below(a, &a->root, &b->root, why, why_size);
}
