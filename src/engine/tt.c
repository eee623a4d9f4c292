/* madvise(MADV_HUGEPAGE) is a Linux extension */
#define _DEFAULT_SOURCE
#include "tt.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define BUCKET 4

bool tt_init(struct tt *t, size_t mib)
{
    size_t bytes = (mib ? mib : 1) << 20, buckets = 1;
    while (buckets * 2 * BUCKET * sizeof(struct tt_entry) <= bytes)
        buckets *= 2;
    /* 2 MiB aligned, so that the kernel can back it with huge pages: the
     * probes are random and would otherwise miss the TLB */
    size_t size = buckets * BUCKET * sizeof(struct tt_entry);
    void *mem = NULL;
    if (posix_memalign(&mem, 2u << 20, size) != 0)
        return false;
#ifdef MADV_HUGEPAGE
    madvise(mem, size, MADV_HUGEPAGE);
#endif
    struct tt_entry *e = mem;
    memset(e, 0, size);
    free(t->entries);
    t->entries = e;
    t->mask = buckets - 1;
    t->age = 0;
    return true;
}

void tt_free(struct tt *t)
{
    free(t->entries);
    t->entries = NULL;
}

void tt_clear(struct tt *t)
{
    memset(t->entries, 0, (t->mask + 1) * BUCKET * sizeof *t->entries);
    t->age = 0;
}

const struct tt_entry *tt_probe(const struct tt *t, uint64_t key)
{
    const struct tt_entry *b = &t->entries[(key & t->mask) * BUCKET];
    uint32_t check = (uint32_t)(key >> 32);
    for (int i = 0; i < BUCKET; i++)
        if (b[i].check == check && (b[i].bound_age & 3))
            return &b[i];
    return NULL;
}

/* Replace the same position, else the shallowest entry of an older search. */
void tt_store(struct tt *t, uint64_t key, int depth, int bound, int score, int from, int to,
              uint16_t capture_hash)
{
    struct tt_entry *b = &t->entries[(key & t->mask) * BUCKET], *victim = b;
    uint32_t check = (uint32_t)(key >> 32);
    int worst = 1 << 30;
    for (int i = 0; i < BUCKET; i++) {
        if (b[i].check == check || !(b[i].bound_age & 3)) {
            victim = &b[i];
            break;
        }
        int value = b[i].depth - 8 * (uint8_t)(t->age - (b[i].bound_age >> 2));
        if (value < worst) {
            worst = value;
            victim = &b[i];
        }
    }
    if (victim->check == check && bound != TT_EXACT && depth < victim->depth - 2)
        return; /* keep a deeper result for the same position */
    victim->check = check;
    victim->from = (uint8_t)from;
    victim->to = (uint8_t)to;
    victim->capture_hash = capture_hash;
    victim->score = (int16_t)score;
    victim->depth = (int8_t)depth;
    victim->bound_age = (uint8_t)(bound | t->age << 2);
}
