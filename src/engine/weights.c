#include "weights.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char magic[8] = {'D', 'R', 'W', 'E', 'I', 'G', 'H', 'T'};

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static unsigned get16(const uint8_t *p) { return (unsigned)p[0] | (unsigned)p[1] << 8; }

static void put32(uint8_t *p, uint32_t x)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(x >> (8 * i));
}

static uint32_t fnv1a(const uint8_t *p, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 16777619u;
    return h;
}

bool weights_peek_variant(const uint8_t *bytes, size_t size, char name[DR_NAME_LEN])
{
    if (size < WEIGHTS_HEADER || memcmp(bytes, magic, sizeof magic))
        return false;
    memcpy(name, bytes + 12, DR_NAME_LEN);
    name[DR_NAME_LEN - 1] = 0;
    return true;
}

bool weights_parse(const uint8_t *bytes, size_t size, const char *source,
                   const struct dr_variant *v, const struct pat_layout *lay, int nglobal,
                   struct weights *out, struct dr_error *err)
{
    memset(out, 0, sizeof *out);
    if (size < WEIGHTS_HEADER || memcmp(bytes, magic, sizeof magic)) {
        dr_error_set(err, "%s: not a weights file (no DRWEIGHT header)", source);
        return false;
    }
    uint32_t version = get32(bytes + 8);
    if (version < 1 || version > WEIGHTS_VERSION) {
        dr_error_set(err, "%s: version %u, this program reads versions 1 to %d", source,
                     version, WEIGHTS_VERSION);
        return false;
    }
    memcpy(out->variant, bytes + 12, DR_NAME_LEN);
    out->variant[DR_NAME_LEN - 1] = 0;
    const uint8_t *b = bytes + 44;
    if ((int)get16(b) != v->width || (int)get16(b + 2) != v->height ||
        b[4] != (v->all_squares ? 1 : 0)) {
        dr_error_set(err, "%s: made for a %ux%u%s board, not %s's %dx%d", source, get16(b),
                     get16(b + 2), b[4] ? " all-squares" : "", v->name, v->width, v->height);
        return false;
    }
    int sets = version == 1 ? 1 : b[5];
    if (sets < 1 || sets > WEIGHTS_MAX_SETS) {
        dr_error_set(err, "%s: %d sets of tables; 1 or %d expected", source, sets,
                     WEIGHTS_MAX_SETS);
        return false;
    }
    int nedge = version >= 3 ? b[6] : 0;
    if (nedge && (nedge != lay->nedge || b[7] != PAT_EDGE_CELLS)) {
        dr_error_set(err, "%s: %d edge strips of %d squares; this board has %d of %d", source,
                     nedge, b[7], lay->nedge, PAT_EDGE_CELLS);
        return false;
    }
    uint32_t nwin = get32(bytes + 52), nglob = get32(bytes + 56), nconf = get32(bytes + 60);
    uint32_t count = get32(bytes + 64), sum = get32(bytes + 68);
    if ((int)nwin != lay->nwin ||
        ((int)nglob != nglobal && nglob != WEIGHTS_NGLOBAL_BEFORE_KINGS) ||
        nconf != PAT_CONFIGS) {
        dr_error_set(err, "%s: %u windows, %u global terms, %u configurations; this build "
                     "reads %d, %d (or %d), %d", source, nwin, nglob, nconf, lay->nwin, nglobal,
                     WEIGHTS_NGLOBAL_BEFORE_KINGS, PAT_CONFIGS);
        return false;
    }
    size_t want = (size_t)nglob + (size_t)sets * pat_set_pairs(lay, nedge);
    if (count != want || size != WEIGHTS_HEADER + want * 4) {
        dr_error_set(err, "%s: %zu bytes for %u weight pairs; %zu expected", source, size,
                     count, WEIGHTS_HEADER + want * 4);
        return false;
    }
    if (fnv1a(bytes + WEIGHTS_HEADER, want * 4) != sum) {
        dr_error_set(err, "%s: checksum mismatch (the file is damaged)", source);
        return false;
    }
    out->pairs = malloc(want * 2 * sizeof *out->pairs);
    if (!out->pairs) {
        dr_error_set(err, "%s: out of memory", source);
        return false;
    }
    for (size_t i = 0; i < want * 2; i++)
        out->pairs[i] = (int16_t)get16(bytes + WEIGHTS_HEADER + 2 * i);
    out->nglobal = (int)nglob;
    out->nwin = lay->nwin;
    out->sets = sets;
    out->nedge = nedge;
    out->count = want;
    return true;
}

bool weights_load_file(const char *path, const struct dr_variant *v,
                       const struct pat_layout *lay, int nglobal, struct weights *out,
                       struct dr_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        dr_error_set(err, "%s: %s", path, strerror(errno));
        return false;
    }
    size_t cap = 1 << 20, n = 0;
    uint8_t *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        uint8_t *bigger = realloc(buf, cap *= 2);
        if (!bigger)
            free(buf);
        buf = bigger;
    }
    bool failed = ferror(f);
    fclose(f);
    if (!buf || failed) {
        free(buf);
        dr_error_set(err, "%s: %s", path, failed ? "read error" : "out of memory");
        return false;
    }
    bool ok = weights_parse(buf, n, path, v, lay, nglobal, out, err);
    free(buf);
    return ok;
}

bool weights_write_file(const char *path, const struct dr_variant *v, const struct weights *w,
                        struct dr_error *err)
{
    size_t data = w->count * 4;
    uint8_t *buf = calloc(1, WEIGHTS_HEADER + data);
    if (!buf) {
        dr_error_set(err, "%s: out of memory", path);
        return false;
    }
    memcpy(buf, magic, sizeof magic);
    put32(buf + 8, WEIGHTS_VERSION);
    snprintf((char *)buf + 12, DR_NAME_LEN, "%s", w->variant);
    buf[44] = (uint8_t)v->width;
    buf[45] = (uint8_t)(v->width >> 8);
    buf[46] = (uint8_t)v->height;
    buf[47] = (uint8_t)(v->height >> 8);
    buf[48] = v->all_squares ? 1 : 0;
    buf[49] = (uint8_t)(w->sets > 1 ? w->sets : 1);
    buf[50] = (uint8_t)w->nedge;
    buf[51] = w->nedge ? PAT_EDGE_CELLS : 0;
    put32(buf + 52, (uint32_t)w->nwin);
    put32(buf + 56, (uint32_t)w->nglobal);
    put32(buf + 60, PAT_CONFIGS);
    put32(buf + 64, (uint32_t)w->count);
    for (size_t i = 0; i < w->count * 2; i++) {
        uint16_t x = (uint16_t)w->pairs[i];
        buf[WEIGHTS_HEADER + 2 * i] = (uint8_t)x;
        buf[WEIGHTS_HEADER + 2 * i + 1] = (uint8_t)(x >> 8);
    }
    put32(buf + 68, fnv1a(buf + WEIGHTS_HEADER, data));
    /* a device or pipe is written in place (a rename would replace it) */
    struct stat st;
    bool in_place = stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s%s", path, in_place ? "" : ".tmp");
    FILE *f = fopen(tmp, "wb");
    bool ok = f && fwrite(buf, 1, WEIGHTS_HEADER + data, f) == WEIGHTS_HEADER + data;
    if (f && fclose(f) != 0)
        ok = false;
    free(buf);
    if (!ok || (!in_place && rename(tmp, path) != 0)) {
        dr_error_set(err, "%s: %s", ok ? path : tmp, strerror(errno));
        if (!in_place)
            remove(tmp);
        return false;
    }
    return true;
}

void weights_free(struct weights *w)
{
    free(w->pairs);
    w->pairs = NULL;
}
