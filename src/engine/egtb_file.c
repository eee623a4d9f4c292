/* Endgame tables kept on disk between runs: a header that names the rules
 * (a hash of the variant and the pieces), the classes and their sizes, then
 * each class's values and needs, and a checksum over them.  A file that does
 * not match in every part is not used (and is built and written again). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "egtb_impl.h"

#define FILE_MAGIC "DREGTB02" /* a new build algorithm or layout: a new magic */

static uint64_t fnv(uint64_t h, const void *data, size_t n)
{
    const unsigned char *b = data;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 1099511628211ULL;
    return h;
}

static uint64_t tables_key(const struct egtb *t)
{
    uint64_t h = fnv(14695981039346656037ULL, FILE_MAGIC, 8);
    h = fnv(h, t->v, sizeof *t->v);
    return fnv(h, &t->pieces, sizeof t->pieces);
}

struct file_header {
    char magic[8];
    uint64_t key;
    int32_t pieces, nclasses, longest_win, needs;
};

static void file_path(const struct egtb *t, const char *dir, char *path, size_t n)
{
    snprintf(path, n, "%s/tables-%016llx.egtb", dir, (unsigned long long)tables_key(t));
}

bool egtb_file_load(struct egtb *t, const char *dir)
{
    char path[4096];
    file_path(t, dir, path, sizeof path);
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    struct file_header h;
    bool ok = fread(&h, sizeof h, 1, f) == 1 && !memcmp(h.magic, FILE_MAGIC, 8) &&
              h.key == tables_key(t) && h.pieces == t->pieces && h.nclasses == t->nclasses &&
              h.needs == t->needs;
    uint64_t sum = 14695981039346656037ULL, stored = 0;
    for (int i = 0; ok && i < t->nclasses; i++) {
        struct egtb_class *c = &t->classes[i];
        uint8_t count[GROUPS];
        uint64_t size = 0;
        ok = fread(count, sizeof count, 1, f) == 1 && fread(&size, sizeof size, 1, f) == 1 &&
             !memcmp(count, c->count, sizeof count) && size == c->size;
    }
    for (int i = 0; ok && i < t->nclasses; i++) {
        struct egtb_class *c = &t->classes[i];
        c->value = malloc(c->size);
        c->need = t->needs ? malloc(c->size) : NULL;
        ok = c->value && (!t->needs || c->need) && fread(c->value, 1, c->size, f) == c->size &&
             (!t->needs || fread(c->need, 1, c->size, f) == c->size);
        if (ok) {
            sum = fnv(sum, c->value, c->size);
            if (t->needs)
                sum = fnv(sum, c->need, c->size);
        }
    }
    ok = ok && fread(&stored, sizeof stored, 1, f) == 1 && stored == sum && fgetc(f) == EOF;
    fclose(f);
    if (ok)
        t->longest_win = h.longest_win;
    for (int i = 0; !ok && i < t->nclasses; i++) {
        free(t->classes[i].value);
        free(t->classes[i].need);
        t->classes[i].value = t->classes[i].need = NULL;
    }
    return ok;
}

/* Written under another name and renamed: a reader never sees half a file. */
void egtb_file_save(const struct egtb *t, const char *dir)
{
    char path[4096], tmp[4200];
    file_path(t, dir, path, sizeof path);
    snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid());
    FILE *f = fopen(tmp, "wb");
    if (!f)
        return;
    struct file_header h = {.key = tables_key(t), .pieces = t->pieces,
                            .nclasses = t->nclasses, .longest_win = t->longest_win,
                            .needs = t->needs};
    memcpy(h.magic, FILE_MAGIC, 8);
    bool ok = fwrite(&h, sizeof h, 1, f) == 1;
    uint64_t sum = 14695981039346656037ULL;
    for (int i = 0; ok && i < t->nclasses; i++) {
        uint64_t size = t->classes[i].size;
        ok = fwrite(t->classes[i].count, GROUPS, 1, f) == 1 && fwrite(&size, sizeof size, 1, f) == 1;
    }
    for (int i = 0; ok && i < t->nclasses; i++) {
        const struct egtb_class *c = &t->classes[i];
        ok = fwrite(c->value, 1, c->size, f) == c->size &&
             (!t->needs || fwrite(c->need, 1, c->size, f) == c->size);
        sum = fnv(sum, c->value, c->size);
        if (t->needs)
            sum = fnv(sum, c->need, c->size);
    }
    ok = ok && fwrite(&sum, sizeof sum, 1, f) == 1;
    ok = fclose(f) == 0 && ok;
    if (!ok || rename(tmp, path) != 0)
        remove(tmp);
}

