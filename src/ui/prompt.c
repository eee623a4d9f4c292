/* The prompt line (OV_PROMPT): its text and its editing, and in the file
 * prompts Up/Down through the recent files and Tab completing a name.
 * What the text is for (a move, a file, a ply) is its caller's. */
#include <stdio.h>
#include <string.h>

#include "complete.h"
#include "ui.h"

void prompt_open(struct ui *ui, enum ui_prompt kind, const char *initial)
{
    ui->overlay = OV_PROMPT;
    ui->prompt = kind;
    snprintf(ui->input, sizeof ui->input, "%s", initial ? initial : "");
    ui->input_len = (int)strlen(ui->input);
    ui->prompt_hint[0] = 0;
    ui->nrecent = 0;
    ui->recent_at = -1;
    if (kind == PR_LOAD || kind == PR_SAVE) {
        ui->nrecent = recent_load(ui->recent, RECENT_MAX);
        if (ui->nrecent)
            snprintf(ui->prompt_hint, sizeof ui->prompt_hint,
                     "Up/Down: the %d file%s opened or saved last; Tab completes", ui->nrecent,
                     ui->nrecent == 1 ? "" : "s");
    }
    ui->dirty = true;
}

/* Up/Down in a file prompt: the recent files, newest first, then back to
 * what was typed (kept in recent_typed). */
static void prompt_recent(struct ui *ui, int dir)
{
    static const int none = -1;
    if (ui->recent_at == none)
        snprintf(ui->recent_typed, sizeof ui->recent_typed, "%s", ui->input);
    int at = ui->recent_at + dir;
    if (at < none)
        at = none;
    if (at >= ui->nrecent)
        at = ui->nrecent - 1;
    ui->recent_at = at;
    snprintf(ui->input, sizeof ui->input, "%s", at == none ? ui->recent_typed : ui->recent[at]);
    ui->input_len = (int)strlen(ui->input);
    if (at == none)
        snprintf(ui->prompt_hint, sizeof ui->prompt_hint, "(what you typed)");
    else
        snprintf(ui->prompt_hint, sizeof ui->prompt_hint, "recent file %d of %d", at + 1,
                 ui->nrecent);
    ui->dirty = true;
}

void prompt_edit(struct ui *ui, int key)
{
    if (key == KEY_BACKSPACE || key == 127 || key == 8) {
        if (ui->input_len > 0)
            ui->input[--ui->input_len] = 0;
    } else if (key == 21) { /* Ctrl-U */
        ui->input_len = 0;
        ui->input[0] = 0;
    } else if (key >= 32 && key < 127 && ui->input_len < (int)sizeof ui->input - 1) {
        ui->input[ui->input_len++] = (char)key;
        ui->input[ui->input_len] = 0;
    }
    ui->dirty = true;
}

/* Tab in a file prompt: the name completed, the names that match shown. */
static void prompt_complete(struct ui *ui)
{
    char names[sizeof ui->prompt_hint];
    if (complete_path(ui->input, sizeof ui->input, names, sizeof names) == 0)
        snprintf(ui->prompt_hint, sizeof ui->prompt_hint, "(no file name begins so)");
    else
        snprintf(ui->prompt_hint, sizeof ui->prompt_hint, "%s", names);
    ui->input_len = (int)strlen(ui->input);
    ui->dirty = true;
}

void prompt_edit_key(struct ui *ui, int key)
{
    bool file = ui->prompt == PR_SAVE || ui->prompt == PR_LOAD;
    if ((key == KEY_UP || key == KEY_DOWN) && ui->nrecent && file) {
        prompt_recent(ui, key == KEY_UP ? 1 : -1); /* Up: older, as in a shell */
        return;
    }
    if (key == '\t' && file) {
        prompt_complete(ui);
        return;
    }
    prompt_edit(ui, key);
    ui->prompt_hint[0] = 0;
    ui->dirty = true;
}
