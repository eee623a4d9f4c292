/* Transposition table: buckets of four entries in one cache line. */
#ifndef DR_TT_H
#define DR_TT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { TT_NONE, TT_UPPER, TT_LOWER, TT_EXACT };

struct tt_entry {
    uint32_t check;    /* upper half of the key */
    uint8_t from, to;  /* best move, matched against the legal moves */
    uint16_t capture_hash;
    int16_t score;
    int8_t depth;
    uint8_t bound_age; /* bound in the low 2 bits, age above */
    uint8_t pad[4];
};

struct tt {
    struct tt_entry *entries;
    size_t mask; /* number of buckets - 1 */
    uint8_t age;
};

bool tt_init(struct tt *t, size_t mib);
void tt_free(struct tt *t);
void tt_clear(struct tt *t);
const struct tt_entry *tt_probe(const struct tt *t, uint64_t key);
void tt_store(struct tt *t, uint64_t key, int depth, int bound, int score, int from, int to,
              uint16_t capture_hash);

/* Start loading the bucket of key; the probe comes a little later. */
static inline void tt_prefetch(const struct tt *t, uint64_t key)
{
    __builtin_prefetch(&t->entries[(key & t->mask) * 4]);
}

static inline uint16_t tt_capture_hash(uint64_t captures)
{
    return (uint16_t)(captures ^ (captures >> 16) ^ (captures >> 32) ^ (captures >> 48));
}

#endif
