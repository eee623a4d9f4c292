/* The prompt line (OV_PROMPT): its text and its editing, and in the file
 * prompts Up/Down through the recent files and Tab completing a name.
 * What the text is for (a move, a file, a ply) is its caller's. */
#include <stdio.h>
#include <string.h>

#include "complete.h"
#include "ui.h"

void prompt_open(struct ui *ui, enum ui_prompt kind, const char *initial)
{
    ui->ov.kind = OV_PROMPT;
    ui->pr.kind = kind;
    snprintf(ui->pr.input, sizeof ui->pr.input, "%s", initial ? initial : "");
    ui->pr.input_len = (int)strlen(ui->pr.input);
    ui->pr.hint[0] = 0;
    ui->pr.nrecent = 0;
    ui->pr.recent_at = -1;
    if (kind == PR_LOAD || kind == PR_SAVE) {
        ui->pr.nrecent = recent_load(ui->pr.recent, RECENT_MAX);
        if (ui->pr.nrecent)
            snprintf(ui->pr.hint, sizeof ui->pr.hint,
                     "Up/Down: the %d file%s opened or saved last; Tab completes", ui->pr.nrecent,
                     ui->pr.nrecent == 1 ? "" : "s");
    }
    ui->dirty = true;
}

/* Up/Down in a file prompt: the recent files, newest first, then back to
 * what was typed (kept in recent_typed). */
static void prompt_recent(struct ui *ui, int dir)
{
    static const int none = -1;
    if (ui->pr.recent_at == none)
        snprintf(ui->pr.recent_typed, sizeof ui->pr.recent_typed, "%s", ui->pr.input);
    int at = ui->pr.recent_at + dir;
    if (at < none)
        at = none;
    if (at >= ui->pr.nrecent)
        at = ui->pr.nrecent - 1;
    ui->pr.recent_at = at;
    snprintf(ui->pr.input, sizeof ui->pr.input, "%s",
             at == none ? ui->pr.recent_typed : ui->pr.recent[at]);
    ui->pr.input_len = (int)strlen(ui->pr.input);
    if (at == none)
        snprintf(ui->pr.hint, sizeof ui->pr.hint, "(what you typed)");
    else
        snprintf(ui->pr.hint, sizeof ui->pr.hint, "recent file %d of %d", at + 1,
                 ui->pr.nrecent);
    ui->dirty = true;
}

void prompt_edit(struct ui *ui, int key)
{
    if (key == KEY_BACKSPACE || key == 127 || key == 8) {
        if (ui->pr.input_len > 0)
            ui->pr.input[--ui->pr.input_len] = 0;
    } else if (key == 21) { /* Ctrl-U */
        ui->pr.input_len = 0;
        ui->pr.input[0] = 0;
    } else if (key >= 32 && key < 127 && ui->pr.input_len < (int)sizeof ui->pr.input - 1) {
        ui->pr.input[ui->pr.input_len++] = (char)key;
        ui->pr.input[ui->pr.input_len] = 0;
    }
    ui->dirty = true;
}

/* Tab in a file prompt: the name completed, the names that match shown. */
static void prompt_complete(struct ui *ui)
{
    char names[sizeof ui->pr.hint];
    if (complete_path(ui->pr.input, sizeof ui->pr.input, names, sizeof names) == 0)
        snprintf(ui->pr.hint, sizeof ui->pr.hint, "(no file name begins so)");
    else
        snprintf(ui->pr.hint, sizeof ui->pr.hint, "%s", names);
    ui->pr.input_len = (int)strlen(ui->pr.input);
    ui->dirty = true;
}

void prompt_edit_key(struct ui *ui, int key)
{
    bool file = ui->pr.kind == PR_SAVE || ui->pr.kind == PR_LOAD;
    if ((key == KEY_UP || key == KEY_DOWN) && ui->pr.nrecent && file) {
        prompt_recent(ui, key == KEY_UP ? 1 : -1); /* Up: older, as in a shell */
        return;
    }
    if (key == '\t' && file) {
        prompt_complete(ui);
        return;
    }
    prompt_edit(ui, key);
    ui->pr.hint[0] = 0;
    ui->dirty = true;
}
