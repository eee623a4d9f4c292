/* Special-rule positions, one table per variant: {rule, variant, FEN, the exact legal moves}.
 *
 * Every expected list was worked out by hand from /work/shared/rules.md (Part A, plus the
 * variant sections of Part B), never copied from our generator.  Positions marked "oracle"
 * also appear in /work/shared/data/vectors/ *.ext.tsv or /work/shared/data/perft/
 * movegen_italian.tsv (independent reference generators / FID article examples) and were
 * re-derived by hand here; the others are new.
 *
 * Moves are canonical (dr_move_canonical): FROM-TO, or FROMxTOxC1xC2... with the captured
 * squares in ascending board order (numeric order on numbered boards; a1, b1, ..., h1, a2,
 * ... on algebraic ones).  The comparison is on the sorted set.
 *
 * Square names used in the comments: killer/international 1 = b10, 46 = a1; pool/english
 * 1 = b8, 29 = a1, 32 = g1 (Black on 1-12, White moves towards 1); italian FID 1 = a8,
 * 32 = h1 (a1 light, White moves towards 1). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draughts/fen.h"
#include "draughts/movegen.h"
#include "draughts/notation.h"
#include "draughts/variant.h"
#include "testdata.h"

struct rule_case {
    const char *rule;    /* which rule the position checks */
    const char *variant; /* built-in variant name */
    const char *fen;
    const char *moves;   /* the exact legal moves, canonical, space separated, any order */
};

/* ---------------------------------------------------------------------------------------
 * Killer 10x10: International plus the halt behind a LAST-captured king.
 * ------------------------------------------------------------------------------------- */
static const struct rule_case killer_cases[] = {
    /* a1 (46) - b2 - c3 - d4 - e5 (28) - f6 (23) - g7 (19) - h8 (14) - i9 (10) - j10 (5). */
    {"killer halt: single capture of a king stops right behind it (oracle)", "killer",
     "W:WK46:BK28", "46x23x28"},
    {"killer halt: single capture of a man, all landings (oracle)", "killer", "W:WK46:B28",
     "46x5x28 46x10x28 46x14x28 46x19x28 46x23x28"},
    {"international contrast: no halt after taking a king", "international", "W:WK46:BK28",
     "46x5x28 46x10x28 46x14x28 46x19x28 46x23x28"},
    /* c3 (37) is taken first, landing forced on d4 (32, e5 is occupied); e5 last. */
    {"killer halt: multiple capture, last captured piece a king (oracle)", "killer",
     "W:WK46:BK28,37", "46x23x28x37"},
    {"killer no halt: king captured first, man last (oracle)", "killer", "W:WK46:B28,K37",
     "46x5x28x37 46x10x28x37 46x14x28x37 46x19x28x37 46x23x28x37"},
    /* Ka1 takes the king on c3 (37) and may land d4..j10.  Only e5 (28) and f6 (23) go on:
     * e5 x d6 (22) landing c7 (17) / b8 (11) / a9 (6); f6 x g5 (29) landing h4 (34) /
     * i3 (40) / j2 (45).  Two captures each, the king c3 taken in the middle: no halt. */
    {"killer no halt: king captured mid-sequence, every landing stays legal", "killer",
     "W:WK46:B22,29,K37",
     "46x17x22x37 46x11x22x37 46x6x22x37 46x34x29x37 46x40x29x37 46x45x29x37"},
    /* Same, but d6 is a king: that sequence ends on a king and must halt on c7 (17). */
    {"killer halt: last-captured king after a turn, other branch unaffected", "killer",
     "W:WK46:BK22,29,K37", "46x17x22x37 46x34x29x37 46x40x29x37 46x45x29x37"},
    {"international contrast: mid-sequence and last kings, no halt", "international",
     "W:WK46:BK22,29,K37",
     "46x17x22x37 46x11x22x37 46x6x22x37 46x34x29x37 46x40x29x37 46x45x29x37"},
    /* j10 (5) - i9 - h8 - g7 - f6 (23, white king) - e5 (28). */
    {"killer halt: Black king takes a White king (oracle)", "killer", "B:WK23:BK5", "5x28x23"},
    /* a1 (46) - b2 (41) - c3 (37) - d4 (32): two men in a row cannot be jumped */
    {"killer: a king jumps one piece at a time, two in a row block it", "killer",
     "W:WK46:B32,37", "46-41"},
};

/* ---------------------------------------------------------------------------------------
 * Killer 8x8: Brazilian plus the halt.
 * ------------------------------------------------------------------------------------- */
static const struct rule_case killer8_cases[] = {
    {"killer8 halt: single capture of a king (oracle)", "killer8", "W:WKa1:BKc3", "a1xd4xc3"},
    {"killer8 no halt: single capture of a man (oracle)", "killer8", "W:WKa1:Bc3",
     "a1xd4xc3 a1xe5xc3 a1xf6xc3 a1xg7xc3 a1xh8xc3"},
    /* h2 - g3 - f4 - e5 (king) - d6 - c7 - b8 */
    {"killer8 halt: single capture of a king, landings cut to one", "killer8", "W:WKh2:BKe5",
     "h2xd6xe5"},
    {"brazilian contrast: no halt", "brazilian", "W:WKh2:BKe5", "h2xd6xe5 h2xc7xe5 h2xb8xe5"},
    /* a1 x c3 lands d4 (only continuing square), d4 x e3 (king) -> f2 only. */
    {"killer8 halt: multiple capture ending on a king (oracle)", "killer8", "W:WKa1:Bc3,Ke3",
     "a1xf2xc3xe3"},
    {"killer8 no halt: king c3 taken in the middle (oracle)", "killer8", "W:WKa1:BKc3,e5",
     "a1xf6xc3xe5 a1xg7xc3xe5 a1xh8xc3xe5"},
    /* Loop around d2: via c3 first (..., f4 x e3 -> d2 / c1) or via e3 first (..., b4 x c3
     * -> d2 / e1).  The e3-last path ends on a king and must halt on d2, so c1 is out;
     * the c3-last path ends on a man: d2 and e1.  The two d2 paths are one move. */
    {"killer8 halt inside a loop: c1 cut, d2 kept once, e1 kept", "killer8",
     "W:WKd2:Bc3,Ke3,c5,e5", "d2xd2xc3xe3xc5xe5 d2xe1xc3xe3xc5xe5"},
    {"killer8 halt inside a loop: both ends on kings, only d2", "killer8",
     "W:WKd2:BKc3,Ke3,c5,e5", "d2xd2xc3xe3xc5xe5"},
    {"brazilian contrast: the same loop without halt", "brazilian", "W:WKd2:Bc3,Ke3,c5,e5",
     "d2xc1xc3xe3xc5xe5 d2xd2xc3xe3xc5xe5 d2xe1xc3xe3xc5xe5"},
    {"killer8: a king jumps one piece at a time, two in a row block it", "killer8",
     "W:WKa1:Bc3,d4", "a1-b2"},
};

/* ---------------------------------------------------------------------------------------
 * German: free choice, men take backwards, crowned at once and the move ends, a flying king
 * must land where it can go on.
 * ------------------------------------------------------------------------------------- */
static const struct rule_case german_cases[] = {
    /* b6 x c7 lands d8: crowned, the move ends (as a man it could go on d8 x e7 -> f6). */
    {"german promotion mid-capture ends the move", "german", "W:Wb6:Bc7,e7", "b6xd8xc7"},
    {"german promotion ends the move, two crowning captures (oracle)", "german",
     "W:Wd6:Bc7,e7,g7", "d6xb8xc7 d6xf8xe7"},
    /* Black man a3 x b2 lands c1 (Black's far row) and stops; d2 stays. */
    {"german promotion mid-capture ends the move (Black)", "german", "B:Wb2,d2:Ba3",
     "a3xc1xb2"},
    {"german free choice: a single capture beside a double (oracle)", "german",
     "W:Wc3:Bb4,d4,f6", "c3xa5xb4 c3xg7xd4xf6"},
    {"german man captures backwards", "german", "W:Wd4:Bc3", "d4xb2xc3"},
    {"german landing rule: no continuation, every landing (oracle)", "german", "W:WKa1:Bc3",
     "a1xd4xc3 a1xe5xc3 a1xf6xc3 a1xg7xc3 a1xh8xc3"},
    {"german landing rule: must land on d4 to go on (oracle)", "german", "W:WKa1:Bc3,e3",
     "a1xf2xc3xe3 a1xg1xc3xe3"},
    /* a1 x d4: e5 (x g3 -> h2, two pieces) and f6 (x g5 -> h4 x g3 -> f2 / e1, three) both
     * continue, g7 and h8 do not.  Free choice keeps the shorter one too. */
    {"german landing rule with free choice between continuing squares (oracle)", "german",
     "W:WKa1:Bg3,d4,c5,g5", "a1xh2xg3xd4 a1xf2xg3xd4xg5 a1xe1xg3xd4xg5"},
};

/* ---------------------------------------------------------------------------------------
 * Italian (FID numbering, 1 = a8, 32 = h1, White moves towards 1).
 * ------------------------------------------------------------------------------------- */
static const struct rule_case italian_cases[] = {
    /* Man 31 (f1) takes e2, c4, c6 (three); king 21 (b3) takes c4, c6 (two). */
    {"italian level 1 quantity: man's three beat king's two (oracle, FID 6.6)", "italian",
     "W:WK21,31:B10,18,27", "31x6x10x18x27"},
    /* Man 31 takes e2, e4 (two); king 23 (f3) takes e2, c2 (two) or e4 (one). */
    {"italian level 2 modality: king beats man at equal count (oracle, FID 6.7)", "italian",
     "W:WK23,31:B19,26,27", "23x21x26x27"},
    /* King 24 (h3) x g4 -> f5; man 26 (c2) x d3 -> e4; one piece each. */
    {"italian level 2 modality: single captures, king wins", "italian", "W:W26,K24:B20,22",
     "24x15x20"},
    {"italian level 3 quality: taking a king wins (oracle, FID 6.8)", "italian",
     "W:WK23:B19,K28", "23x32x28"},
    /* King 18 (c4) x b5 -> a6 or x d5 (king) -> e6. */
    {"italian level 3 quality: man or king, one piece each", "italian", "W:WK18:B13,K14",
     "18x11x14"},
    /* King 30 (d1): c2(K), c4, c6 -> b7 (king first) or e2, g4(K), g6 -> f7 (king second). */
    {"italian level 4 order: earliest king (oracle, FID 6.9)", "italian",
     "W:WK30:B10,12,18,K20,K26,27", "30x5x10x18x26"},
    /* Two kings each: c2(K), c4(K), c6 vs e2(K), g4, g6(K): second king at 2 beats at 3. */
    {"italian level 4 order: lexicographic over the kings' positions (oracle, FID 6.9)",
     "italian", "W:WK30:B10,K12,K18,20,K26,K27", "30x5x10x18x26"},
    /* King 22 (d3): c4(K) -> b5, c6 -> d7 (king at 1) or e4 -> f5, g6(K) -> h7 (king at 2). */
    {"italian level 4 order: king taken first beats king taken second", "italian",
     "W:WK22:B10,K12,K18,19", "22x6x10x18"},
    {"italian precedence tie: free choice between equal keys (oracle, FID 6.10)", "italian",
     "W:WK31:B18,20,K27,K28", "31x13x18x27 31x15x20x28"},
    {"italian men cannot capture kings: ordinary move instead (oracle)", "italian",
     "W:W30:BK26", "30-27"},
    {"italian men cannot capture kings: blocked, no legal move (oracle)", "italian",
     "W:W32:BK28", ""},
    /* Man 22 (d3), king on c4 with b5 free: no capture; c4 is occupied so only d3-e4. */
    {"italian man beside a king with a free square behind has no capture", "italian",
     "W:W22:BK18", "22-19"},
    /* Man 31 (f1) x e2 -> d3; the king on c4 (b5 free) stops the sequence. */
    {"italian men cannot capture kings in the middle of a sequence", "italian",
     "W:W31:B27,K18", "31x22x27"},
    {"italian kings capture kings (oracle)", "italian", "W:WK30:BK26", "30x21x26"},
    {"italian men capture forward only (oracle)", "italian", "W:W24:B20,28", "24x15x20"},
    /* Man 14 (d5), black man behind on e4 with f3 free: no capture. */
    {"italian men never capture backwards", "italian", "W:W14:B19", "14-10 14-11"},
    /* Short king d3 around c4, c6, e6, e4 both ways: one move. */
    {"italian duplicate paths: a loop taken both ways is one move", "italian",
     "W:WK22:B10,11,18,19", "22x22x10x11x18x19"},
};

/* ---------------------------------------------------------------------------------------
 * Pool (English numbering, 1 = b8, 29 = a1, Black on 1-12).
 * ------------------------------------------------------------------------------------- */
static const struct rule_case pool_cases[] = {
    /* 22 (c3): x b4 -> a5 (one) or x d4 -> e5 x f6 -> g7 (two). */
    {"pool free choice: shorter capture allowed (oracle)", "pool", "W:W22:B11,17,18",
     "22x13x17 22x8x11x18"},
    /* Man a3 (21) takes two; king h8 (4) must land on c3 and takes three: both legal. */
    {"pool free choice between a man's and a king's capture (oracle)", "pool",
     "W:WK4,21:B11,17,18", "21x23x17x18 4x13x11x17x18"},
    {"pool men capture backwards (White) (oracle)", "pool", "W:W15:B18", "15x22x18"},
    {"pool men capture backwards (Black) (oracle)", "pool", "B:W10:B15", "15x6x10"},
    /* d6 (10) x e7 -> f8, goes on as a man: f8 x g7 -> h6 (12). */
    {"pool promotion only at the end: man passes the far row (oracle)", "pool",
     "W:W10:B7,8", "10x12x7x8"},
    /* b6 (9) x c7 -> d8, then d8 x e7 -> f6 (11) as a man, not crowned. */
    {"pool promotion only at the end: man continues backwards from d8", "pool",
     "W:W9:B6,7", "9x11x6x7"},
    /* b6 x c7 -> d8: a man cannot reach f6 (11) from d8, the move ends and crowns there. */
    {"pool crowned man does not go on as a king", "pool", "W:W9:B6,11", "9x2x6"},
    {"pool landing rule: no continuation, every landing (oracle)", "pool", "W:WK29:B22",
     "29x18x22 29x15x22 29x11x22 29x8x22 29x4x22"},
    {"pool landing rule: must land on d4 to go on (oracle)", "pool", "W:WK29:B22,23",
     "29x27x22x23 29x32x22x23"},
    {"pool landing rule with free choice between continuing squares (oracle)", "pool",
     "W:WK29:B14,16,18,24", "29x28x18x24 29x27x16x18x24 29x31x16x18x24"},
    {"pool flying king, contrast with english short king", "pool", "W:WK25:B22",
     "25x18x22 25x15x22 25x11x22 25x8x22 25x4x22"},
    {"pool duplicate paths: loop around d2 both ways is one move (oracle)", "pool",
     "W:WK26:B14,15,22,23", "26x26x14x15x22x23 26x30x14x15x22x23 26x31x14x15x22x23"},
};

/* ---------------------------------------------------------------------------------------
 * Armenian: all squares; men forward, diagonal forward, sideways; orthogonal captures only;
 * immediate removal; no 180-degree turn; promotion at the end only.
 * ------------------------------------------------------------------------------------- */
static const struct rule_case armenian_cases[] = {
    {"armenian man moves: forward, diagonal forward, sideways, never back", "armenian",
     "W:Wd4:Bh8", "d4-c4 d4-c5 d4-d5 d4-e4 d4-e5"},
    {"armenian man moves (Black goes down) (oracle)", "armenian", "B:Wa1:Bd5",
     "d5-c4 d5-c5 d5-d4 d5-e4 d5-e5"},
    {"turkish contrast: no diagonal man moves", "turkish", "W:Wd4:Bh8", "d4-c4 d4-d5 d4-e4"},
    {"armenian man never captures backwards", "armenian", "W:Wd4:Bd3",
     "d4-c4 d4-c5 d4-d5 d4-e4 d4-e5"},
    {"armenian captures orthogonal only: diagonal neighbour not capturable (man)", "armenian",
     "W:Wd4:Be5", "d4-c4 d4-c5 d4-d5 d4-e4"},
    {"armenian captures orthogonal only: blocked diagonals (oracle)", "armenian",
     "W:Wd4:Bc5,e5", "d4-c4 d4-d5 d4-e4"},
    /* Queen moves, f6 sits on the NE diagonal: e5 only that way; no capture. */
    {"armenian king does not capture diagonally", "armenian", "W:WKd4:Bf6",
     "d4-e5 d4-d5 d4-d6 d4-d7 d4-d8 d4-d3 d4-d2 d4-d1 d4-e4 d4-f4 d4-g4 d4-h4 "
     "d4-c4 d4-b4 d4-a4 d4-c5 d4-b6 d4-a7 d4-c3 d4-b2 d4-a1 d4-e3 d4-f2 d4-g1"},
    {"armenian man captures forward (oracle)", "armenian", "W:Wd4:Bd5", "d4xd6xd5"},
    {"armenian man captures sideways, not backwards (oracle)", "armenian",
     "W:Wd4:Bd3,c4,e4", "d4xb4xc4 d4xf4xe4"},
    /* d1 x d3 -> d5 x f5 -> g5 x g4 -> g3, then west along rank 3 through the emptied d3,
     * x b3 -> a3.  Under deferred removal d3 would block. */
    {"armenian immediate removal opens a line (oracle)", "armenian", "W:WKd1:Bb3,d3,g4,f5",
     "d1xa3xb3xd3xg4xf5"},
    /* c2 x c4 -> c6 x f6 -> h6 x h5 -> h4, then west along rank 4 through the emptied c4,
     * x b4 -> a4. */
    {"armenian immediate removal: king crosses a square it emptied", "armenian",
     "W:WKc2:Bb4,c4,f6,h5", "c2xa4xb4xc4xh5xf6"},
    /* After d4 x d6 -> d7 the way back south (d6 and d4 now empty, d2 then d1 free) would
     * take d2 as well: forbidden. */
    {"armenian no 180-degree turn", "armenian", "W:WKd4:Bd2,d6",
     "d4xd7xd6 d4xd8xd6 d4xd1xd2"},
    /* d6 x d7 -> d8, still a man: d8 x c8 -> b8 only (a king could also land on a8). */
    {"armenian promotion at the end only: man goes on sideways on the last rank", "armenian",
     "W:Wd6:Bd7,c8", "d6xb8xd7xc8"},
    {"armenian promotion at the end only: three jumps along the last rank (oracle)",
     "armenian", "W:Wc6:Bc7,d8,f8", "c6xg8xc7xd8xf8"},
    {"armenian majority (oracle)", "armenian", "W:Wa2,h2:Ba3,h3,a5", "a2xa6xa3xa5"},
    /* d4 x d5 (a king) alone, or d4 x c4 -> b4 x b5 -> b6: two men.  Were a king worth
     * more than one piece, the single capture would tie or win. */
    {"armenian majority: a captured king counts as one piece", "armenian",
     "W:Wd4:BKd5,c4,b5", "d4xb6xc4xb5"},
};

/* ---------------------------------------------------------------------------------------
 * Brazilian and International: majority, men capture backwards, promotion at the end.
 * ------------------------------------------------------------------------------------- */
static const struct rule_case brazilian_cases[] = {
    {"brazilian majority: the double capture only (german oracle position)", "brazilian",
     "W:Wc3:Bb4,d4,f6", "c3xg7xd4xf6"},
    {"brazilian men capture backwards", "brazilian", "W:Wd4:Bc3", "d4xb2xc3"},
    {"brazilian men capture backwards (oracle)", "brazilian", "W:We5:Bd4", "e5xc3xd4"},
    /* b6 x c7 -> d8 goes on as a man: d8 x e7 -> f6. */
    {"brazilian promotion at the end only: man passes the far row", "brazilian",
     "W:Wb6:Bc7,e7", "b6xf6xc7xe7"},
    {"brazilian majority beats the crowning single capture", "brazilian", "W:Wd6:Bc7,e7,g7",
     "d6xh6xe7xg7"},
    {"brazilian promotion at the end only (Black)", "brazilian", "B:Wb2,d2:Ba3",
     "a3xe3xb2xd2"},
    {"brazilian crowned at the end, no king continuation (oracle)", "brazilian",
     "W:Wh6:Bd2,c5,g7", "h6xf8xg7"},
    {"brazilian duplicate paths: loop around d2 both ways is one move (oracle)", "brazilian",
     "W:WKd2:Bc3,e3,c5,e5", "d2xc1xc3xe3xc5xe5 d2xd2xc3xe3xc5xe5 d2xe1xc3xe3xc5xe5"},
};

static const struct rule_case international_cases[] = {
    /* d4 (32): x c5 (27) -> b6 (one) or x e5 (28) -> f6 x g7 (19) -> h8 (14) (two). */
    {"international majority", "international", "W:W32:B19,27,28", "32x14x19x28"},
    {"international men capture backwards", "international", "W:W28:B32", "28x37x32"},
    {"international majority, same count: both (oracle)", "international",
     "W:W26:B12,K21,31,32", "26x28x31x32 26x8x12x21"},
};

/* ---------------------------------------------------------------------------------------
 * Russian: a man crowned mid-capture goes on as a flying king.
 * ------------------------------------------------------------------------------------- */
static const struct rule_case russian_cases[] = {
    /* b6 x c7 -> d8, crowned, then d8 - e7 - f6: x f6 -> g5 / h4. */
    {"russian man crowned mid-capture continues as a flying king", "russian", "W:Wb6:Bc7,f6",
     "b6xg5xf6xc7 b6xh4xf6xc7"},
    {"german contrast: crowned, the move ends", "german", "W:Wb6:Bc7,f6", "b6xd8xc7"},
    {"brazilian contrast: a man on d8 cannot reach f6", "brazilian", "W:Wb6:Bc7,f6",
     "b6xd8xc7"},
    /* h6 x g7 -> f8 (king), f8 x c5 -> b4 (a3 does not go on), b4 x d2 -> e1. */
    {"russian crowned man continues as a flying king (oracle)", "russian",
     "W:Wh6:Bd2,c5,g7", "h6xe1xd2xc5xg7"},
};

/* ---------------------------------------------------------------------------------------
 * English (same numbering as pool): short kings, men capture forward only, crowning ends
 * the move.
 * ------------------------------------------------------------------------------------- */
static const struct rule_case english_cases[] = {
    {"english men capture forward only (contrast pool 15x22x18)", "english", "W:W15:B18",
     "15-10 15-11"},
    {"english men capture forward only (Black) (oracle)", "english", "B:W14,15:B10",
     "10x17x14 10x19x15"},
    {"english short king: no capture from a distance", "english", "W:WK29:B22", "29-25"},
    {"english short king: lands directly behind", "english", "W:WK25:B22", "25x18x22"},
    /* b6 x c7 -> d8, crowned: as a king it could take e7, but the move ends. */
    {"english promotion ends the move", "english", "W:W9:B6,7", "9x2x6"},
    {"english duplicate paths: loop around d2 both ways is one move (oracle)", "english",
     "W:WK26:B14,15,22,23", "26x26x14x15x22x23"},
    {"english same from and to, different captured sets: two moves (oracle)", "english",
     "W:W26:B14,15,22,23", "26x10x14x22 26x10x15x23"},
};

/* ------------------------------------------------------------------------------------- */

/* Returns the number of failing cases; prints each failure in full. */
static int run_cases(const struct rule_case *cases, size_t n)
{
    static char want[8192], got[65536];
    int failures = 0;
    for (size_t i = 0; i < n; i++) {
        const struct rule_case *c = &cases[i];
        struct dr_variant v;
        struct dr_position pos;
        struct dr_error err;
        if (!dr_variant_builtin(c->variant, &v, &err)) {
            printf("FAIL [%s] %s %s: variant: %s\n", c->variant, c->rule, c->fen, err.msg);
            failures++;
            continue;
        }
        if (!dr_fen_parse(&v, c->fen, &pos, &err)) {
            printf("FAIL [%s] %s %s: FEN: %s\n", c->variant, c->rule, c->fen, err.msg);
            failures++;
            continue;
        }
        testdata_moves(&v, &pos, got, sizeof got);
        testdata_sort_words(c->moves, want, sizeof want);
        if (strcmp(got, want)) {
            printf("FAIL [%s] %s\n  fen:      %s\n  expected: %s\n  actual:   %s\n",
                   c->variant, c->rule, c->fen, want, got);
            failures++;
        }
    }
    printf("%zu cases, %d failing\n", n, failures);
    return failures;
}

#define RULE_TEST(group)                                                                 \
    static void test_##group(void **state)                                               \
    {                                                                                    \
        (void)state;                                                                     \
        assert_int_equal(run_cases(group##_cases,                                        \
                                   sizeof group##_cases / sizeof group##_cases[0]),      \
                         0);                                                             \
    }

RULE_TEST(killer)
RULE_TEST(killer8)
RULE_TEST(german)
RULE_TEST(italian)
RULE_TEST(pool)
RULE_TEST(armenian)
RULE_TEST(brazilian)
RULE_TEST(international)
RULE_TEST(russian)
RULE_TEST(english)

/* Killer (10x10 and 8x8): "a man that reaches the promotion row during a
 * capture sequence does not promote"; one whose capture ends there does. */
static void test_killer_promotion_only_at_move_end(void **state)
{
    (void)state;
    static const struct {
        const char *variant, *fen, *move, *to;
        bool crowned;
    } cases[] = {
        /* f8 (13) x g9 (9) -> h10 (4) x i9 (10) -> j8 (15): passes row 10 */
        {"killer", "W:W13:B9,10", "13x15x9x10", "15", false},
        {"killer", "W:W13:B9", "13x4x9", "4", true},
        {"killer8", "W:Wd6:Be7,g7", "d6xh6xe7xg7", "h6", false},
        {"killer8", "W:Wd6:Be7", "d6xf8xe7", "f8", true},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct dr_variant v;
        struct dr_position pos;
        struct dr_error err;
        assert_true(dr_variant_builtin(cases[i].variant, &v, &err));
        assert_true(dr_fen_parse(&v, cases[i].fen, &pos, &err));
        struct dr_movelist l;
        assert_int_equal(dr_gen_moves(&v, &pos, &l), 1);
        char text[DR_MOVE_TEXT_LEN];
        dr_move_canonical(&v, &l.moves[0], text);
        assert_string_equal(text, cases[i].move);
        dr_make(&v, &pos, &l.moves[0]);
        int sq = -1;
        for (int b = 0; b < DR_MAX_SQUARES; b++)
            if (pos.pieces[DR_WHITE] >> b & 1)
                sq = b;
        char name[DR_SQUARE_NAME_LEN];
        dr_square_name(&v, sq, name);
        assert_string_equal(name, cases[i].to);
        if (((pos.kings >> sq) & 1) != cases[i].crowned)
            fail_msg("%s %s: the man on %s is %s", cases[i].variant, cases[i].move, name,
                     cases[i].crowned ? "not crowned" : "crowned in passing");
    }
}

/* A search's leaf asks for the captures or the number of quiet moves
 * (dr_gen_captures_or_count): along random games of every variant, the
 * same captures as dr_gen_moves lists, and the count of its quiet moves
 * when there are none (0 in a lost position). */
static void test_leaf_captures_or_count(void **state)
{
    (void)state;
    uint64_t rng = 12345;
    for (const char *const *name = dr_variant_builtin_names(); *name; name++) {
        struct dr_variant v;
        assert_true(dr_variant_builtin(*name, &v, NULL));
        int lost = 0, captures = 0;
        for (int game = 0; game < 40; game++) {
            struct dr_position pos;
            dr_position_start(&v, &pos);
            for (int ply = 0; ply < 300; ply++) {
                struct dr_movelist all, leaf;
                int n = dr_gen_moves(&v, &pos, &all), quiet = -1;
                int c = dr_gen_captures_or_count(&v, &pos, &leaf, &quiet);
                bool capturing = n > 0 && all.moves[0].captures != 0;
                assert_int_equal(c, capturing ? n : 0);
                assert_int_equal(leaf.count, c);
                assert_int_equal(quiet, capturing ? 0 : n);
                for (int i = 0; i < c; i++) {
                    assert_int_equal(leaf.moves[i].from, all.moves[i].from);
                    assert_int_equal(leaf.moves[i].to, all.moves[i].to);
                    assert_true(leaf.moves[i].captures == all.moves[i].captures);
                    assert_int_equal(leaf.moves[i].flags, all.moves[i].flags);
                }
                captures += capturing;
                if (n == 0) {
                    lost++;
                    break;
                }
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                dr_make(&v, &pos, &all.moves[rng % (uint64_t)n]);
            }
        }
        if (!lost || !captures)
            fail_msg("%s: %d lost positions, %d with captures met", *name, lost, captures);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_killer_promotion_only_at_move_end),
        cmocka_unit_test(test_leaf_captures_or_count),
        cmocka_unit_test(test_killer),    cmocka_unit_test(test_killer8),
        cmocka_unit_test(test_german),    cmocka_unit_test(test_italian),
        cmocka_unit_test(test_pool),      cmocka_unit_test(test_armenian),
        cmocka_unit_test(test_brazilian), cmocka_unit_test(test_international),
        cmocka_unit_test(test_russian),   cmocka_unit_test(test_english),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
