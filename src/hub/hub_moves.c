#include <string.h>

#include "draughts/movegen.h"
#include "draughts/notation.h"
#include "hub.h"

bool hub_parse_move(const struct dr_variant *v, const struct dr_position *pos, const char *text,
                    struct dr_move *out, struct dr_error *err)
{
    /* from x to x captured...: the captured set names the move exactly */
    int sq[DR_MAX_JUMPS + 2], n = 0;
    const char *s = text;
    bool capture = strchr(text, 'x') != NULL;
    while (*s && n < DR_MAX_JUMPS + 2) {
        int len, q = dr_square_parse(v, s, &len);
        if (len == 0 || q < 0)
            break;
        sq[n++] = q;
        s += len;
        if (*s == 'x' || *s == '-')
            s++;
        else
            break;
    }
    if (!*s && n > 2 && capture) {
        uint64_t caps = 0;
        for (int i = 2; i < n; i++)
            caps |= 1ULL << sq[i];
        struct dr_movelist list;
        dr_gen_moves(v, pos, &list);
        for (int i = 0; i < list.count; i++)
            if (list.moves[i].from == sq[0] && list.moves[i].to == sq[1] &&
                list.moves[i].captures == caps) {
                *out = list.moves[i];
                return true;
            }
    }
    return dr_move_parse(v, pos, text, out, err);
}

void hub_format_move(const struct dr_variant *v, const struct dr_move *m, char *out, size_t size)
{
    char text[DR_MOVE_TEXT_LEN];
    dr_move_canonical(v, m, text);
    snprintf(out, size, "%s", text);
}

bool hub_parse_position(const struct dr_variant *v, const char *text, struct dr_position *pos,
                        struct dr_error *err)
{
    size_t n = strlen(text);
    if (n != (size_t)v->nsquares + 1) {
        dr_error_set(err, "position '%.80s' has %zu characters, %s needs %d (side + one per square)",
                     text, n, v->name, v->nsquares + 1);
        return false;
    }
    struct dr_position p = {{0, 0}, 0, text[0] == 'B' ? DR_BLACK : DR_WHITE};
    if (text[0] != 'W' && text[0] != 'B') {
        dr_error_set(err, "position: the side to move must be W or B, not '%c'", text[0]);
        return false;
    }
    for (int i = 1; i <= v->nsquares; i++) {
        int sq = v->number_sq[i];
        uint64_t b = 1ULL << sq;
        switch (text[i]) {
        case 'w': p.pieces[DR_WHITE] |= b; break;
        case 'W': p.pieces[DR_WHITE] |= b; p.kings |= b; break;
        case 'b': p.pieces[DR_BLACK] |= b; break;
        case 'B': p.pieces[DR_BLACK] |= b; p.kings |= b; break;
        case 'e': case '.': break;
        default:
            dr_error_set(err, "position: square %d is '%c' (expected w, b, W, B or e)", i,
                         text[i]);
            return false;
        }
    }
    *pos = p;
    return true;
}

void hub_format_position(const struct dr_variant *v, const struct dr_position *pos, char *out,
                         size_t size)
{
    if (size < (size_t)v->nsquares + 2) {
        if (size)
            out[0] = 0;
        return;
    }
    out[0] = pos->side == DR_WHITE ? 'W' : 'B';
    for (int i = 1; i <= v->nsquares; i++) {
        int sq = v->number_sq[i];
        bool king = (pos->kings >> sq) & 1;
        out[i] = ((pos->pieces[DR_WHITE] >> sq) & 1)   ? (king ? 'W' : 'w')
                 : ((pos->pieces[DR_BLACK] >> sq) & 1) ? (king ? 'B' : 'b')
                                                        : 'e';
    }
    out[v->nsquares + 1] = 0;
}
