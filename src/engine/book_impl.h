/* The opening book's store, shared by book.c (reading, writing, probing)
 * and book_build.c (growing it). */
#ifndef DRAUGHTS_BOOK_IMPL_H
#define DRAUGHTS_BOOK_IMPL_H

#include "draughts/book.h"

struct book_node {
    uint64_t key;
    struct dr_position pos;
    int parent, parent_move;  /* how the book first reached it: -1 at the start */
    int first, count;         /* its moves: b->moves[first .. first + count) */
    int ply;
    int value;                /* backed up (book_back_up), mover's view */
};

struct book_entry {
    struct dr_move move;
    int leaf;                 /* the search's score of the move, mover's view */
    int child;                /* the book position it leads to, or -1 */
};

struct dr_book {
    struct dr_variant v;
    struct book_node *nodes;
    int nnodes, node_cap;
    struct book_entry *moves;
    int nmoves, move_cap;
    int *slots;               /* open addressing on the key: node index + 1, 0 empty */
    int nslots;
};

int book_find(const struct dr_book *b, const struct dr_position *pos, uint64_t key);
/* Add pos with its scored moves (parent -1 for the start); -1 when out of memory. */
int book_add(struct dr_book *b, const struct dr_position *pos, int parent, int parent_move,
             const struct dr_move *moves, const int *leaf, int count);
/* Link moves to the positions they reach and back the scores up. */
void book_back_up(struct dr_book *b);
/* The score of node's move k: the book line's if it leads into the book. */
int book_move_score(const struct dr_book *b, const struct book_entry *m);

#endif
