/* Growing the opening book by dropout expansion: the next position to
 * search is the one the book's own play is likeliest to reach, where a ply
 * costs a fixed amount and a move costs what it loses to the best move of
 * its position.  Good lines grow deep, and the replies a player may choose
 * instead get their turn once they are as cheap to reach. */
#include "book_impl.h"
#include "draughts/movegen.h"

struct leaf_search {
    const struct dr_book *b;
    int ply_cost, max_ply;
    int best_cost, node, move; /* the cheapest leaf found: node's move */
};

static void find_cheapest(struct leaf_search *s, int i, int cost)
{
    const struct book_node *n = &s->b->nodes[i];
    if (n->ply + 1 > s->max_ply)
        return;
    for (int k = 0; k < n->count; k++) {
        const struct book_entry *m = &s->b->moves[n->first + k];
        int c = cost + s->ply_cost + (n->value - book_move_score(s->b, m));
        if (c >= s->best_cost)
            continue;
        if (m->child >= 0) {
            find_cheapest(s, m->child, c);
        } else if (m->leaf > -DR_SCORE_KNOWN_WIN && m->leaf < DR_SCORE_KNOWN_WIN) {
            s->best_cost = c;
            s->node = i;
            s->move = k;
        }
    }
}

/* Search every move of pos and add it to the book. */
static bool add_searched(struct dr_book *b, struct dr_engine *e, const struct dr_limits *limits,
                         const struct dr_position *pos, int parent, int parent_move)
{
    struct dr_movelist list;
    int count = dr_gen_moves(&b->v, pos, &list);
    if (!count)
        return false;
    int leaf[DR_MAX_MOVES];
    for (int k = 0; k < count; k++) {
        struct dr_position next = *pos;
        dr_make(&b->v, &next, &list.moves[k]);
        struct dr_move best;
        struct dr_search_info info;
        if (dr_engine_search(e, &next, NULL, limits, NULL, NULL, &best, &info))
            leaf[k] = -info.score;
        else
            leaf[k] = DR_SCORE_WIN - 1; /* the reply has no move: won */
    }
    if (book_add(b, pos, parent, parent_move, list.moves, leaf, count) < 0)
        return false;
    book_back_up(b);
    return true;
}

bool dr_book_expand(struct dr_book *b, struct dr_engine *e, const struct dr_limits *limits,
                    int ply_cost, int max_ply)
{
    if (!b->nnodes) {
        struct dr_position start;
        dr_position_start(&b->v, &start);
        return add_searched(b, e, limits, &start, -1, -1);
    }
    struct leaf_search s = {b, ply_cost, max_ply, 1 << 30, -1, -1};
    find_cheapest(&s, 0, 0);
    if (s.node < 0)
        return false;
    const struct book_node *n = &b->nodes[s.node];
    struct dr_position pos = n->pos;
    dr_make(&b->v, &pos, &b->moves[n->first + s.move].move);
    return add_searched(b, e, limits, &pos, s.node, s.move);
}
