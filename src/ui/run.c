/* dr_ui_run: the terminal from start to end, the start screen, and each
 * game from set-up to quit: the game, the loop, the person (one or two) and
 * the computer, and the autosave after every change and on the way out. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draughts/fen.h"
#include "ui.h"

void dr_ui_options_init(struct dr_ui_options *o)
{
    memset(o, 0, sizeof *o);
    o->mode = DR_UI_START;
    o->side = -1;
}

/* The board's state for a new game of setup s. */
static void reset_board(struct ui *ui, const struct game_setup *s)
{
    ui->variant = s->play.variant;
    snprintf(ui->replay_title, sizeof ui->replay_title, "%s", s->title);
    ui->exit = UI_EXIT_NONE;
    ui->view.flipped = !(s->play.hotseat || s->play.replay) && s->play.human_side == DR_BLACK;
    ui->view.cur_file = ui->view.cur_rank = -1;
    ui->view.mouse_down_sq = -1;
    dr_turn_clear(&ui->turn); /* no marks until the first turn begins */
    ui->ov.kind = OV_NONE;
    ui->status.text[0] = 0;
    ui->last.have = ui->search.have = ui->hint.shown = false;
    layout_map_squares(ui);
    term_board_colours(&ui->term, ui->variant.all_squares);
}

/* The session's setup: the game's, the computer's settings, the clock. */
static void session_setup(const struct ui *ui, const struct game_setup *s,
                          struct dr_session_setup *out)
{
    *out = s->play;
    out->ponder = ui->cfg.ponder;
    out->book = ui->cfg.book;
    out->clock_ms = (int64_t)ui->opt->clock_minutes * 60000;
    out->increment_ms = (int64_t)ui->opt->clock_increment * 1000;
}

/* Where the game is autosaved ("" when nowhere), and why there. */
static void find_autosave(struct ui *ui)
{
    char path[512], note[600];
    if (!config_autosave_path(path, sizeof path, note, sizeof note))
        path[0] = 0;
    dr_session_autosave_to(&ui->session, path, note);
}

/* One game from set-up to quit.  s holds the variant, start and moves. */
static void run_game(struct ui *ui, const struct game_setup *s)
{
    reset_board(ui, s);
    char why[300];
    struct dr_session_setup setup;
    session_setup(ui, s, &setup);
    if (!dr_session_open(&ui->session, &setup, why, sizeof why)) {
        ui->exit = UI_EXIT_QUIT;
        return;
    }
    struct dr_player human = play_human_player(ui);
    struct dr_view view = play_board_view(ui);
    dr_loop_add_view(ui->session.loop, &view);
    find_autosave(ui);
    ui_draw(ui); /* the board is on the screen before the engine allocates its tables */
    if (!dr_session_seat(&ui->session, &human))
        ui->exit = UI_EXIT_QUIT;
    if (why[0])
        ui_say(ui, TONE_ERROR, "%s", why);
    if (ui->exit == UI_EXIT_NONE) {
        dr_session_run(&ui->session);
        play_autosave_news(ui); /* the last autosave's */
    }
    hint_cancel(ui->hint.hinter);
    study_stop(ui);
    dr_session_close(&ui->session);
}

/* The variant and start of a new game from the options and the config. */
static bool setup_new(struct ui *ui, struct game_setup *s, const char *variant, bool hotseat,
                      char *why, int size)
{
    const struct dr_ui_options *o = ui->opt;
    struct dr_error err;
    memset(s, 0, sizeof *s);
    bool ok = o->rules ? dr_variant_load_file(o->rules, &s->play.variant, &err)
                       : dr_variant_builtin(variant, &s->play.variant, &err);
    if (!ok) {
        snprintf(why, (size_t)size, "%s", err.msg);
        return false;
    }
    if (o->fen) {
        if (!dr_fen_parse(&s->play.variant, o->fen, &s->play.start, &err) ||
            !dr_position_check(&s->play.variant, &s->play.start, &err)) {
            snprintf(why, (size_t)size, "%s", err.msg);
            return false;
        }
    } else {
        dr_position_start(&s->play.variant, &s->play.start);
    }
    s->play.hotseat = hotseat;
    s->play.human_side = o->side >= 0 ? o->side : ui->cfg.side;
    s->play.level = o->level > 0 ? o->level : ui->cfg.level;
    return true;
}

static bool setup_saved(struct game_setup *s, const struct saved_game *g)
{
    memset(s, 0, sizeof *s);
    s->play.variant = g->variant;
    s->play.start = g->start;
    s->play.moves = g->moves;
    s->play.nmoves = g->nmoves;
    s->play.hotseat = g->hotseat;
    s->play.human_side = g->human_side;
    s->play.level = g->level;
    return true;
}

static void run_replay(struct ui *ui, struct ui_replay *rp, int index);

/* Games from a loaded file follow one another while the person opens files
 * (a finished one on the replay screen). */
static void run_loads(struct ui *ui, const struct game_setup *s)
{
    while (ui->exit == UI_EXIT_LOAD && (ui->next.game || ui->next.rp)) {
        if (ui->next.rp) {
            struct ui_replay *rp = ui->next.rp;
            ui->next.rp = NULL;
            struct ui_replay *outer = ui->rp;
            run_replay(ui, rp, 1);
            ui->rp = outer;
            replay_free(rp);
            if (ui->exit == UI_EXIT_NONE)
                ui->exit = UI_EXIT_QUIT;
            continue;
        }
        struct saved_game *p = ui->next.game;
        ui->next.game = NULL;
        struct game_setup next;
        setup_saved(&next, p);
        /* keep who plays what; a file does not choose that for us */
        next.play.hotseat = s->play.hotseat || s->play.replay;
        next.play.human_side = s->play.human_side;
        next.play.level = s->play.level;
        run_game(ui, &next);
        if (ui->exit == UI_EXIT_NONE)
            ui->exit = UI_EXIT_QUIT;
        saved_game_free(p);
    }
}

static void run_with_loads(struct ui *ui, const struct game_setup *s)
{
    run_game(ui, s);
    run_loads(ui, s);
}

/* Play from a replayed position: a normal game whose start is that position. */
static void play_from_here(struct ui *ui)
{
    struct game_setup s;
    memset(&s, 0, sizeof s);
    s.play.variant = ui->variant;
    s.play.start = ui->next.start;
    s.play.hotseat = ui->next.play_mode == PLAY_HOTSEAT;
    s.play.human_side = ui->next.play_mode == PLAY_BLACK ? DR_BLACK : DR_WHITE;
    s.play.level = ui->opt->level > 0 ? ui->opt->level : ui->cfg.level;
    struct ui_replay *rp = ui->rp;
    ui->rp = NULL; /* the new game is not the file's */
    run_with_loads(ui, &s);
    ui->rp = rp;
}

/* `draughts replay FILE`: the game asked for (0: the only one, or the list
 * when the file has several), then the list again on G, until q. */
static void run_replay(struct ui *ui, struct ui_replay *rp, int index)
{
    char why[300];
    int last = 1;
    struct ui_replay *opened = NULL; /* a file opened with o: ours to free */
    for (;;) {
        if (index == 0 && replay_count(rp) == 1)
            index = 1;
        if (index == 0)
            index = replay_choose_game(ui, rp, last);
        if (index == 0)
            break;
        struct game_setup s;
        if (!replay_setup(rp, index, &s, why, sizeof why)) {
            ui_say(ui, TONE_ERROR, "%s", why);
            last = index;
            index = 0;
            if (replay_count(rp) == 1)
                break; /* no other game to choose */
            continue;
        }
        ui->rp = rp;
        run_game(ui, &s);
        ui->status.text[0] = 0; /* the game's last words do not belong under the list */
        last = index;
        index = 0;
        if (ui->exit == UI_EXIT_PLAY) {
            play_from_here(ui);
        } else if (ui->exit == UI_EXIT_LOAD && ui->next.rp) {
            replay_free(opened);
            rp = opened = ui->next.rp;
            ui->next.rp = NULL;
            last = 1;
            continue;
        }
        if (ui->exit != UI_EXIT_GAMES)
            break;
    }
    ui->rp = NULL;
    replay_free(opened);
}

/* Study a position set up in the editor: the replay screen on a game that
 * starts there and has no moves yet. */
static void analyse_position(struct ui *ui)
{
    char why[300];
    struct ui_replay *rp = replay_of_position(&ui->variant, &ui->next.start, why, sizeof why);
    if (!rp) {
        start_message(ui, why);
        ui->exit = ui->from_menu ? UI_EXIT_MENU : UI_EXIT_QUIT;
        return;
    }
    run_replay(ui, rp, 1);
    replay_free(rp);
}

/* A game or a replay may end asking for the next from a position (the
 * editor, p on the replay screen): play on from it, or study it. */
static void run_next(struct ui *ui)
{
    while (ui->exit == UI_EXIT_PLAY || ui->exit == UI_EXIT_ANALYSE) {
        if (ui->exit == UI_EXIT_PLAY)
            play_from_here(ui);
        else
            analyse_position(ui);
    }
}

/* The start screen's "Set up a position": the editor on the variant
 * chosen, from its start position (or --fen). */
static void edit_from_start(struct ui *ui)
{
    struct game_setup s;
    char why[300];
    ui->exit = UI_EXIT_MENU;
    if (!setup_new(ui, &s, ui->cfg.variant, false, why, sizeof why)) {
        start_message(ui, why);
        return;
    }
    ui->variant = s.play.variant;
    ui->view.flipped = false;
    ui->view.cur_file = ui->view.cur_rank = -1;
    enum ui_exit e = editor_run(ui, &s.play.start);
    if (e != UI_EXIT_NONE)
        ui->exit = e;
    run_next(ui);
}

static int check_options(const struct dr_ui_options *o)
{
    struct dr_variant v;
    struct dr_error err;
    if (o->variant && o->rules) {
        fprintf(stderr, "draughts: give --variant or --rules, not both\n");
        return 2;
    }
    if (o->rules && !dr_variant_load_file(o->rules, &v, &err)) {
        fprintf(stderr, "draughts: %s\n", err.msg);
        return 2;
    }
    if (o->variant && !dr_variant_builtin(o->variant, &v, &err)) {
        fprintf(stderr, "draughts: %s\n", err.msg);
        return 2;
    }
    if (o->fen) {
        if (!o->rules && !dr_variant_builtin(o->variant ? o->variant : "international", &v, &err))
            return 2;
        struct dr_position pos;
        if (!dr_fen_parse(&v, o->fen, &pos, &err) || !dr_position_check(&v, &pos, &err)) {
            fprintf(stderr, "draughts: --fen: %s\n", err.msg);
            return 2;
        }
    }
    return 0;
}

/* The start screen, and what is chosen there, until the person quits. */
static void run_start_screen(struct ui *ui)
{
    char why[300];
    ui->from_menu = true;
    for (;;) {
        struct start_choice c = start_screen(ui);
        if (c.what == START_QUIT)
            break;
        if (c.what == START_EDIT) {
            edit_from_start(ui);
        } else if (c.what == START_REPLAY) {
            run_replay(ui, c.replay, 0);
            replay_free(c.replay);
            run_next(ui);
        } else {
            struct game_setup s;
            if (c.what == START_CONTINUE) {
                setup_saved(&s, c.saved);
            } else if (!setup_new(ui, &s, ui->cfg.variant, c.what == START_HOTSEAT, why,
                                  sizeof why)) {
                start_message(ui, why);
                continue;
            }
            run_with_loads(ui, &s);
            run_next(ui);
            saved_game_free(c.saved);
        }
        if (ui->exit == UI_EXIT_SIGNAL || ui->exit == UI_EXIT_QUIT)
            break;
    }
}

/* draughts replay FILE: the file is read before the screen is taken, so
 * that its problems go to stderr; NULL (and the reason said) when it fails. */
static struct ui_replay *open_replay(const struct dr_ui_options *o, bool *failed)
{
    char why[300];
    struct game_setup s;
    *failed = false;
    if (o->mode != DR_UI_REPLAY)
        return NULL;
    struct ui_replay *replay = replay_open(o->replay_file, why, sizeof why);
    int want = !replay ? 0 : o->replay_game ? o->replay_game : replay_count(replay) == 1;
    if (!replay || (want && !replay_setup(replay, want, &s, why, sizeof why))) {
        fprintf(stderr, "draughts replay: %s\n", why);
        replay_free(replay);
        *failed = true;
        return NULL;
    }
    return replay;
}

int dr_ui_run(const struct dr_ui_options *o)
{
    int status = check_options(o);
    if (status)
        return status;
    struct ui *ui = calloc(1, sizeof *ui);
    if (!ui) {
        fprintf(stderr, "draughts: out of memory\n");
        return 2;
    }
    ui->opt = o;
    config_load(&ui->cfg);
    char why[300];
    bool failed;
    struct ui_replay *replay = open_replay(o, &failed);
    if (failed || !term_start(&ui->term, o->ascii, o->no_color, why, sizeof why)) {
        if (!failed) {
            term_end(&ui->term);
            fprintf(stderr, "draughts: %s\n", why);
        }
        replay_free(replay);
        free(ui);
        return 2;
    }
    ui->term.draughts_glyphs = !strcmp(ui->cfg.pieces, "draughts");
    ui->term.discs = ui->term.discs && !strcmp(ui->cfg.pieces, "discs");
    ui->hint.hinter = hint_new();
    ui->study = study_new();
    if (o->mode == DR_UI_START) {
        run_start_screen(ui);
    } else if (o->mode == DR_UI_REPLAY) {
        run_replay(ui, replay, o->replay_game);
        run_next(ui);
    } else {
        struct game_setup s;
        const char *variant = o->variant ? o->variant : ui->cfg.variant;
        if (setup_new(ui, &s, variant, o->mode == DR_UI_HOTSEAT, why, sizeof why)) {
            run_with_loads(ui, &s);
            run_next(ui);
        } else {
            term_end(&ui->term);
            fprintf(stderr, "draughts: %s\n", why);
            status = 2;
        }
    }
    saved_game_free(ui->next.game);
    replay_free(ui->next.rp);
    replay_free(replay);
    hint_free(ui->hint.hinter);
    study_free(ui->study);
    term_end(&ui->term);
    if (term_signal())
        status = 128 + term_signal();
    free(ui);
    return status;
}
