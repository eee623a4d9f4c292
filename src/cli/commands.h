/* Sub-commands of the draughts program.  Each returns the exit status:
 * 0 success, 1 a failed check, 2 bad usage or bad input. */
#ifndef DR_COMMANDS_H
#define DR_COMMANDS_H

int cmd_perft(int argc, char **argv);
int cmd_moves(int argc, char **argv);
int cmd_variants(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_analyse(int argc, char **argv);
int cmd_hub(int argc, char **argv);
int cmd_match(int argc, char **argv);
int cmd_book(int argc, char **argv);
int cmd_pdn(int argc, char **argv);
int cmd_annotate(int argc, char **argv);
int cmd_start(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_hotseat(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_keys(int argc, char **argv);

#endif
