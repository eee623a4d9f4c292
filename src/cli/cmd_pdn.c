/* draughts pdn check|cat: read PDN files, replay every game, report or
 * rewrite them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "draughts/pdn.h"

static int pdn_usage(void)
{
    fprintf(stderr, "usage: draughts pdn check [--variant V | --rules FILE] FILE...\n"
                    "       draughts pdn cat [--variant V | --rules FILE] FILE...\n"
                    "--variant or --rules reads every game as that variant, whatever its "
                    "tags say.\n");
    return 2;
}

static void print_diags(FILE *out, const struct dr_pdn_file *f)
{
    char line[512];
    for (int i = 0; i < f->n_diags; i++) {
        dr_pdn_diag_format(f, &f->diags[i], line, sizeof line);
        fprintf(out, "%s\n", line);
    }
    int shown = f->n_diags, total = f->errors + f->warnings;
    if (total > shown)
        fprintf(out, "%s: ... and %d more\n", f->name, total - shown);
}

int cmd_pdn(int argc, char **argv)
{
    if (argc < 2)
        return pdn_usage();
    const char *sub = argv[1];
    bool check = !strcmp(sub, "check");
    if (!check && strcmp(sub, "cat"))
        return pdn_usage();
    struct dr_variant forced;
    const struct dr_variant *variant = NULL;
    int first_file = 0;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--variant") || !strcmp(argv[i], "--rules")) {
            struct dr_error err;
            if (i + 1 >= argc || variant)
                return pdn_usage();
            bool rules = argv[i][2] == 'r';
            if (!(rules ? dr_variant_load_file(argv[i + 1], &forced, &err)
                        : dr_variant_builtin(argv[i + 1], &forced, &err))) {
                fprintf(stderr, "draughts pdn: %s\n", err.msg);
                return 2;
            }
            i++;
            variant = &forced;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "draughts pdn: unknown option '%s'\n", argv[i]);
            return 2;
        } else if (!first_file) {
            first_file = i;
        }
    }
    if (!first_file)
        return pdn_usage();

    struct dr_pdn_options opt = {.variant = variant};
    int status = 0;
    for (int i = first_file; i < argc; i++) {
        if (!strcmp(argv[i], "--variant") || !strcmp(argv[i], "--rules")) {
            i++;
            continue;
        }
        struct dr_pdn_file f;
        if (!dr_pdn_read_file(argv[i], &opt, &f)) {
            fprintf(stderr, "draughts pdn: %s: out of memory\n", argv[i]);
            dr_pdn_file_free(&f);
            return 2;
        }
        if (check) {
            printf("%s: %d games, %ld moves, %d errors", f.name, f.n_games, f.moves, f.errors);
            if (f.warnings)
                printf(", %d warnings", f.warnings);
            printf("\n");
            print_diags(stdout, &f);
        } else {
            print_diags(stderr, &f);
            if (!dr_pdn_write(stdout, f.games, f.n_games)) {
                fprintf(stderr, "draughts pdn cat: cannot write the output\n");
                status = 2;
            }
        }
        if (f.errors && !status)
            status = 1;
        dr_pdn_file_free(&f);
    }
    if (fflush(stdout) != 0)
        return 2;
    return status;
}
