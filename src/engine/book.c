/* The opening book: store, text format, probing (book.h). */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "book_impl.h"
#include "draughts/movegen.h"
#include "draughts/notation.h"
#include "draughts/zobrist.h"

struct dr_book *dr_book_new(const struct dr_variant *v)
{
    struct dr_book *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->v = *v;
    return b;
}

void dr_book_free(struct dr_book *b)
{
    if (!b)
        return;
    free(b->nodes);
    free(b->moves);
    free(b->slots);
    free(b);
}

int dr_book_positions(const struct dr_book *b) { return b->nnodes; }

int book_find(const struct dr_book *b, const struct dr_position *pos, uint64_t key)
{
    if (!b->nslots)
        return -1;
    for (int i = (int)(key & (uint64_t)(b->nslots - 1));; i = (i + 1) & (b->nslots - 1)) {
        int n = b->slots[i] - 1;
        if (n < 0)
            return -1;
        if (b->nodes[n].key == key && dr_position_equal(&b->nodes[n].pos, pos))
            return n;
    }
}

static void slot_put(int *slots, int nslots, uint64_t key, int node)
{
    int i = (int)(key & (uint64_t)(nslots - 1));
    while (slots[i])
        i = (i + 1) & (nslots - 1);
    slots[i] = node + 1;
}

/* Room for one more node and count more moves; the table at most half full. */
static bool reserve(struct dr_book *b, int count)
{
    if (b->nnodes == b->node_cap) {
        int cap = b->node_cap ? 2 * b->node_cap : 64;
        struct book_node *n = realloc(b->nodes, (size_t)cap * sizeof *n);
        if (!n)
            return false;
        b->nodes = n;
        b->node_cap = cap;
    }
    if (b->nmoves + count > b->move_cap) {
        int cap = b->move_cap ? 2 * b->move_cap : 512;
        while (cap < b->nmoves + count)
            cap *= 2;
        struct book_entry *m = realloc(b->moves, (size_t)cap * sizeof *m);
        if (!m)
            return false;
        b->moves = m;
        b->move_cap = cap;
    }
    if (2 * (b->nnodes + 1) > b->nslots) {
        int nslots = b->nslots ? 2 * b->nslots : 128;
        int *slots = calloc((size_t)nslots, sizeof *slots);
        if (!slots)
            return false;
        for (int i = 0; i < b->nnodes; i++)
            slot_put(slots, nslots, b->nodes[i].key, i);
        free(b->slots);
        b->slots = slots;
        b->nslots = nslots;
    }
    return true;
}

int book_add(struct dr_book *b, const struct dr_position *pos, int parent, int parent_move,
             const struct dr_move *moves, const int *leaf, int count)
{
    if (!reserve(b, count))
        return -1;
    struct book_node *n = &b->nodes[b->nnodes];
    n->key = dr_zobrist(pos);
    n->pos = *pos;
    n->parent = parent;
    n->parent_move = parent_move;
    n->first = b->nmoves;
    n->count = count;
    n->ply = parent < 0 ? 0 : b->nodes[parent].ply + 1;
    n->value = 0;
    for (int i = 0; i < count; i++)
        b->moves[b->nmoves++] = (struct book_entry){moves[i], leaf[i], -1};
    slot_put(b->slots, b->nslots, n->key, b->nnodes);
    return b->nnodes++;
}

int book_move_score(const struct dr_book *b, const struct book_entry *m)
{
    return m->child >= 0 ? -b->nodes[m->child].value : m->leaf;
}

enum { UNSEEN, BUSY, DONE };

/* Negamax over the book from node i (a line that comes back to a position
 * on it, impossible with men only, counts the move's own score). */
static void back_up_node(struct dr_book *b, int i, unsigned char *state)
{
    struct book_node *n = &b->nodes[i];
    state[i] = BUSY;
    int best = -DR_SCORE_WIN - 1;
    for (int k = 0; k < n->count; k++) {
        struct book_entry *m = &b->moves[n->first + k];
        int child = m->child;
        if (child >= 0 && state[child] == BUSY)
            m->child = -1;
        else if (child >= 0 && state[child] == UNSEEN)
            back_up_node(b, child, state);
        int s = book_move_score(b, m);
        if (s > best)
            best = s;
    }
    n->value = best;
    state[i] = DONE;
}

void book_back_up(struct dr_book *b)
{
    for (int i = 0; i < b->nnodes; i++) {
        struct book_node *n = &b->nodes[i];
        for (int k = 0; k < n->count; k++) {
            struct book_entry *m = &b->moves[n->first + k];
            struct dr_position next = n->pos;
            dr_make(&b->v, &next, &m->move);
            m->child = book_find(b, &next, dr_zobrist(&next));
        }
    }
    unsigned char *state = calloc((size_t)b->nnodes + 1, 1);
    if (!state)
        return;
    for (int i = b->nnodes - 1; i >= 0; i--)
        if (state[i] == UNSEEN)
            back_up_node(b, i, state);
    free(state);
}

static int by_score(const void *x, const void *y)
{
    const struct dr_book_move *a = x, *b = y;
    return (b->score > a->score) - (b->score < a->score);
}

int dr_book_moves(const struct dr_book *b, const struct dr_position *pos,
                  struct dr_book_move *out, int max)
{
    int i = b ? book_find(b, pos, dr_zobrist(pos)) : -1;
    if (i < 0 || max <= 0)
        return 0;
    const struct book_node *n = &b->nodes[i];
    struct dr_book_move all[DR_MAX_MOVES];
    int count = n->count < DR_MAX_MOVES ? n->count : DR_MAX_MOVES;
    for (int k = 0; k < count; k++) {
        const struct book_entry *m = &b->moves[n->first + k];
        all[k] = (struct dr_book_move){m->move, book_move_score(b, m), m->child >= 0};
    }
    qsort(all, (size_t)count, sizeof *all, by_score);
    if (count > max)
        count = max;
    memcpy(out, all, (size_t)count * sizeof *out);
    return count;
}

static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

bool dr_book_pick(const struct dr_book *b, const struct dr_position *pos, uint64_t *rng,
                  struct dr_book_move *out)
{
    struct dr_book_move moves[DR_MAX_MOVES];
    int count = dr_book_moves(b, pos, moves, DR_MAX_MOVES);
    if (!count)
        return false;
    /* a move that loses d centi-men to the best weighs MARGIN + 1 - d */
    uint64_t total = 0;
    for (int k = 0; k < count && moves[0].score - moves[k].score <= DR_BOOK_MARGIN; k++)
        total += (uint64_t)(DR_BOOK_MARGIN + 1 - (moves[0].score - moves[k].score));
    uint64_t r = next_random(rng) % total;
    for (int k = 0;; k++) {
        uint64_t w = (uint64_t)(DR_BOOK_MARGIN + 1 - (moves[0].score - moves[k].score));
        if (r < w) {
            *out = moves[k];
            return true;
        }
        r -= w;
    }
}

/* ---- reading ---- */

struct reader {
    struct dr_book *b;
    const char *name;
    int line;
    struct dr_error *err;
};

/* The next space-separated word of *s into word (false at the end). */
static bool next_word(const char **s, const char *end, char *word, size_t size)
{
    while (*s < end && (**s == ' ' || **s == '\t' || **s == '\r'))
        (*s)++;
    const char *start = *s;
    while (*s < end && **s != ' ' && **s != '\t' && **s != '\r')
        (*s)++;
    size_t len = (size_t)(*s - start);
    if (!len)
        return false;
    if (len >= size)
        len = size - 1;
    memcpy(word, start, len);
    word[len] = 0;
    return true;
}

/* MOVES: replayed from the start; *parent and *parent_move are where the
 * last move was played from (a book position) and which of its moves. */
static bool read_line_moves(struct reader *r, const char *s, const char *end,
                            struct dr_position *pos, int *parent, int *parent_move)
{
    dr_position_start(&r->b->v, pos);
    *parent = *parent_move = -1;
    char word[DR_MOVE_TEXT_LEN];
    int k = 0;
    while (next_word(&s, end, word, sizeof word)) {
        struct dr_move m;
        struct dr_error e;
        k++;
        if (!dr_move_parse(&r->b->v, pos, word, &m, &e)) {
            dr_error_set(r->err, "%s:%d: move %d of the line, '%s': %s", r->name, r->line, k,
                         word, e.msg);
            return false;
        }
        int at = book_find(r->b, pos, dr_zobrist(pos));
        *parent = at;
        *parent_move = -1;
        for (int j = 0; at >= 0 && j < r->b->nodes[at].count; j++)
            if (dr_move_same(&r->b->moves[r->b->nodes[at].first + j].move, &m))
                *parent_move = j;
        dr_make(&r->b->v, pos, &m);
    }
    if (k > 0 && *parent_move < 0) {
        dr_error_set(r->err, "%s:%d: the line's last move is not a move of a book position "
                     "on an earlier line", r->name, r->line);
        return false;
    }
    return true;
}

/* MOVE SCORE pairs of the position pos. */
static int read_scored_moves(struct reader *r, const char *s, const char *end,
                             const struct dr_position *pos, struct dr_move *moves, int *leaf)
{
    char word[DR_MOVE_TEXT_LEN], num[32];
    int count = 0;
    while (next_word(&s, end, word, sizeof word)) {
        struct dr_error e;
        if (!dr_move_parse(&r->b->v, pos, word, &moves[count], &e)) {
            dr_error_set(r->err, "%s:%d: book move '%s': %s", r->name, r->line, word, e.msg);
            return -1;
        }
        for (int j = 0; j < count; j++)
            if (dr_move_same(&moves[j], &moves[count])) {
                dr_error_set(r->err, "%s:%d: the move '%s' is given twice", r->name, r->line,
                             word);
                return -1;
            }
        char *stop = NULL;
        long v = next_word(&s, end, num, sizeof num) ? strtol(num, &stop, 10) : 0;
        if (!stop || *stop || v < -DR_SCORE_WIN || v > DR_SCORE_WIN) {
            dr_error_set(r->err, "%s:%d: the move '%s' needs a score (centi-men, %d to %d)",
                         r->name, r->line, word, -DR_SCORE_WIN, DR_SCORE_WIN);
            return -1;
        }
        leaf[count++] = (int)v;
    }
    if (!count)
        dr_error_set(r->err, "%s:%d: no book move after '|'", r->name, r->line);
    return count;
}

static bool read_line(struct reader *r, const char *s, const char *end)
{
    const char *bar = memchr(s, '|', (size_t)(end - s));
    if (!bar) {
        dr_error_set(r->err, "%s:%d: no '|' between the line's moves and the book moves",
                     r->name, r->line);
        return false;
    }
    struct dr_position pos;
    int parent, parent_move;
    if (!read_line_moves(r, s, bar, &pos, &parent, &parent_move))
        return false;
    int known = book_find(r->b, &pos, dr_zobrist(&pos));
    if (known >= 0) {
        dr_error_set(r->err, "%s:%d: the position is in the book already", r->name, r->line);
        return false;
    }
    struct dr_move moves[DR_MAX_MOVES];
    int leaf[DR_MAX_MOVES];
    int count = read_scored_moves(r, bar + 1, end, &pos, moves, leaf);
    if (count <= 0)
        return false;
    if (book_add(r->b, &pos, parent, parent_move, moves, leaf, count) < 0) {
        dr_error_set(r->err, "%s: out of memory", r->name);
        return false;
    }
    return true;
}

struct dr_book *dr_book_parse(const struct dr_variant *v, const char *text, const char *name,
                              struct dr_error *err)
{
    struct dr_book *b = dr_book_new(v);
    if (!b) {
        dr_error_set(err, "%s: out of memory", name);
        return NULL;
    }
    struct reader r = {b, name, 0, err};
    for (const char *s = text; *s;) {
        const char *end = strchr(s, '\n');
        if (!end)
            end = s + strlen(s);
        r.line++;
        const char *t = s;
        while (t < end && (*t == ' ' || *t == '\t' || *t == '\r'))
            t++;
        if (t < end && *t != '#' && !read_line(&r, t, end)) {
            dr_book_free(b);
            return NULL;
        }
        s = *end ? end + 1 : end;
    }
    book_back_up(b);
    return b;
}

struct dr_book *dr_book_load(const struct dr_variant *v, const char *path, struct dr_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        dr_error_set(err, "%s: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    char *text = malloc(cap);
    while (text && (n += fread(text + n, 1, cap - 1 - n, f)) == cap - 1) {
        char *bigger = realloc(text, cap *= 2);
        if (!bigger)
            free(text);
        text = bigger;
    }
    bool failed = ferror(f);
    fclose(f);
    if (!text || failed) {
        dr_error_set(err, "%s: %s", path, text ? "cannot read the file" : "out of memory");
        free(text);
        return NULL;
    }
    text[n] = 0;
    if (strlen(text) != n) {
        dr_error_set(err, "%s: not a book (a NUL byte in the text)", path);
        free(text);
        return NULL;
    }
    struct dr_book *b = dr_book_parse(v, text, path, err);
    free(text);
    return b;
}

/* ---- writing ---- */

/* The moves from the start to node i, as PDN text separated by spaces. */
static void write_line(const struct dr_book *b, int i, FILE *f)
{
    if (b->nodes[i].parent < 0)
        return;
    const struct book_node *p = &b->nodes[b->nodes[i].parent];
    write_line(b, b->nodes[i].parent, f);
    char text[DR_MOVE_TEXT_LEN];
    dr_move_pdn(&b->v, &p->pos, &b->moves[p->first + b->nodes[i].parent_move].move, text);
    fprintf(f, "%s ", text);
}

static void write_node(const struct dr_book *b, int i, FILE *f)
{
    const struct book_node *n = &b->nodes[i];
    write_line(b, i, f);
    fputc('|', f);
    for (int k = 0; k < n->count; k++) {
        char text[DR_MOVE_TEXT_LEN];
        dr_move_pdn(&b->v, &n->pos, &b->moves[n->first + k].move, text);
        fprintf(f, " %s %d", text, b->moves[n->first + k].leaf);
    }
    fputc('\n', f);
}

bool dr_book_save(const struct dr_book *b, const char *path, struct dr_error *err)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f) {
        dr_error_set(err, "%s: %s", tmp, strerror(errno));
        return false;
    }
    fprintf(f, "# draughts opening book: %s, %d positions (made by 'draughts book build')\n"
               "# line | move score ...: the moves from the start, then each move of the\n"
               "# position with its search's score (centi-men, the mover's view)\n",
            b->v.name, b->nnodes);
    for (int i = 0; i < b->nnodes; i++)
        write_node(b, i, f);
    bool ok = !ferror(f);
    ok = (fclose(f) == 0) && ok;
    if (!ok || rename(tmp, path) != 0) {
        dr_error_set(err, "%s: %s", path, strerror(errno));
        remove(tmp);
        return false;
    }
    return true;
}

/* ---- the compiled-in books ---- */

struct book_text {
    const char *variant;
    const char *text;
};
extern const struct book_text book_builtin[];   /* generated: builtin_books.c */
extern const int book_builtin_count;

enum { BUILTIN_MAX = 64 };
static pthread_mutex_t builtin_lock = PTHREAD_MUTEX_INITIALIZER;
static struct dr_book *builtin_books[BUILTIN_MAX]; /* parsed on first use */
static bool builtin_tried[BUILTIN_MAX];

/* The moves of a book made for w are v's: board, men, kings, captures. */
static bool same_play(const struct dr_variant *w, const struct dr_variant *v)
{
    return w->width == v->width && w->height == v->height &&
           w->all_squares == v->all_squares && w->a1_dark == v->a1_dark &&
           w->start_row_lo == v->start_row_lo && w->start_row_hi == v->start_row_hi &&
           w->first_player == v->first_player &&
           !memcmp(w->man_move_dirs, v->man_move_dirs, sizeof v->man_move_dirs) &&
           !memcmp(w->man_capture_dirs, v->man_capture_dirs, sizeof v->man_capture_dirs) &&
           !memcmp(w->king_move_dirs, v->king_move_dirs, sizeof v->king_move_dirs) &&
           !memcmp(w->king_capture_dirs, v->king_capture_dirs, sizeof v->king_capture_dirs) &&
           w->king_flying == v->king_flying && w->men_capture_kings == v->men_capture_kings &&
           w->precedence == v->precedence && w->removal == v->removal &&
           w->no_reverse_jump == v->no_reverse_jump && w->promotion == v->promotion &&
           w->king_halt == v->king_halt &&
           w->king_must_land_to_continue == v->king_must_land_to_continue;
}

/* Book i, parsed with its built-in variant the first time it is asked for. */
static struct dr_book *builtin_book(int i)
{
    pthread_mutex_lock(&builtin_lock);
    if (!builtin_tried[i]) {
        struct dr_variant bv;
        char name[96];
        snprintf(name, sizeof name, "books/%s.book", book_builtin[i].variant);
        if (dr_variant_builtin(book_builtin[i].variant, &bv, NULL))
            builtin_books[i] = dr_book_parse(&bv, book_builtin[i].text, name, &(struct dr_error){0});
        builtin_tried[i] = true;
    }
    struct dr_book *b = builtin_books[i];
    pthread_mutex_unlock(&builtin_lock);
    return b;
}

const struct dr_book *dr_book_builtin(const struct dr_variant *v)
{
    for (int i = 0; i < book_builtin_count && i < BUILTIN_MAX; i++) {
        if (strcmp(book_builtin[i].variant, v->name))
            continue;
        const struct dr_book *b = builtin_book(i);
        return b && same_play(&b->v, v) ? b : NULL;
    }
    return NULL;
}
