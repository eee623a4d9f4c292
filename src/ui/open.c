/* o on the game screen: the PDN file named is read, and this game ends so
 * that the session starts it (a game to continue in ui->next.game, a file to
 * replay in ui->next.rp). */
#include <stdio.h>
#include <stdlib.h>

#include "complete.h"
#include "ui.h"

/* The loop ends this game; the session starts what was opened. */
static void end_for_load(struct ui *ui)
{
    ui->exit = UI_EXIT_LOAD;
    dr_session_act(&ui->session, DR_ACT_QUIT, NULL, 0);
}

/* The file at full on the replay screen next, with note said there. */
static void open_for_replay(struct ui *ui, const char *full, const char *note)
{
    char why[300];
    struct ui_replay *r = replay_open(full, why, sizeof why);
    if (!r) {
        char text[1000];
        cannot_open_text(full, why, text, sizeof text);
        ui_say(ui, TONE_ERROR, "%s", text);
        return;
    }
    replay_free(ui->next.rp);
    ui->next.rp = r;
    recent_add(full);
    snprintf(ui->next.note, sizeof ui->next.note, "%s", note ? note : "");
    end_for_load(ui);
}

void open_file(struct ui *ui, const char *path)
{
    char full[600], why[300];
    while (*path == ' ')
        path++;
    if (!*path)
        return;
    expand_home(path, full, sizeof full);
    if (ui->rp) { /* replaying a whole file: the new one is replayed whole too */
        open_for_replay(ui, full, NULL);
        return;
    }
    struct saved_game *s = calloc(1, sizeof *s);
    if (!s || !load_game(full, 1, s, why, sizeof why)) {
        char text[1000];
        cannot_open_text(full, s ? why : "out of memory", text, sizeof text);
        ui_say(ui, TONE_ERROR, "%s", text);
        free(s);
        return;
    }
    if (s->finished) {
        /* a finished game is not played on by accident: it opens on the
         * replay screen, where p plays on from any of its positions */
        saved_game_free(s);
        open_for_replay(ui, full,
                        "That game is finished: here to replay. p plays on from the position "
                        "shown.");
        return;
    }
    saved_game_free(ui->next.game);
    ui->next.game = s;
    recent_add(full);
    end_for_load(ui);
}
