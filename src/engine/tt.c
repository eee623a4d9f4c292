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
    while (buckets * 2 * BUCKET * sizeof(struct tt_slot) <= bytes)
        buckets *= 2;
    /* 2 MiB aligned, so that the kernel can back it with huge pages: the
     * probes are random and would otherwise miss the TLB */
    size_t size = buckets * BUCKET * sizeof(struct tt_slot);
    void *mem = NULL;
    if (posix_memalign(&mem, 2u << 20, size) != 0)
        return false;
#ifdef MADV_HUGEPAGE
    madvise(mem, size, MADV_HUGEPAGE);
#endif
    free(t->slots);
    t->slots = mem;
    t->mask = buckets - 1;
    tt_clear(t);
    return true;
}

void tt_free(struct tt *t)
{
    free(t->slots);
    t->slots = NULL;
}

/* Only between searches, when no thread reads the table. */
void tt_clear(struct tt *t)
{
    memset(t->slots, 0, (t->mask + 1) * BUCKET * sizeof *t->slots);
    t->age = 0;
}

static uint64_t pack_keyed(uint32_t check, int from, int to, uint16_t capture_hash)
{
    return (uint64_t)check << 32 | (uint64_t)(uint8_t)from << 24 | (uint64_t)(uint8_t)to << 16 |
           capture_hash;
}

static uint64_t pack_data(int score, int depth, uint8_t bound_age)
{
    return (uint64_t)(uint16_t)(int16_t)score << 16 | (uint64_t)(uint8_t)(int8_t)depth << 8 |
           bound_age;
}

/* The entry in slot s (bound_age 0: empty, or torn and unusable). */
static struct tt_entry read_slot(const struct tt_slot *s)
{
    uint64_t data = atomic_load_explicit(&s->data, memory_order_relaxed);
    uint64_t keyed = atomic_load_explicit(&s->keyed, memory_order_relaxed) ^ data;
    return (struct tt_entry){.check = (uint32_t)(keyed >> 32),
                             .from = (uint8_t)(keyed >> 24),
                             .to = (uint8_t)(keyed >> 16),
                             .capture_hash = (uint16_t)keyed,
                             .score = (int16_t)(uint16_t)(data >> 16),
                             .depth = (int8_t)(uint8_t)(data >> 8),
                             .bound_age = (uint8_t)data};
}

bool tt_probe(const struct tt *t, uint64_t key, struct tt_entry *out)
{
    const struct tt_slot *b = &t->slots[(key & t->mask) * BUCKET];
    uint32_t check = (uint32_t)(key >> 32);
    for (int i = 0; i < BUCKET; i++) {
        struct tt_entry e = read_slot(&b[i]);
        if (e.check == check && (e.bound_age & 3)) {
            *out = e;
            return true;
        }
    }
    return false;
}

/* Replace the same position, else the shallowest entry of an older search. */
void tt_store(struct tt *t, uint64_t key, int depth, int bound, int score, int from, int to,
              uint16_t capture_hash)
{
    struct tt_slot *b = &t->slots[(key & t->mask) * BUCKET], *victim = b;
    struct tt_entry old = read_slot(b);
    uint32_t check = (uint32_t)(key >> 32);
    int worst = 1 << 30;
    for (int i = 0; i < BUCKET; i++) {
        struct tt_entry e = read_slot(&b[i]);
        if (e.check == check || !(e.bound_age & 3)) {
            victim = &b[i];
            old = e;
            break;
        }
        int value = e.depth - 8 * (uint8_t)(t->age - (e.bound_age >> 2));
        if (value < worst) {
            worst = value;
            victim = &b[i];
            old = e;
        }
    }
    if (old.check == check && (old.bound_age & 3) && bound != TT_EXACT && depth < old.depth - 2)
        return; /* keep a deeper result for the same position */
    uint64_t data = pack_data(score, depth, (uint8_t)(bound | t->age << 2));
    atomic_store_explicit(&victim->data, data, memory_order_relaxed);
    atomic_store_explicit(&victim->keyed, pack_keyed(check, from, to, capture_hash) ^ data,
                          memory_order_relaxed);
}
