#include "testdata.h"

#include "draughts/movegen.h"
#include "draughts/notation.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

const char *testdata_dir(const char *sub, char *buf, size_t size)
{
    snprintf(buf, size, "%s/data/%s", DR_SHARED_DIR, sub);
    struct stat st;
    if (stat(buf, &st) != 0 || !S_ISDIR(st.st_mode)) {
        printf("SKIP: shared test data not found at %s (it lives in ../shared beside the "
               "project)\n", buf);
        return NULL;
    }
    return buf;
}

int testdata_fields(char *line, char **fields, int max)
{
    int n = 0;
    line[strcspn(line, "\r\n")] = 0;
    for (char *s = line; n < max;) {
        fields[n++] = s;
        char *tab = strchr(s, '\t');
        if (!tab)
            break;
        *tab = 0;
        s = tab + 1;
    }
    return n;
}

static int by_name(const void *a, const void *b) { return strcmp(a, b); }

int testdata_list(const char *dir, const char *suffix, char names[][256], int max)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int n = 0;
    size_t sl = strlen(suffix);
    for (struct dirent *e; (e = readdir(d)) && n < max;) {
        size_t l = strlen(e->d_name);
        if (l > sl && l < 256 && !strcmp(e->d_name + l - sl, suffix))
            snprintf(names[n++], 256, "%s", e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, 256, by_name);
    return n;
}

static int by_text(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void join_sorted(char **words, int n, char *out, size_t size)
{
    qsort(words, (size_t)n, sizeof words[0], by_text);
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        if (i)
            strncat(out, " ", size - strlen(out) - 1);
        strncat(out, words[i], size - strlen(out) - 1);
    }
}

void testdata_moves(const struct dr_variant *v, const struct dr_position *pos, char *out,
                    size_t size)
{
    static struct dr_movelist list;
    static char text[DR_MAX_MOVES][DR_MOVE_TEXT_LEN];
    static char *ptr[DR_MAX_MOVES];
    dr_gen_moves(v, pos, &list);
    for (int i = 0; i < list.count; i++) {
        dr_move_canonical(v, &list.moves[i], text[i]);
        ptr[i] = text[i];
    }
    join_sorted(ptr, list.count, out, size);
}

void testdata_sort_words(const char *text, char *out, size_t size)
{
    static char buf[65536];
    static char *ptr[4096];
    snprintf(buf, sizeof buf, "%s", text);
    int n = 0;
    for (char *t = strtok(buf, " "); t && n < 4096; t = strtok(NULL, " "))
        ptr[n++] = t;
    join_sorted(ptr, n, out, size);
}
