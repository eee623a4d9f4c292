/* Transposition table: buckets of four entries in one cache line, shared
 * by the search threads without locks.  An entry is two 64-bit words, the
 * first stored xor the second, so that a read torn between two threads'
 * writes fails the key check instead of mixing two positions' data. */
#ifndef DR_TT_H
#define DR_TT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { TT_NONE, TT_UPPER, TT_LOWER, TT_EXACT };

/* One entry, as read (a copy: other threads may overwrite the slot). */
struct tt_entry {
    uint32_t check;    /* upper half of the key */
    uint8_t from, to;  /* best move, matched against the legal moves */
    uint16_t capture_hash;
    int16_t score;
    int8_t depth;
    uint8_t bound_age; /* bound in the low 2 bits, age above */
};

struct tt_slot {
    _Atomic uint64_t keyed; /* check, from, to, capture_hash; xor data */
    _Atomic uint64_t data;  /* score, depth, bound_age */
};

struct tt {
    struct tt_slot *slots;
    size_t mask; /* number of buckets - 1 */
    uint8_t age;
};

bool tt_init(struct tt *t, size_t mib);
void tt_free(struct tt *t);
void tt_clear(struct tt *t);
/* The entry of key into *out, or false. */
bool tt_probe(const struct tt *t, uint64_t key, struct tt_entry *out);
void tt_store(struct tt *t, uint64_t key, int depth, int bound, int score, int from, int to,
              uint16_t capture_hash);

/* Start loading the bucket of key; the probe comes a little later. */
static inline void tt_prefetch(const struct tt *t, uint64_t key)
{
    __builtin_prefetch(&t->slots[(key & t->mask) * 4]);
}

static inline uint16_t tt_capture_hash(uint64_t captures)
{
    return (uint16_t)(captures ^ (captures >> 16) ^ (captures >> 32) ^ (captures >> 48));
}

#endif
