#include "draughts/zobrist.h"

#define ZOB4(i) DR_ZOBRIST_MIX(i), DR_ZOBRIST_MIX((i) + 1), DR_ZOBRIST_MIX((i) + 2), \
    DR_ZOBRIST_MIX((i) + 3)
#define ZOB16(i) ZOB4(i), ZOB4((i) + 4), ZOB4((i) + 8), ZOB4((i) + 12)
#define ZOB64(i) ZOB16(i), ZOB16((i) + 16), ZOB16((i) + 32), ZOB16((i) + 48)

const uint64_t dr_zobrist_pieces[4 * 64] = {ZOB64(0), ZOB64(64), ZOB64(128), ZOB64(192)};

uint64_t dr_zobrist(const struct dr_position *pos)
{
    uint64_t key = pos->side == DR_BLACK ? DR_ZOBRIST_BLACK_TO_MOVE : 0;
    for (int colour = 0; colour < 2; colour++) {
        for (uint64_t b = pos->pieces[colour]; b; b &= b - 1) {
            int sq = __builtin_ctzll(b);
            key ^= dr_zobrist_piece(colour * 2 + (int)((pos->kings >> sq) & 1), sq);
        }
    }
    return key;
}

uint64_t dr_zobrist_after(const struct dr_position *pos, uint64_t key, const struct dr_move *m)
{
    int side = pos->side;
    int king = (int)((pos->kings >> m->from) & 1);
    int crowned = king | ((m->flags & DR_MOVE_PROMOTES) ? 1 : 0);
    key ^= dr_zobrist_piece(side * 2 + king, m->from);
    key ^= dr_zobrist_piece(side * 2 + crowned, m->to);
    for (uint64_t b = m->captures; b; b &= b - 1) {
        int sq = __builtin_ctzll(b);
        key ^= dr_zobrist_piece((!side) * 2 + (int)((pos->kings >> sq) & 1), sq);
    }
    return key ^ DR_ZOBRIST_BLACK_TO_MOVE;
}
