/* Perft tables of ../shared/data/perft (dctl's published figures and the
 * computed start-position figures): every line up to a node limit given as
 * argv[1], so that ctest runs the quick depths and the "slow" label the rest.
 * Files name their variant (killer10 = killer, X_start = X); files of
 * variants we do not ship are reported and skipped. */
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
#include "testdata.h"

static unsigned long long max_nodes = 20000000ULL;

static bool variant_of_file(const char *file, struct dr_variant *v)
{
    char stem[64];
    snprintf(stem, sizeof stem, "%.*s", (int)strcspn(file, "._"), file);
    if (!strcmp(stem, "killer10"))
        snprintf(stem, sizeof stem, "killer");
    struct dr_error err;
    return dr_variant_builtin(stem, v, &err);
}

/* Returns failures; counts checked lines and skipped (too deep) ones. */
static int check_file(const char *dir, const char *name, int *checked, int *deep)
{
    struct dr_variant v;
    if (!variant_of_file(name, &v)) {
        printf("skip %s: not a variant we ship\n", name);
        return 0;
    }
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[4096];
    int failures = 0, lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char *fld[4];
        if (line[0] == '#' || testdata_fields(line, fld, 4) != 3)
            continue;
        int depth = atoi(fld[1]);
        unsigned long long want = strtoull(fld[2], NULL, 10);
        if (want > max_nodes) {
            (*deep)++;
            continue;
        }
        struct dr_position pos;
        struct dr_error err;
        if (!dr_fen_parse(&v, fld[0], &pos, &err)) {
            printf("%s:%d: %s\n", name, lineno, err.msg);
            failures++;
            continue;
        }
        unsigned long long got = dr_perft(&v, &pos, depth);
        (*checked)++;
        if (got != want) {
            printf("%s:%d: %s perft %d: got %llu, want %llu\n", name, lineno, fld[0], depth,
                   got, want);
            failures++;
        }
    }
    fclose(f);
    return failures;
}

static int check_dir(const char *sub)
{
    char buf[512];
    const char *dir = testdata_dir(sub, buf, sizeof buf);
    if (!dir)
        return -1;
    static char names[128][256];
    int n = testdata_list(dir, ".tsv", names, 128), failures = 0;
    for (int i = 0; i < n; i++) {
        if (strstr(names[i], ".keepdups.") || !strncmp(names[i], "egdb_", 5) ||
            !strncmp(names[i], "movegen_", 8))
            continue;
        int checked = 0, deep = 0;
        int fails = check_file(dir, names[i], &checked, &deep);
        if (checked || deep)
            printf("%-28s %3d lines checked, %d failing, %d deeper than %llu nodes left out\n",
                   names[i], checked, fails, deep, max_nodes);
        failures += fails;
    }
    return failures;
}

static void test_perft_tables(void **state)
{
    (void)state;
    int a = check_dir("perft");
    if (a < 0)
        skip();
    int b = check_dir("perft/computed");
    assert_int_equal(a + (b > 0 ? b : 0), 0);
}

/* dctl's rule-book move lists (FMJD and FID articles): from/to of every
 * legal move, "fromxto" zero-padded. */
static void check_movegen_file(const char *dir, const char *name, const char *variant,
                               int *failures, int *cases)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    struct dr_variant v;
    struct dr_error err;
    assert_true(dr_variant_builtin(variant, &v, &err));
    char line[4096];
    while (fgets(line, sizeof line, f)) {
        char *fld[5];
        int n = testdata_fields(line, fld, 5);
        if (line[0] == '#' || n < 3)
            continue;
        struct dr_position pos;
        assert_true(dr_fen_parse(&v, fld[0], &pos, &err));
        struct dr_movelist list;
        dr_gen_moves(&v, &pos, &list);
        /* as a set of "from x to" numbers */
        char want[2048] = "", got[2048] = "";
        int wn = 0;
        for (char *t = strtok(fld[1], ","); t; t = strtok(NULL, ",")) {
            int a, b;
            char sep;
            if (sscanf(t, "%d%c%d", &a, &sep, &b) == 3) {
                char item[32];
                snprintf(item, sizeof item, "%d%c%d ", a, sep, b);
                if (!strstr(want, item))
                    strncat(want, item, sizeof want - strlen(want) - 1);
                wn++;
            }
        }
        bool ok = true;
        for (int i = 0; i < list.count; i++) {
            char item[32];
            snprintf(item, sizeof item, "%d%c%d ", v.sq_number[list.moves[i].from],
                     list.moves[i].captures ? 'x' : '-', v.sq_number[list.moves[i].to]);
            if (!strstr(got, item))
                strncat(got, item, sizeof got - strlen(got) - 1);
            if (!strstr(want, item))
                ok = false;
        }
        /* every wanted move is ours too */
        for (char *w = want; *w;) {
            char item[32];
            size_t l = strcspn(w, " ") + 1;
            snprintf(item, sizeof item, "%.*s", (int)l, w);
            if (!strstr(got, item))
                ok = false;
            w += l;
        }
        (*cases)++;
        if (!ok) {
            printf("%s: %s (%s): want %s, got %s\n", name, fld[2], fld[0], want, got);
            (*failures)++;
        }
    }
    fclose(f);
}

static void test_rule_book_move_lists(void **state)
{
    (void)state;
    char buf[512];
    const char *dir = testdata_dir("perft", buf, sizeof buf);
    if (!dir)
        skip();
    int failures = 0, cases = 0;
    check_movegen_file(dir, "movegen_international.tsv", "international", &failures, &cases);
    check_movegen_file(dir, "movegen_italian.tsv", "italian", &failures, &cases);
    printf("%d rule-book positions, %d failing\n", cases, failures);
    assert_true(cases > 0);
    assert_int_equal(failures, 0);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        max_nodes = strtoull(argv[1], NULL, 10);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perft_tables),
        cmocka_unit_test(test_rule_book_move_lists),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
