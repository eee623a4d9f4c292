/* Games as PDN files: the save prompt (the session writes the game,
 * atomically, and autosaves it), and reading a game back to continue it.
 * Who played what is kept in three tags of our own so that "continue the
 * last game" can set the same game up again: DraughtsMode, DraughtsHuman,
 * DraughtsLevel. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "draughts/pdn.h"
#include "complete.h"
#include "ui.h"

void saved_game_free(struct saved_game *s)
{
    if (!s)
        return;
    free(s->moves);
    free(s);
}

bool load_game(const char *path, int index, struct saved_game *out, char *why, int size)
{
    struct dr_pdn_file f;
    memset(out, 0, sizeof *out);
    if (!dr_pdn_read_file(path, NULL, &f)) {
        dr_pdn_file_free(&f);
        snprintf(why, (size_t)size, "out of memory");
        return false;
    }
    bool ok = false;
    if (f.n_games < index || index < 1) {
        if (f.n_diags)
            dr_pdn_diag_format(&f, &f.diags[0], why, (size_t)size);
        else
            snprintf(why, (size_t)size, "%s", f.n_games ? "no such game in the file"
                                                         : "no game in the file");
        goto done;
    }
    const struct dr_pdn_game *g = f.games[index - 1];
    for (int i = 0; i < f.n_diags; i++)
        if (f.diags[i].game == index && !f.diags[i].warning && out->errors++ == 0)
            dr_pdn_diag_format(&f, &f.diags[i], out->first_error, sizeof out->first_error);
    if (!g->variant) {
        snprintf(why, (size_t)size, "the game's variant is not supported");
        for (int i = 0; i < f.n_diags; i++)
            if (f.diags[i].game == index && !f.diags[i].warning) {
                dr_pdn_diag_format(&f, &f.diags[i], why, (size_t)size);
                break;
            }
        goto done;
    }
    out->variant = *g->variant;
    out->start = g->root.pos;
    int n = dr_pdn_mainline_length(g);
    out->moves = malloc(sizeof *out->moves * (size_t)(n + 1));
    if (!out->moves) {
        snprintf(why, (size_t)size, "out of memory");
        goto done;
    }
    for (const struct dr_pdn_node *node = g->root.child; node; node = node->child)
        out->moves[out->nmoves++] = node->move;
    const char *result = dr_pdn_tag(g, "Result");
    out->finished = result && strcmp(result, "*") && strcmp(result, "?");
    const char *mode = dr_pdn_tag(g, "DraughtsMode");
    const char *human = dr_pdn_tag(g, "DraughtsHuman");
    const char *level = dr_pdn_tag(g, "DraughtsLevel");
    out->hotseat = mode && !strcmp(mode, "hotseat");
    out->human_side = human && !strcmp(human, "black") ? DR_BLACK : DR_WHITE;
    out->level = level ? atoi(level) : 3;
    if (out->level < 1 || out->level > DR_LEVELS)
        out->level = 3;
    out->games_in_file = f.n_games;
    const char *date = dr_pdn_tag(g, "Date");
    char who[64], title[120];
    if (out->hotseat)
        snprintf(who, sizeof who, "two players");
    else
        snprintf(who, sizeof who, "you (%s) against the computer",
                 dr_side_name(out->human_side));
    ui_variant_title(&out->variant, title, sizeof title);
    snprintf(out->description, sizeof out->description, "%s after %d plies, %s%s%s", title,
             out->nmoves, who, date && strcmp(date, "?") ? ", " : "",
             date && strcmp(date, "?") ? date : "");
    ok = true;
done:
    dr_pdn_file_free(&f);
    if (!ok) {
        free(out->moves);
        out->moves = NULL;
    }
    return ok;
}

void save_default_name(const struct ui *ui, char *out, int size)
{
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    snprintf(out, (size_t)size, "%s-%04d%02d%02d-%02d%02d.pdn", ui->variant.name,
             tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min);
}

void save_as(struct ui *ui, const char *path)
{
    char full[600], why[300];
    while (*path == ' ')
        path++;
    if (!*path) {
        ui_say(ui, TONE_INFO, "Not saved.");
        return;
    }
    expand_home(path, full, sizeof full);
    if (dr_session_save(&ui->session, full, why, sizeof why)) {
        ui_say(ui, TONE_GOOD, "Saved to %s.", full);
        recent_add(full);
    }
    else
        ui_say(ui, TONE_ERROR, "Not saved: %s", why);
}
