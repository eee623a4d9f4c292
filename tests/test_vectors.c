/* Every line of ../shared/data/vectors/<variant>[.edge].ext.tsv: the exact legal moves (as
 * canonical FROMxTOxCAPTURED...) and perft 1-3.  New files are picked up by
 * name: <variant>[.edge].ext.tsv. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draughts/fen.h"
#include "draughts/movegen.h"
#include "draughts/notation.h"
#include "testdata.h"

/* Checks one file; returns the number of failing lines. */
static int check_file(const char *dir, const char *name, int *lines)
{
    char variant[64], path[512];
    snprintf(variant, sizeof variant, "%.*s", (int)strcspn(name, "."), name);
    snprintf(path, sizeof path, "%s/%s", dir, name);
    struct dr_variant v;
    struct dr_error err;
    if (!dr_variant_builtin(variant, &v, &err)) {
        printf("SKIP %s: %s\n", name, err.msg);
        return 0;
    }
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    static char line[65536], want[65536], got[65536];
    int failures = 0, lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char *fld[8];
        int n = testdata_fields(line, fld, 8);
        if (n < 3)
            continue;
        (*lines)++;
        struct dr_position pos;
        if (!dr_fen_parse(&v, fld[0], &pos, &err)) {
            printf("%s:%d: %s\n", name, lineno, err.msg);
            failures++;
            continue;
        }
        testdata_moves(&v, &pos, got, sizeof got);
        testdata_sort_words(fld[1], want, sizeof want);
        unsigned long long p[3] = {0, 0, 0};
        sscanf(fld[n - 1], "%llu %llu %llu", &p[0], &p[1], &p[2]);
        bool ok = !strcmp(got, want);
        for (int d = 1; d <= 3 && ok; d++) {
            uint64_t nodes = dr_perft(&v, &pos, d);
            if (nodes != p[d - 1]) {
                printf("%s:%d: %s perft %d: got %llu, want %llu\n", name, lineno, fld[0], d,
                       (unsigned long long)nodes, p[d - 1]);
                ok = false;
            }
        } if (strcmp(got, want)) {
            printf("%s:%d: %s\n  want: %s\n  got:  %s\n", name, lineno, fld[0], want, got);
        }
        if (!ok)
            failures++;
    }
    fclose(f);
    return failures;
}

static void test_all_vector_files(void **state)
{
    (void)state;
    char buf[512];
    const char *dir = testdata_dir("vectors", buf, sizeof buf);
    if (!dir)
        skip();
    static char names[128][256];
    int n = testdata_list(dir, ".ext.tsv", names, 128);
    assert_true(n > 0);
    int failures = 0;
    for (int i = 0; i < n; i++) {
        int lines = 0, fails = check_file(dir, names[i], &lines);
        printf("%-28s %4d positions, %d failing\n", names[i], lines, fails);
        failures += fails;
    }
    assert_int_equal(failures, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_all_vector_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
