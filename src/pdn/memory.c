/* The game arena and growable strings.  A game's nodes and strings live in
 * its arena, so that a game of thousands of moves is freed in a few calls and
 * the reader does not pay one malloc per move. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

struct arena_block {
    struct arena_block *next;
    size_t used, size;
    max_align_t data[];
};

struct dr_pdn_arena {
    struct arena_block *head;
    size_t next_block; /* size of the next standard block */
};

/* Blocks grow from small (a file may hold thousands of tiny games) to
 * ARENA_BLOCK (a long game needs few of them). */
enum { ARENA_FIRST = 512, ARENA_BLOCK = 16 * 1024 };

struct dr_pdn_arena *arena_new(void) { return calloc(1, sizeof(struct dr_pdn_arena)); }

void arena_free(struct dr_pdn_arena *a)
{
    if (!a)
        return;
    for (struct arena_block *b = a->head, *next; b; b = next) {
        next = b->next;
        free(b);
    }
    free(a);
}

void *arena_alloc(struct dr_pdn_arena *a, size_t size)
{
    const size_t align = sizeof(max_align_t);
    size = (size + align - 1) / align * align;
    struct arena_block *b = a->head;
    if (!b || b->size - b->used < size) {
        size_t standard = a->next_block ? a->next_block : ARENA_FIRST;
        size_t room = size > standard ? size : standard;
        if (size <= standard)
            a->next_block = standard * 2 > ARENA_BLOCK ? ARENA_BLOCK : standard * 2;
        b = malloc(sizeof *b + room);
        if (!b)
            return NULL;
        b->used = 0;
        b->size = room;
        /* A block bigger than the standard one goes second, so that the
         * half-used head keeps serving small requests. */
        if (a->head && size > standard) {
            b->next = a->head->next;
            a->head->next = b;
        } else {
            b->next = a->head;
            a->head = b;
        }
    }
    void *p = (char *)b->data + b->used;
    b->used += size;
    memset(p, 0, size);
    return p;
}

char *arena_strndup(struct dr_pdn_arena *a, const char *s, size_t n)
{
    char *p = arena_alloc(a, n + 1);
    if (p) {
        memcpy(p, s, n);
        p[n] = 0;
    }
    return p;
}

static bool sb_reserve(struct strbuf *b, size_t more)
{
    if (b->failed)
        return false;
    if (b->len + more + 1 <= b->cap)
        return true;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + more + 1) {
        if (cap > SIZE_MAX / 2) {
            b->failed = true;
            return false;
        }
        cap *= 2;
    }
    char *s = realloc(b->s, cap);
    if (!s) {
        b->failed = true;
        return false;
    }
    b->s = s;
    b->cap = cap;
    return true;
}

void sb_putn(struct strbuf *b, const char *s, size_t n)
{
    if (!sb_reserve(b, n))
        return;
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = 0;
}

void sb_puts(struct strbuf *b, const char *s) { sb_putn(b, s, strlen(s)); }

void sb_putc(struct strbuf *b, char c) { sb_putn(b, &c, 1); }

void sb_printf(struct strbuf *b, const char *fmt, ...)
{
    char small[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n < sizeof small) {
        sb_putn(b, small, (size_t)n);
        return;
    }
    if (!sb_reserve(b, (size_t)n))
        return;
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

void sb_free(struct strbuf *b)
{
    free(b->s);
    memset(b, 0, sizeof *b);
}
