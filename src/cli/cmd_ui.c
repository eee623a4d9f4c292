/* The commands that open the ncurses board: draughts (the start screen),
 * draughts play and draughts hotseat. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "draughts/loop.h"
#include "draughts/ui.h"

static int bad(const char *cmd, const char *fmt, const char *arg)
{
    fprintf(stderr, "draughts%s%s: ", *cmd ? " " : "", cmd);
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    return 2;
}

/* --clock MIN or MIN+INC (minutes per side, seconds added per move). */
static bool parse_clock(const char *s, struct dr_ui_options *o)
{
    char *end;
    long min = strtol(s, &end, 10);
    long inc = 0;
    if (end == s || min < 1 || min > 600)
        return false;
    if (*end == '+') {
        const char *p = end + 1;
        inc = strtol(p, &end, 10);
        if (end == p || inc < 0 || inc > 600)
            return false;
    }
    if (*end)
        return false;
    o->clock_minutes = (int)min;
    o->clock_increment = (int)inc;
    return true;
}

/* argv[0] is the command name ("" for the start screen). */
static int parse(const char *cmd, int argc, char **argv, int first, struct dr_ui_options *o)
{
    bool game = o->mode == DR_UI_PLAY || o->mode == DR_UI_HOTSEAT;
    bool computer = o->mode == DR_UI_PLAY, replay = o->mode == DR_UI_REPLAY;
    for (int i = first; i < argc; i++) {
        const char *a = argv[i];
        bool has_value = i + 1 < argc;
        const char *val = has_value ? argv[i + 1] : NULL;
        if (!strcmp(a, "--ascii")) {
            o->ascii = true;
        } else if (!strcmp(a, "--no-color") || !strcmp(a, "--no-colour")) {
            o->no_color = true;
        } else if (game && (!strcmp(a, "--variant") || !strcmp(a, "--rules") ||
                            !strcmp(a, "--fen") || !strcmp(a, "--clock"))) {
            if (!has_value)
                return bad(cmd, "option %s needs a value", a);
            i++;
            if (!strcmp(a, "--variant"))
                o->variant = val;
            else if (!strcmp(a, "--rules"))
                o->rules = val;
            else if (!strcmp(a, "--fen"))
                o->fen = val;
            else if (!parse_clock(val, o))
                return bad(cmd, "--clock wants MINUTES or MINUTES+SECONDS (e.g. 5+3), not '%s'",
                           val);
        } else if (computer && !strcmp(a, "--side")) {
            if (!has_value)
                return bad(cmd, "option %s needs a value", a);
            i++;
            if (!strcmp(val, "white"))
                o->side = 0;
            else if (!strcmp(val, "black"))
                o->side = 1;
            else
                return bad(cmd, "--side wants white or black, not '%s'", val);
        } else if (computer && !strcmp(a, "--level")) {
            if (!has_value)
                return bad(cmd, "option %s needs a value", a);
            i++;
            char *end;
            long l = strtol(val, &end, 10);
            if (*end || end == val || l < 1 || l > DR_LEVELS) {
                char msg[64];
                snprintf(msg, sizeof msg, "--level wants 1 to %d, not '%%s'", DR_LEVELS);
                return bad(cmd, msg, val);
            }
            o->level = (int)l;
        } else if (replay && !strcmp(a, "--game")) {
            if (!has_value)
                return bad(cmd, "option %s needs a value", a);
            i++;
            char *end;
            long n = strtol(val, &end, 10);
            if (*end || end == val || n < 1 || n > 1000000)
                return bad(cmd, "--game wants a game number (1 is the first), not '%s'", val);
            o->replay_game = (int)n;
        } else if (replay && a[0] != '-' && !o->replay_file) {
            o->replay_file = a;
        } else if (a[0] == '-') {
            return bad(cmd, "unknown option '%s' (see draughts --help)", a);
        } else {
            return bad(cmd, "unexpected argument '%s' (see draughts --help)", a);
        }
    }
    return 0;
}

int cmd_start(int argc, char **argv)
{
    struct dr_ui_options o;
    dr_ui_options_init(&o);
    int status = parse("", argc, argv, 1, &o);
    return status ? status : dr_ui_run(&o);
}

int cmd_play(int argc, char **argv)
{
    struct dr_ui_options o;
    dr_ui_options_init(&o);
    o.mode = DR_UI_PLAY;
    int status = parse("play", argc, argv, 1, &o);
    return status ? status : dr_ui_run(&o);
}

int cmd_replay(int argc, char **argv)
{
    struct dr_ui_options o;
    dr_ui_options_init(&o);
    o.mode = DR_UI_REPLAY;
    int status = parse("replay", argc, argv, 1, &o);
    if (!status && !o.replay_file)
        status = bad("replay", "%s", "which file? usage: draughts replay FILE.pdn [--game N]");
    return status ? status : dr_ui_run(&o);
}

int cmd_hotseat(int argc, char **argv)
{
    struct dr_ui_options o;
    dr_ui_options_init(&o);
    o.mode = DR_UI_HOTSEAT;
    int status = parse("hotseat", argc, argv, 1, &o);
    return status ? status : dr_ui_run(&o);
}

int cmd_keys(int argc, char **argv)
{
    if (argc > 1)
        return bad("keys", "takes no arguments, not '%s'", argv[1]);
    dr_ui_print_keys(stdout);
    return 0;
}
