/* The status line and the names every screen uses to say things: sides,
 * pieces, squares, the variant, a line of moves.  Below every screen, so
 * that any of them may say something without depending on another. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "draughts/notation.h"
#include "ui.h"

void ui_say(struct ui *ui, enum ui_tone tone, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ui->status.text, sizeof ui->status.text, fmt, ap);
    va_end(ap);
    ui->status.tone = tone;
    ui->dirty = true;
}

void ui_square_name(const struct ui *ui, int sq, char *out)
{
    dr_square_name(&ui->variant, sq, out);
}

void ui_variant_title(const struct dr_variant *v, char *out, int size)
{
    const char *d = v->description[0] ? v->description : v->name;
    const char *colon = strchr(d, ':');
    int n = colon ? (int)(colon - d) : (int)strlen(d);
    snprintf(out, (size_t)size, "%.*s", n, d);
}

void ui_pv_text(const struct dr_variant *v, const struct dr_position *root, int ply,
                const struct dr_move *pv, int n, char *out, size_t size)
{
    struct dr_position pos = *root;
    size_t len = 0;
    out[0] = 0;
    for (int i = 0; i < n; i++, ply += ply >= 0) {
        struct dr_movelist list;
        dr_gen_moves(v, &pos, &list);
        bool legal = false;
        for (int k = 0; k < list.count && !legal; k++)
            legal = dr_move_same(&list.moves[k], &pv[i]);
        if (!legal)
            break;
        char m[DR_MOVE_TEXT_LEN], num[16] = "";
        dr_move_pdn(v, &pos, &pv[i], m);
        if (ply >= 0 && (i == 0 || ply % 2 == 0))
            snprintf(num, sizeof num, "%d.%s ", ply / 2 + 1, ply % 2 ? ".." : "");
        int w = snprintf(out + len, size - len, "%s%s%s", i ? " " : "", num, m);
        if (w < 0 || (size_t)w >= size - len) {
            out[len] = 0; /* no room for the whole move */
            break;
        }
        len += (size_t)w;
        dr_make(v, &pos, &pv[i]);
    }
}
