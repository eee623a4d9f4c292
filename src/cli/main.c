#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "commands.h"

static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *usage;
} commands[] = {
    {"perft", cmd_perft, "perft [--variant V | --rules FILE] [--fen FEN] [--divide] DEPTH"},
    {"moves", cmd_moves, "moves [--variant V | --rules FILE] [--fen FEN] [--canonical]"},
    {"variants", cmd_variants, "variants"},
    {"bench", cmd_bench, "bench [DEPTH]"},
    {"hub", cmd_hub, "hub [--weights FILE] [--book FILE|off] [--threads N]\n"
     "                 [--selective auto|on|off]   (the Hub protocol, version 2, on stdin/stdout)"},
    {"match", cmd_match,
     "match --engine1 CMD --engine2 CMD [--variant V] [--games N]\n"
     "                 [--time S | --depth D | --clock BASE+INC [--ponder 1|2|both]]\n"
     "                 [--openings FILE | --random-plies N] [--pdn-out FILE] [--seed N] [--max-plies N]\n"
     "                 [--threads N]"},
    {"book", cmd_book,
     "book build|show [--variant V] [--book FILE] [--positions N] [--nodes N]\n"
     "                 [--ply-cost C] [--max-ply P] [--threads N] [--fen FEN | --moves M]"},
    {"analyse", cmd_analyse,
     "analyse [--variant V | --rules FILE] [--fen FEN] [--depth D | --time S | --nodes N]\n"
     "                 [--threads N]"},
    {"pdn", cmd_pdn, "pdn check|cat [--variant V | --rules FILE] FILE..."},
    {"annotate", cmd_annotate,
     "annotate FILE.pdn [--game N] [--time S | --depth D] [-o OUT.pdn]\n"
     "                 [--variant V | --rules FILE]   (the engine's scores, marks, lines)"},
    {"play", cmd_play,
     "play [--variant V | --rules FILE] [--side white|black] [--level 1-6] [--fen FEN]\n"
     "                 [--clock MIN[+SEC]] [--ascii] [--no-color]   (against the computer)"},
    {"hotseat", cmd_hotseat,
     "hotseat [--variant V | --rules FILE] [--fen FEN] [--clock MIN[+SEC]] [--ascii] "
     "[--no-color]"},
    {"replay", cmd_replay, "replay FILE.pdn [--game N] [--ascii] [--no-color]"},
    {"keys", cmd_keys, "keys   (the board's keys, as a Markdown table: the README's list)"},
};

static void usage(FILE *out)
{
    fprintf(out, "usage: draughts COMMAND [OPTIONS]\n\ncommands:\n");
    fprintf(out, "  draughts [--ascii] [--no-color]   (the start screen)\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(out, "  draughts %s\n", commands[i].usage);
    fprintf(out, "\nVariants are listed by 'draughts variants'; --rules FILE loads your own.\n");
}

static bool asks_help(int argc, char **argv)
{
    for (int i = 2; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return true;
    return false;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V"))) {
        printf("draughts %s\n", DRAUGHTS_VERSION);
        return 0;
    }
    if (argc < 2 || (argv[1][0] == '-' && strcmp(argv[1], "--help") && strcmp(argv[1], "-h")))
        return cmd_start(argc, argv); /* the start screen */
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        usage(stdout);
        return 0;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        if (strcmp(argv[1], commands[i].name))
            continue;
        if (asks_help(argc, argv)) { /* COMMAND --help: that command's usage */
            printf("usage: draughts %s\n\nSee 'man 6 draughts' or the README for the details.\n",
                   commands[i].usage);
            return 0;
        }
        return commands[i].run(argc - 1, argv + 1);
    }
    fprintf(stderr, "draughts: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return 2;
}
