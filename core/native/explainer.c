/* The compiled twin of the Sudoku Explainer rater's searches (core/sudoku/explainer): its
 * direct rounds (direct.py), pointing and claiming (intersections.py), naked and hidden sets
 * (subsets.py), basic fish (fish.py), XY- and XYZ-wings (wings.py) and aligned exclusion
 * (exclusion.py). Each search runs the Python one's loops in the same order and returns what
 * it found as plain numbers (regions, cells, digit masks), in the order the Python generator
 * yields them; the Python side builds the hints (names, text, removals) from those numbers
 * with its own code, so both engines give the same hints word for word.
 *
 * A board is two lists: values (81 digits, 0 = empty) and candidates (81 9-bit sets, bit v-1
 * for digit v). Every list, size and digit given is checked (a bad one is a ValueError); no
 * Python object is kept across calls; long searches poll the process's signals.
 * Regions are numbered as SE's: blocks 0-8, rows 9-17, columns 18-26 (core/.../board.py).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#ifndef __SIZEOF_INT128__
#error "the rater's twin keeps 81-cell sets in 128-bit integers (GCC or Clang)"
#endif
typedef unsigned __int128 cells_t;
#define BIT(c) ((cells_t)1 << (c))
#define SIGNALS_EVERY 4096

static int popcount(unsigned m) { return __builtin_popcount(m); }
static int single(unsigned m) { return m && !(m & (m - 1)); }
static int lowest(unsigned m) { return __builtin_ctz(m); }  /* m != 0 */

/* ---- geometry, as board.py builds it ---- */

static uint8_t REGION[27][9];       /* region -> its cells in SE's order */
static uint8_t SLOT[81][3][2];      /* cell -> (region, index) for its block, row, column */
static cells_t REGION_SET[27], PEER_SET[81], FORWARD_PEER[81];
static uint8_t PEERS[81][20], HOUSE_ORDER[81][20];
static uint8_t CROSSING[27][3][9], CROSSING_N[27][3];
static uint8_t CROSSES[27][27];
static const uint8_t SCAN_ORDER[27] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 18, 19, 20, 21, 22, 23, 24,
                                       25, 26, 9, 10, 11, 12, 13, 14, 15, 16, 17};

static void build_geometry(void)
{
    for (int b = 0; b < 9; b++)
        for (int i = 0; i < 9; i++) REGION[b][i] = 9 * (3 * (b / 3) + i / 3) + 3 * (b % 3) + i % 3;
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) REGION[9 + r][c] = 9 * r + c, REGION[18 + c][r] = 9 * r + c;
    memset(REGION_SET, 0, sizeof REGION_SET);
    for (int r = 0; r < 27; r++)
        for (int i = 0; i < 9; i++) {
            int cell = REGION[r][i];
            REGION_SET[r] |= BIT(cell);
            SLOT[cell][r / 9][0] = r, SLOT[cell][r / 9][1] = i;
        }
    for (int cell = 0; cell < 81; cell++) {
        int b = SLOT[cell][0][0], r = SLOT[cell][1][0], c = SLOT[cell][2][0];
        PEER_SET[cell] = (REGION_SET[b] | REGION_SET[r] | REGION_SET[c]) & ~BIT(cell);
        FORWARD_PEER[cell] = PEER_SET[cell] & ~((BIT(cell) << 1) - 1);
        int k = 0;
        for (int p = 0; p < 81; p++)
            if (PEER_SET[cell] >> p & 1) PEERS[cell][k++] = p;
        k = 0;  /* classic SE's getHouseCells: the block, then row and column outside it */
        for (int i = 0; i < 9; i++)
            if (REGION[b][i] != cell) HOUSE_ORDER[cell][k++] = REGION[b][i];
        for (int i = 0; i < 9; i++)
            if (!(REGION_SET[b] >> REGION[r][i] & 1)) HOUSE_ORDER[cell][k++] = REGION[r][i];
        for (int i = 0; i < 9; i++)
            if (!(REGION_SET[b] >> REGION[c][i] & 1)) HOUSE_ORDER[cell][k++] = REGION[c][i];
    }
    for (int a = 0; a < 27; a++)
        for (int b = 0; b < 27; b++) CROSSES[a][b] = (REGION_SET[a] & REGION_SET[b]) != 0;
    for (int a = 0; a < 27; a++)
        for (int kind = 0; kind < 3; kind++) {
            int k = 0;
            for (int b = kind * 9; b < kind * 9 + 9; b++)
                if (a != b && CROSSES[a][b]) CROSSING[a][kind][k++] = b;
            CROSSING_N[a][kind] = k;
        }
}

/* the cells (an 81-bit set) of a region's 9-bit set of places */
static cells_t spread(int region, unsigned places)
{
    cells_t out = 0;
    for (; places; places &= places - 1) out |= BIT(REGION[region][lowest(places)]);
    return out;
}

/* ---- the board ---- */

typedef struct {
    uint8_t values[81];
    uint16_t cands[81];
    uint16_t pos[243];  /* region * 9 + digit - 1 -> the region's places of the digit */
} Board;

static void board_positions(Board *b)
{
    memset(b->pos, 0, sizeof b->pos);
    for (int cell = 0; cell < 81; cell++)
        for (unsigned m = b->cands[cell]; m; m &= m - 1)
            for (int k = 0; k < 3; k++)
                b->pos[SLOT[cell][k][0] * 9 + lowest(m)] |= 1u << SLOT[cell][k][1];
}

static int read_list(PyObject *list, long *out, Py_ssize_t n, long top, const char *what)
{
    if (!PyList_Check(list) || PyList_GET_SIZE(list) != n) {
        PyErr_Format(PyExc_ValueError, "%s: a list of %zd numbers", what, n);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PyList_GET_ITEM(list, i);
        long x = PyLong_Check(item) ? PyLong_AsLong(item) : -1;
        if (x < 0 || x > top) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "%s: item %zd is not a number from 0 to %ld",
                         what, i, top);
            return -1;
        }
        out[i] = x;
    }
    return 0;
}

/* values and candidates of a 9x9 board */
static int read_board(PyObject *values, PyObject *cands, Board *b)
{
    long v[81], m[81];
    if (read_list(values, v, 81, 9, "values") < 0 || read_list(cands, m, 81, 0x1FF, "candidates") < 0)
        return -1;
    for (int c = 0; c < 81; c++) b->values[c] = (uint8_t)v[c], b->cands[c] = (uint16_t)m[c];
    board_positions(b);
    return 0;
}

static void board_remove(Board *b, int cell, int d)  /* d: digit - 1 */
{
    if (!(b->cands[cell] >> d & 1)) return;
    b->cands[cell] &= ~(1u << d);
    for (int k = 0; k < 3; k++) b->pos[SLOT[cell][k][0] * 9 + d] &= ~(1u << SLOT[cell][k][1]);
}

static void board_place(Board *b, int cell, int v)  /* SE's setValueAndCancel */
{
    b->values[cell] = (uint8_t)v;
    for (int d = 0; d < 9; d++) board_remove(b, cell, d);
    for (int i = 0; i < 20; i++) board_remove(b, PEERS[cell][i], v - 1);
}

static int empty_count(const Board *b, int region)
{
    int n = 0;
    for (int i = 0; i < 9; i++) n += !b->values[REGION[region][i]];
    return n;
}

/* ---- what a search found: a list of tuples, built as it goes ---- */

static int found_add(PyObject *list, PyObject *item)
{
    if (!item) return -1;
    int r = PyList_Append(list, item);
    Py_DECREF(item);
    return r;
}

/* ---- pointing and claiming (intersections.py) ---- */

static const int PAIRS[4][2] = {{0, 2}, {0, 1}, {2, 0}, {1, 0}};

typedef int (*crossing_fn)(const Board *, int r1, int r2, int v, void *ctx);

/* _crossings: (region1, region2, digit) where the digit's 2+ places in region1 lie in
 * region2, in SE's order; `fn` returning < 0 ends it (an error) */
static int crossings(const Board *b, int classic, int first_pair, int pairs, crossing_fn fn,
                     void *ctx)
{
    for (int p = first_pair; p < first_pair + pairs; p++) {
        int kind1 = PAIRS[p][0], kind2 = PAIRS[p][1];
        if (classic) {
            for (int r1 = kind1 * 9; r1 < kind1 * 9 + 9; r1++)
                for (int k = 0; k < CROSSING_N[r1][kind2]; k++) {
                    int r2 = CROSSING[r1][kind2][k];
                    for (int v = 1; v <= 9; v++) {
                        unsigned here = b->pos[r1 * 9 + v - 1];
                        if ((here & (here - 1)) && !(spread(r1, here) & ~REGION_SET[r2]))
                            if (fn(b, r1, r2, v, ctx) < 0) return -1;
                    }
                }
            continue;
        }
        for (int v = 1; v <= 9; v++)
            for (int r1 = kind1 * 9; r1 < kind1 * 9 + 9; r1++) {
                unsigned here = b->pos[r1 * 9 + v - 1];
                if (!(here & (here - 1))) continue;
                cells_t cells = spread(r1, here);
                for (int k = 0; k < CROSSING_N[r1][kind2]; k++) {
                    int r2 = CROSSING[r1][kind2][k];
                    if (!(cells & ~REGION_SET[r2]))
                        if (fn(b, r1, r2, v, ctx) < 0) return -1;
                }
            }
    }
    return 0;
}

static int locking_found(const Board *b, int r1, int r2, int v, void *ctx)
{
    for (int i = 0; i < 9; i++) {
        int c = REGION[r2][i];
        if (!(REGION_SET[r1] >> c & 1) && b->cands[c] >> (v - 1) & 1)
            return found_add((PyObject *)ctx, Py_BuildValue("(iii)", r1, r2, v));
    }
    return 0;
}

/* placements: cell -> value, in first-found order (a Python dict) */
typedef struct {
    uint8_t value[81];
    uint8_t order[81];
    int n;
} Placements;

static void placement(Placements *p, int cell, int v, int keep_first)
{
    if (!p->value[cell]) p->order[p->n++] = (uint8_t)cell;
    else if (keep_first) return;
    p->value[cell] = (uint8_t)v;
}

/* direct_locked_candidates: the hidden single a locking leaves in another region of
 * region1's type; ctx: Placements (later ones win, as a dict comprehension keeps them) */
static int direct_locking_found(const Board *b, int r1, int r2, int v, void *ctx)
{
    int kind = r1 / 9;
    for (int r3 = kind * 9; r3 < kind * 9 + 9; r3++) {
        if (r3 == r1 || !CROSSES[r3][r2]) continue;
        unsigned there = b->pos[r3 * 9 + v - 1];
        if (!(there & (there - 1))) continue;
        int left = -1, n = 0;
        for (int i = 0; i < 9; i++)
            if (there >> i & 1 && !(REGION_SET[r2] >> REGION[r3][i] & 1)) left = REGION[r3][i], n++;
        if (n == 1) placement((Placements *)ctx, left, v, 0);
    }
    return 0;
}

/* ---- naked and hidden sets (subsets.py) ---- */

/* SE's searchCommonTuple over `n` sets: each has 2+ members, `degree` in all */
static unsigned tuple_of(const unsigned *sets, int n, int degree)
{
    unsigned u = 0;
    for (int i = 0; i < n; i++) {
        if (!(sets[i] & (sets[i] - 1))) return 0;
        u |= sets[i];
    }
    return popcount(u) == degree ? u : 0;
}

/* the next k-subset of range(n) in SE's order (increasing bit patterns), or 0 past the last */
static unsigned next_subset(unsigned m, int n)
{
    unsigned low = m & -m, ripple = m + low;
    unsigned next = ripple | (((m ^ ripple) >> 2) / low);
    return next >> n ? 0 : next;
}

/* a direct hidden set's hidden single: (cell, value) or cell -1 */
static int hidden_single_left(const Board *b, int region, unsigned keep, unsigned common, int *value)
{
    for (int d = 0; d < 9; d++) {
        if (keep >> d & 1) continue;
        unsigned places = b->pos[region * 9 + d];
        if (!(places & (places - 1))) continue;
        unsigned left = places & ~common;
        if (single(left)) {
            *value = d + 1;
            return REGION[region][lowest(left)];
        }
    }
    return -1;
}

/* hidden_sets(degree, direct): per set (region, digits kept, places), and for a direct one
 * the single it leaves; into `list` (when not NULL) or `placed` (direct rounds) */
static int hidden_sets(const Board *b, int degree, int direct, PyObject *list, Placements *placed)
{
    for (int s = 0; s < 27; s++) {
        int region = SCAN_ORDER[s], empty = empty_count(b, region);
        if (!(empty > 2 * degree || (direct && empty > degree))) continue;
        const uint16_t *row = b->pos + region * 9;
        int able[9], n = 0;
        for (int d = 0; d < 9; d++)
            if (popcount(row[d]) >= 2 && popcount(row[d]) <= degree) able[n++] = d;
        if (n < degree) continue;
        for (unsigned pick = (1u << degree) - 1; pick; pick = next_subset(pick, n)) {
            unsigned sets[9], keep = 0;
            int k = 0;
            for (unsigned m = pick; m; m &= m - 1) {
                int d = able[lowest(m)];
                sets[k++] = row[d], keep |= 1u << d;
            }
            unsigned common = tuple_of(sets, k, degree);
            if (!common) continue;
            if (direct) {
                int value, cell = hidden_single_left(b, region, keep, common, &value);
                if (cell < 0) continue;
                if (placed) placement(placed, cell, value, 0);
                else if (found_add(list, Py_BuildValue("(iII)", region, keep, common)) < 0)
                    return -1;
                continue;
            }
            int removes = 0;
            for (unsigned m = common; m; m &= m - 1)
                removes |= (b->cands[REGION[region][lowest(m)]] & ~keep) != 0;
            if (removes && found_add(list, Py_BuildValue("(iII)", region, keep, common)) < 0)
                return -1;
        }
    }
    return 0;
}

/* naked_sets(degree): (region, indices of the set's cells, its digits) */
static int naked_sets(const Board *b, int degree, PyObject *list)
{
    for (int s = 0; s < 27; s++) {
        int region = SCAN_ORDER[s];
        if (empty_count(b, region) < 2 * degree) continue;
        int able[9], n = 0;
        for (int i = 0; i < 9; i++) {
            int k = popcount(b->cands[REGION[region][i]]);
            if (k >= 2 && k <= degree) able[n++] = i;
        }
        if (n < degree) continue;
        for (unsigned pick = (1u << degree) - 1; pick; pick = next_subset(pick, n)) {
            unsigned sets[9], inside = 0;
            int k = 0;
            for (unsigned m = pick; m; m &= m - 1) {
                int i = able[lowest(m)];
                sets[k++] = b->cands[REGION[region][i]], inside |= 1u << i;
            }
            unsigned common = tuple_of(sets, k, degree);
            if (!common) continue;
            int removes = 0;
            for (int i = 0; i < 9; i++)
                removes |= !(inside >> i & 1) && (b->cands[REGION[region][i]] & common);
            if (removes && found_add(list, Py_BuildValue("(iII)", region, inside, common)) < 0)
                return -1;
        }
    }
    return 0;
}

/* ---- basic fish (fish.py): (digit, base kind, base lines, cover lines) ---- */

static int fish(const Board *b, int degree, PyObject *list)
{
    static const int KINDS[2][2] = {{2, 1}, {1, 2}};
    int counts[10] = {0};
    for (int c = 0; c < 81; c++) counts[b->values[c]]++;
    for (int t = 0; t < 2; t++) {
        int base_kind = KINDS[t][0], cover_kind = KINDS[t][1];
        unsigned able[9];
        for (int d = 0; d < 9; d++) {
            able[d] = 0;
            if (counts[d + 1] + degree * 2 > 9) continue;
            for (int i = 0; i < 9; i++) {
                int k = popcount(b->pos[(base_kind * 9 + i) * 9 + d]);
                if (k >= 2 && k <= degree) able[d] |= 1u << i;
            }
        }
        for (unsigned mask = (1u << degree) - 1; mask; mask = next_subset(mask, 9))
            for (int d = 0; d < 9; d++) {
                if (mask & ~able[d]) continue;
                unsigned sets[9];
                int k = 0;
                for (unsigned m = mask; m; m &= m - 1)
                    sets[k++] = b->pos[(base_kind * 9 + lowest(m)) * 9 + d];
                unsigned covered = tuple_of(sets, k, degree);
                if (!covered) continue;
                int removes = 0;
                for (unsigned m = covered; m; m &= m - 1)
                    removes |= (b->pos[(cover_kind * 9 + lowest(m)) * 9 + d] & ~mask) != 0;
                if (removes && found_add(list, Py_BuildValue("(iiII)", d + 1, base_kind, mask,
                                                             covered)) < 0)
                    return -1;
            }
    }
    return 0;
}

/* ---- XY- and XYZ-wings (wings.py): (pivot, xz cell, yz cell) ---- */

static int xy_wings(const Board *b, int xyz, int classic, PyObject *list)
{
    int size = xyz ? 3 : 2;
    const uint8_t (*peers)[20] = classic ? HOUSE_ORDER : PEERS;
    for (int pivot = 0; pivot < 81; pivot++) {
        unsigned xy = b->cands[pivot];
        if (popcount(xy) != size) continue;
        for (int i = 0; i < 20; i++) {
            int xz_cell = peers[pivot][i];
            unsigned xz = b->cands[xz_cell];
            if (popcount(xz) != 2 || popcount(xy & ~xz) != 1) continue;
            for (int j = 0; j < 20; j++) {
                int yz_cell = peers[pivot][j];
                unsigned yz = b->cands[yz_cell];
                if (popcount(yz) != 2 || popcount(xy | xz | yz) != 3) continue;
                if (popcount(xy & xz & yz) != (xyz ? 1 : 0)) continue;
                unsigned z = xz & yz;
                if (!z) continue;  /* (no z: the Python hint removes nothing) */
                z &= -z;
                cells_t victims = PEER_SET[xz_cell] & PEER_SET[yz_cell];
                if (xyz) victims &= PEER_SET[pivot];
                victims &= ~(BIT(pivot) | BIT(xz_cell) | BIT(yz_cell));
                int removes = 0;
                for (int c = 0; c < 81 && !removes; c++)
                    removes = (victims >> c & 1) && (b->cands[c] & z);
                if (removes && found_add(list, Py_BuildValue("(iii)", pivot, xz_cell, yz_cell)) < 0)
                    return -1;
            }
        }
    }
    return 0;
}

/* ---- aligned exclusion (exclusion.py): (cells, the digits each may take) ---- */

typedef struct {
    int n;                 /* base cells */
    uint8_t cell[81];
    cells_t mask[81];      /* by cell: its excluders */
    uint8_t list[81][20];  /* by cell: its excluders in peer order */
    uint8_t count[81];
    uint8_t member[81];
} Bases;

static void base_cells(const Board *b, int degree, int classic, Bases *out)
{
    const uint8_t (*peers)[20] = classic ? HOUSE_ORDER : PEERS;
    out->n = 0;
    memset(out->member, 0, sizeof out->member);
    for (int cell = 0; cell < 81; cell++) {
        if (popcount(b->cands[cell]) < 2) continue;
        int k = 0, lone = 0;
        cells_t mask = 0;
        for (int i = 0; i < 20; i++) {
            int p = peers[cell][i], n = popcount(b->cands[p]);
            if (n == 1) {
                lone = 1;
                break;
            }
            if (n >= 2 && n <= degree) out->list[cell][k++] = p, mask |= BIT(p);
        }
        if (lone || !k) continue;
        out->cell[out->n++] = cell;
        out->mask[cell] = mask, out->count[cell] = k, out->member[cell] = 1;
    }
}

/* _allowed: the digits each cell takes in an allowed combination; 0 when all may */
static int allowed(const Board *b, const int *cells, int n, cells_t common, unsigned *used)
{
    unsigned locks[81];
    int nlocks = 0;
    for (int c = 0; c < 81; c++)
        if (common >> c & 1) locks[nlocks++] = b->cands[c];
    unsigned want[3];
    for (int k = 0; k < n; k++) want[k] = b->cands[cells[k]], used[k] = 0;
    int s01 = PEER_SET[cells[0]] >> cells[1] & 1;
    int s02 = n == 3 && (PEER_SET[cells[0]] >> cells[2] & 1);
    int s12 = n == 3 && (PEER_SET[cells[1]] >> cells[2] & 1);
    for (unsigned am = want[0]; am; am &= am - 1) {
        unsigned a = am & -am;
        for (unsigned bm = want[1]; bm; bm &= bm - 1) {
            unsigned bb = bm & -bm, ab = a | bb;
            if (s01 && a == bb) continue;
            int locked = 0;
            for (int l = 0; l < nlocks && !locked; l++) locked = !(locks[l] & ~ab);
            if (locked) continue;
            if (n == 2) {
                used[0] |= a, used[1] |= bb;
                continue;
            }
            for (unsigned cm = want[2]; cm; cm &= cm - 1) {
                unsigned c = cm & -cm, m = ab | c;
                if ((s02 && a == c) || (s12 && bb == c)) continue;
                for (int l = 0; l < nlocks && !locked; l++) locked = !(locks[l] & ~m);
                if (locked) {
                    locked = 0;
                    continue;
                }
                used[0] |= a, used[1] |= bb, used[2] |= c;
            }
        }
        if (used[0] == want[0] && used[1] == want[1] && (n == 2 || used[2] == want[2]))
            return 0;
    }
    return 1;
}

static int exclusion_found(const Board *b, const int *cells, int n, cells_t common, PyObject *list)
{
    unsigned used[3];
    if (!allowed(b, cells, n, common, used)) return 0;
    PyObject *item = n == 2 ? Py_BuildValue("((ii)(II))", cells[0], cells[1], used[0], used[1])
        : Py_BuildValue("((iii)(III))", cells[0], cells[1], cells[2], used[0], used[1], used[2]);
    return found_add(list, item);
}

static int aligned_exclusion(const Board *b, int degree, int classic, PyObject *list)
{
    Bases bases;
    base_cells(b, degree, classic, &bases);
    if (bases.n < degree) return 0;
    long steps = 0;
    for (int j = 1; j < bases.n; j++)
        for (int i = 0; i < j; i++) {
            if (++steps % SIGNALS_EVERY == 0 && PyErr_CheckSignals() < 0) return -1;
            int first = bases.cell[i], second = bases.cell[j];
            cells_t both = bases.mask[first] & bases.mask[second];
            if (degree == 2) {
                if (both & (both - 1)) {
                    int cells[2] = {first, second};
                    if (exclusion_found(b, cells, 2, both, list) < 0) return -1;
                }
                continue;
            }
            /* the excluders of both, in order, each once */
            uint8_t area[40];
            int n = 0;
            cells_t seen = 0;
            for (int s = 0; s < 2; s++) {
                int c = s ? second : first;
                for (int k = 0; k < bases.count[c]; k++) {
                    int x = bases.list[c][k];
                    if (!(seen >> x & 1)) seen |= BIT(x), area[n++] = x;
                }
            }
            for (int k = 0; k < n; k++) {
                int tail = area[k];
                if (!bases.member[tail] || tail == first || tail == second) continue;
                cells_t common = both & bases.mask[tail];
                if (common & (common - 1)) {
                    int cells[3] = {first, second, tail};
                    if (exclusion_found(b, cells, 3, common, list) < 0) return -1;
                }
            }
        }
    return 0;
}

/* ---- strong links of a digit in a region (links.py, stronglinks.py) ---- */

/* a node of a link: its cell, up to two supports (-1: none) and its cells as a set */
typedef struct {
    int cell, s1, s2;
    cells_t members;
} Node;

typedef struct {
    Node end[2];
} Link;

static Node node(int cell, int s1, int s2)
{
    Node n = {cell, s1, s2, BIT(cell)};
    if (s1 >= 0) n.members |= BIT(s1);
    if (s2 >= 0) n.members |= BIT(s2);
    return n;
}

static unsigned BLOCK_RECTANGLE[9], BLOCK_BLADE1[9], BLOCK_BLADE2[9];
static const unsigned LINE_SEGMENT[3] = {0007, 0070, 0700};
static const unsigned LINE_BLADES[3][2] = {{0070, 0700}, {0007, 0700}, {0007, 0070}};
/* a block's places in two of its rows (or columns): hearts 9-14, (empty area, blades) */
static const unsigned TWO_LINES[6][3] = {
    {0700, 0007, 0070}, {0070, 0007, 0700}, {0007, 0070, 0700},
    {0444, 0111, 0222}, {0222, 0111, 0444}, {0111, 0222, 0444}};

static void build_blades(void)
{
    for (int e = 0; e < 9; e++) {
        int r = e / 3, c = e % 3;
        BLOCK_RECTANGLE[e] = BLOCK_BLADE1[e] = BLOCK_BLADE2[e] = 0;
        for (int i = 0; i < 9; i++) {
            if (i / 3 != r && i % 3 != c) BLOCK_RECTANGLE[e] |= 1u << i;
            if (i % 3 == c && i != e) BLOCK_BLADE1[e] |= 1u << i;
            if (i / 3 == r && i != e) BLOCK_BLADE2[e] |= 1u << i;
        }
    }
}

static int next_index(unsigned m, int after)  /* the first index past `after`, or -1 */
{
    m = after >= 8 ? 0 : m >> (after + 1) << (after + 1);
    return m ? lowest(m) : -1;
}

static int at(int region, int i) { return i < 0 ? -1 : REGION[region][i]; }

/* (heart, blade 1, blade 2) of the first heart whose area holds no place; -1 when that heart
 * leaves a blade empty or none has; `hearts`: 9 or 15 in a block, 3 in a line */
static int rectangle(unsigned places, int block, int hearts, int count, unsigned *b1, unsigned *b2)
{
    for (int e = 0; e < hearts; e++) {
        if (e > 8 && count < 4) continue;
        unsigned area, x, y;
        if (!block) area = LINE_SEGMENT[e], x = LINE_BLADES[e][0], y = LINE_BLADES[e][1];
        else if (e < 9) area = BLOCK_RECTANGLE[e], x = BLOCK_BLADE1[e], y = BLOCK_BLADE2[e];
        else area = TWO_LINES[e - 9][0], x = TWO_LINES[e - 9][1], y = TWO_LINES[e - 9][2];
        if (places & area) continue;
        if (!(places & x) || !(places & y)) return -1;
        *b1 = places & x, *b2 = places & y;
        return e;
    }
    return -1;
}

/* links.region_links, the turbot fish's: the number of links (0-2), *grouped */
static int turbot_links(int region, unsigned places, Link *out, int *grouped)
{
    int count = popcount(places), block = region < 9;
    *grouped = 0;
    if (count < 2 || count > 6 || (block && count > 5)) return 0;
    if (count == 2) {
        int a = lowest(places), b = next_index(places, a);
        out[0].end[0] = node(at(region, a), -1, -1), out[0].end[1] = node(at(region, b), -1, -1);
        return 1;
    }
    unsigned blade1, blade2;
    int e = rectangle(places, block, block ? 9 : 3, count, &blade1, &blade2);
    if (e < 0) return 0;
    *grouped = 1;
    int one1 = popcount(blade1) == 1, one2 = popcount(blade2) == 1;
    if (!one1 && !one2) {
        unsigned blades[2] = {blade1, blade2};
        for (int k = 0; k < 2; k++) {
            int i0 = lowest(blades[k]), i1 = next_index(blades[k], i0), i2 = next_index(blades[k], i1);
            out[0].end[k] = node(at(region, i0), at(region, i1), at(region, i2));
        }
        return 1;
    }
    int n = 0;
    unsigned pairs[2][2] = {{blade1, blade2}, {blade2, blade1}};
    int ok[2] = {one1, one2};
    for (int k = 0; k < 2; k++) {
        if (!ok[k]) continue;
        unsigned group = pairs[k][1];
        int g0 = lowest(group), g1 = next_index(group, g0), g2 = g1 < 0 ? -1 : next_index(group, g1);
        out[n].end[0] = node(at(region, lowest(pairs[k][0])), -1, -1);
        out[n].end[1] = block ? node(at(region, e), at(region, g0), at(region, g1))
                              : node(at(region, g0), at(region, g1), at(region, g2));
        n++;
    }
    return n;
}

static int same_line(int a, int b) { return a / 9 == b / 9 || a % 9 == b % 9; }

/* stronglinks.region_links: nodes are (cell, support) */
static int strong_links(int region, unsigned places, Link *out, int *grouped)
{
    int count = popcount(places), block = region < 9;
    *grouped = 0;
    if (count < 2 || count > 6) return 0;
    if (count == 2) {
        int a = at(region, lowest(places)), b = at(region, next_index(places, lowest(places)));
        if (block && same_line(a, b)) return 0;
        out[0].end[0] = node(a, -1, -1), out[0].end[1] = node(b, -1, -1);
        return 1;
    }
    unsigned blade1, blade2;
    int e = rectangle(places, block, block ? 15 : 3, count, &blade1, &blade2);
    if (e < 0) return 0;
    *grouped = 1;
    int n1 = popcount(blade1), n2 = popcount(blade2);
    if (n1 == 1 || n2 == 1) {
        if (block && e > 8) return 0;  /* (cannot happen: two lines of a block hold 2+ each) */
        if (n1 == 1 && n2 == 1) {
            out[0].end[0] = node(at(region, lowest(blade2)), -1, -1);
            out[0].end[1] = node(at(region, lowest(blade1)), at(region, e), -1);
            return 1;
        }
        int n = 0;
        unsigned pairs[2][2] = {{blade1, blade2}, {blade2, blade1}};
        for (int k = 0; k < 2; k++) {
            if (popcount(pairs[k][0]) != 1) continue;
            unsigned group = pairs[k][1];
            int g = lowest(group);
            out[n].end[0] = node(at(region, lowest(pairs[k][0])), -1, -1);
            out[n].end[1] = node(at(region, g), block ? at(region, e) : at(region, next_index(group, g)), -1);
            n++;
        }
        return n;
    }
    int b1 = lowest(blade1), b2 = lowest(blade2);
    int c1 = at(region, b1), c1s = at(region, next_index(blade1, b1));
    int c2 = at(region, b2), c2s = at(region, next_index(blade2, b2));
    out[0].end[0] = node(c1, c1s, -1), out[0].end[1] = node(c2, c2s, -1);
    if (e > 8 && count == 4 && same_line(c1s, c2s) && same_line(c1, c2)) {
        out[1].end[0] = node(c1, c2, -1), out[1].end[1] = node(c1s, c2s, -1);
        return 2;
    }
    return 1;
}

/* the first of column, row and block that holds both nodes, or -1 */
static int shared_region(const Node *a, const Node *b)
{
    cells_t members = a->members | b->members;
    for (int kind = 2; kind >= 0; kind--) {
        int region = SLOT[a->cell][kind][0];
        if (!(members & ~REGION_SET[region])) return region;
    }
    return -1;
}

static PyObject *cells_int(cells_t set)  /* an 81-bit set as a Python int */
{
    PyObject *high = PyLong_FromUnsignedLongLong((unsigned long long)(set >> 64));
    PyObject *low = PyLong_FromUnsignedLongLong((unsigned long long)set);
    PyObject *shift = PyLong_FromLong(64), *out = NULL;
    if (high && low && shift) {
        PyObject *up = PyNumber_Lshift(high, shift);
        if (up) out = PyNumber_Or(up, low);
        Py_XDECREF(up);
    }
    Py_XDECREF(high), Py_XDECREF(low), Py_XDECREF(shift);
    return out;
}

typedef struct {
    int n, grouped;
    Link links[2];
    cells_t cells;  /* the digit's cells in the region */
} RegionLinks;

static cells_t digit_cells(const Board *b, int d)
{
    cells_t out = 0;
    for (int c = 0; c < 81; c++)
        if (b->cands[c] >> d & 1) out |= BIT(c);
    return out;
}

/* ---- the turbot fish (turbot.py), one digit: (kind pair, base, cover, base grouped, cover
 * grouped, start, bridge 1, bridge 2, end cell, victims) ---- */

static cells_t seen_by(cells_t victims, const Node *n)
{
    if (n->s1 < 0) return victims;
    victims &= PEER_SET[n->s1];
    if (n->s2 >= 0) victims &= PEER_SET[n->s2];
    return victims;
}

static int turbot(const Board *b, int v, PyObject *list)
{
    static const int KIND_PAIRS[5][2] = {{1, 1}, {2, 2}, {2, 1}, {1, 0}, {2, 0}};
    int d = v - 1;
    cells_t all = digit_cells(b, d);
    RegionLinks table[27];
    for (int r = 0; r < 27; r++) {
        table[r].n = turbot_links(r, b->pos[r * 9 + d], table[r].links, &table[r].grouped);
        table[r].cells = all & REGION_SET[r];
    }
    for (int kp = 0; kp < 5; kp++) {
        int base_kind = KIND_PAIRS[kp][0], cover_kind = KIND_PAIRS[kp][1];
        for (int i1 = 0; i1 < 9; i1++) {
            int base = base_kind * 9 + i1;
            const RegionLinks *bt = &table[base];
            for (int l0 = 0; l0 < bt->n; l0++)
                for (int i2 = base_kind == cover_kind ? i1 + 1 : 0; i2 < 9; i2++) {
                    int cover = cover_kind * 9 + i2;
                    const RegionLinks *ct = &table[cover];
                    if (!ct->n || (bt->cells & ct->cells)) continue;
                    for (int l1 = 0; l1 < ct->n; l1++)
                        for (int i = 0; i < 2; i++)
                            for (int j = 0; j < 2; j++) {
                                const Node *bridge1 = &bt->links[l0].end[1 - i];
                                const Node *bridge2 = &ct->links[l1].end[j];
                                int share = shared_region(bridge1, bridge2);
                                if (share < 0 || share == base || share == cover) continue;
                                const Node *start = &bt->links[l0].end[i];
                                const Node *end = &ct->links[l1].end[1 - j];
                                cells_t victims = PEER_SET[start->cell] & PEER_SET[end->cell] & all;
                                if (bt->grouped) victims = seen_by(victims, start);
                                if (ct->grouped) victims = seen_by(victims, end);
                                victims &= ~BIT(start->cell) & ~BIT(end->cell) &
                                           ~REGION_SET[base] & ~REGION_SET[cover];
                                if (!victims) continue;
                                PyObject *set = cells_int(victims);
                                if (!set || found_add(list, Py_BuildValue(
                                        "(iiiiiiiiiN)", kp, base, cover, bt->grouped, ct->grouped,
                                        start->cell, bridge1->cell, bridge2->cell, end->cell, set)) < 0)
                                    return -1;
                            }
                }
        }
    }
    return 0;
}

/* ---- 3 strong-linked fishes (stronglinks.py), one digit: (link set, order, grouped links,
 * start cell, end cell, victims) ---- */

static const int LINK_SETS[10][3] = {{0, 0, 0}, {0, 0, 1}, {0, 0, 2}, {0, 1, 1}, {0, 1, 2},
                                     {0, 2, 2}, {1, 1, 1}, {1, 1, 2}, {1, 2, 2}, {2, 2, 2}};
static const int ORDERS[3][3] = {{0, 1, 2}, {1, 0, 2}, {0, 2, 1}};

typedef struct {
    int region, grouped;
    const Link *link;
} Chosen;

typedef struct {
    const Board *b;
    RegionLinks table[27];
    cells_t all;
    int set;
    Chosen chosen[3];
    PyObject *list;
} Strong;

static int strong_chains(Strong *s)
{
    for (int o = 0; o < 3; o++) {
        const Chosen *q[3] = {&s->chosen[ORDERS[o][0]], &s->chosen[ORDERS[o][1]],
                              &s->chosen[ORDERS[o][2]]};
        const Link *first = q[0]->link, *middle = q[1]->link, *last = q[2]->link;
        for (int t0 = 0; t0 < 2; t0++)
            for (int t1 = 0; t1 < 2; t1++) {
                int share0 = shared_region(&first->end[1 - t0], &middle->end[t1]);
                if (share0 < 0) continue;
                for (int t2 = 0; t2 < 2; t2++) {
                    int share1 = shared_region(&middle->end[1 - t1], &last->end[t2]);
                    if (share1 < 0) continue;
                    const Node *start = &first->end[t0], *end = &last->end[1 - t2];
                    cells_t victims = PEER_SET[start->cell] & PEER_SET[end->cell] & s->all;
                    if (q[0]->grouped && start->s1 >= 0) victims &= PEER_SET[start->s1];
                    if (q[2]->grouped && end->s1 >= 0) victims &= PEER_SET[end->s1];
                    victims &= ~BIT(start->cell) & ~BIT(end->cell);
                    for (int k = 0; k < 3; k++) victims &= ~REGION_SET[s->chosen[k].region];
                    victims &= ~REGION_SET[share0] & ~REGION_SET[share1];
                    if (!victims) continue;
                    int grouped = s->chosen[0].grouped + s->chosen[1].grouped + s->chosen[2].grouped;
                    PyObject *set = cells_int(victims);
                    if (!set || found_add(s->list, Py_BuildValue("(iiiiiN)", s->set, o, grouped,
                                                                 start->cell, end->cell, set)) < 0)
                        return -1;
                }
            }
    }
    return 0;
}

static int strong_build(Strong *s, int depth, int after, cells_t taken)
{
    if (depth == 3) return strong_chains(s);
    const int *kinds = LINK_SETS[s->set];
    int kind = kinds[depth];
    for (int i = depth && kinds[depth - 1] == kind ? after + 1 : 0; i < 9; i++) {
        const RegionLinks *entry = &s->table[kind * 9 + i];
        if (!entry->n || (entry->cells & taken)) continue;
        for (int l = 0; l < entry->n; l++) {
            s->chosen[depth] = (Chosen){kind * 9 + i, entry->grouped, &entry->links[l]};
            if (strong_build(s, depth + 1, i, taken | entry->cells) < 0) return -1;
        }
    }
    return 0;
}

static int strong_link_fish(const Board *b, int v, PyObject *list)
{
    Strong s;
    s.b = b, s.list = list, s.all = digit_cells(b, v - 1);
    for (int r = 0; r < 27; r++) {
        s.table[r].n = strong_links(r, b->pos[r * 9 + v - 1], s.table[r].links, &s.table[r].grouped);
        s.table[r].cells = s.all & REGION_SET[r];
    }
    for (s.set = 0; s.set < 10; s.set++)
        if (strong_build(&s, 0, 0, 0) < 0) return -1;
    return 0;
}

/* ---- WXYZ- and VWXYZ-wings (wings.py): (wing cells, yz, x, z, doubly linked) ---- */

typedef struct {
    const Board *b;
    int size, n;
    int wing[4];
    PyObject *list;
    long steps;
} Wings;

static int restricted(const Wings *w, int yz, unsigned bit)
{
    for (int k = 0; k < w->n; k++)
        if ((w->b->cands[w->wing[k]] & bit) && !(PEER_SET[yz] >> w->wing[k] & 1)) return 0;
    return 1;
}

static cells_t seeing(const Wings *w, unsigned bit, cells_t start)
{
    for (int k = w->n - 1; k >= 0; k--)
        if (w->b->cands[w->wing[k]] & bit) start &= PEER_SET[w->wing[k]];
    return start;
}

static int takes(const Wings *w, cells_t victims, unsigned bit, cells_t outside)
{
    victims &= outside;
    for (int c = 0; c < 81; c++)
        if ((victims >> c & 1) && (w->b->cands[c] & bit)) return 1;
    return 0;
}

static int big_wing_removes(const Wings *w, int yz, unsigned x, unsigned z, int dbl, unsigned uni)
{
    cells_t outside = ((cells_t)1 << 81) - 1;
    for (int k = 0; k < w->n; k++) outside &= ~BIT(w->wing[k]);
    outside &= ~BIT(yz);
    if (dbl) {
        for (unsigned m = uni & ~(x | z); m; m &= m - 1)
            if (takes(w, seeing(w, m & -m, ((cells_t)1 << 81) - 1), m & -m, outside)) return 1;
        if (takes(w, seeing(w, x, PEER_SET[yz]), x, outside)) return 1;
    }
    return takes(w, seeing(w, z, PEER_SET[yz]), z, outside);
}

static int wings_with(Wings *w, unsigned uni)
{
    const uint16_t *cands = w->b->cands;
    cells_t range = 0;
    for (int k = 0; k < w->n; k++) range |= PEER_SET[w->wing[k]];
    for (int k = 0; k < w->n; k++) range &= ~BIT(w->wing[k]);
    for (int yz = 0; yz < 81; yz++) {
        if (!(range >> yz & 1)) continue;
        unsigned pair = cands[yz];
        if (popcount(pair) != 2 || (pair & uni) != pair) continue;
        unsigned x = pair & -pair, z = pair & (pair - 1);
        int dbl = restricted(w, yz, z), removes;
        unsigned hx = x, hz = z;
        int hd = dbl;
        if (restricted(w, yz, x)) removes = big_wing_removes(w, yz, x, z, dbl, uni);
        else if (dbl) hx = z, hz = x, hd = 0, removes = big_wing_removes(w, yz, z, x, 0, uni);
        else continue;
        if (!removes) continue;
        PyObject *cells = PyTuple_New(w->n);
        if (!cells) return -1;
        for (int k = 0; k < w->n; k++) PyTuple_SET_ITEM(cells, k, PyLong_FromLong(w->wing[k]));
        if (found_add(w->list, Py_BuildValue("(NiIIi)", cells, yz, hx, hz, hd)) < 0) return -1;
    }
    return 0;
}

static int wing_sets(Wings *w, cells_t reach)
{
    const uint16_t *cands = w->b->cands;
    unsigned uni = 0;
    for (int k = 0; k < w->n; k++) uni |= cands[w->wing[k]];
    if (w->n == w->size) return popcount(uni) == w->size + 1 ? wings_with(w, uni) : 0;
    if (++w->steps % SIGNALS_EVERY == 0 && PyErr_CheckSignals() < 0) return -1;
    for (int c = 0; c < 81; c++) {
        unsigned m = cands[c];
        if (!w->n) {
            if (!(popcount(m) > 1 && popcount(m) < w->size + 2)) continue;
        } else {
            if (!(reach >> c & 1) || popcount(m) < 2) continue;
            if (w->n + 1 < w->size && popcount(uni | m) > w->size + 1) continue;
        }
        cells_t next = w->n ? reach & FORWARD_PEER[c] : FORWARD_PEER[c];
        w->wing[w->n++] = c;
        int r = wing_sets(w, next);
        w->n--;
        if (r < 0) return -1;
    }
    return 0;
}

static int big_wings(const Board *b, int size, PyObject *list)
{
    Wings w = {b, size, 0, {0}, list, 0};
    return wing_sets(&w, 0);
}

/* ---- unique loops (uniqueness.py): SE's checkForLoops, the valid loops only ---- */

typedef struct {
    const Board *b;
    unsigned pair;
    int corrected, n;
    uint8_t loop[81];
    uint32_t seen[2];
    PyObject *list;
    long steps;
} Loops;

static uint32_t REGION_BITS[81];

static int valid_loop(const uint8_t *loop, int n)
{
    uint32_t seen[2] = {0, 0};
    for (int i = 0; i < n; i++) {
        if (seen[i % 2] & REGION_BITS[loop[i]]) return 0;
        seen[i % 2] |= REGION_BITS[loop[i]];
    }
    return seen[0] == seen[1];
}

static int loops(Loops *s, int cell, int allowed, unsigned extra, int last_kind)
{
    if (++s->steps % SIGNALS_EVERY == 0 && PyErr_CheckSignals() < 0) return -1;
    s->seen[s->n % 2] |= REGION_BITS[cell];
    s->loop[s->n++] = (uint8_t)cell;
    int parity = s->n % 2;
    for (int kind = 0; kind < 3; kind++) {
        if (kind == last_kind) continue;
        int region = SLOT[cell][kind][0];
        for (int i = 0; i < 9; i++) {
            int next = REGION[region][i];
            if (next == s->loop[0] && s->n >= 4) {
                if (valid_loop(s->loop, s->n)) {
                    PyObject *loop = PyTuple_New(s->n);
                    if (!loop) return -1;
                    for (int k = 0; k < s->n; k++)
                        PyTuple_SET_ITEM(loop, k, PyLong_FromLong(s->loop[k]));
                    if (found_add(s->list, Py_BuildValue("(iN)", s->loop[0], loop)) < 0) return -1;
                }
                continue;
            }
            int in_loop = 0;
            for (int k = 0; k < s->n && !in_loop; k++) in_loop = s->loop[k] == next;
            if (in_loop) continue;
            unsigned m = s->b->cands[next];
            if ((m & s->pair) != s->pair) continue;
            unsigned more = (extra | m) & ~s->pair;
            if (!s->corrected) extra = more;  /* classic SE lets a branch's extras leak */
            if (REGION_BITS[next] & s->seen[parity]) continue;
            if (popcount(m) == 2 || popcount(more) == 1 || allowed > 0)
                if (loops(s, next, popcount(m) > 2 ? allowed - 1 : allowed, more, kind) < 0)
                    return -1;
        }
    }
    s->n--;
    s->seen[s->n % 2] &= ~REGION_BITS[cell];
    return 0;
}

static int unique_loops(const Board *b, int corrected, PyObject *list)
{
    Loops s;
    s.b = b, s.corrected = corrected, s.list = list, s.steps = 0;
    for (int start = 0; start < 81; start++) {
        if (popcount(b->cands[start]) != 2) continue;
        s.pair = b->cands[start], s.n = 0, s.seen[0] = s.seen[1] = 0;
        if (loops(&s, start, 2, 0, -1) < 0) return -1;
    }
    return 0;
}

/* a unique loop type 3's naked sets in a region: (indices of the set, its digits) */
static int ur_naked_sets(const Board *b, int region, int c1, int c2, unsigned extra, int degree,
                         PyObject *list)
{
    int i1 = -1, i2 = -1;
    for (int i = 0; i < 9; i++) {
        if (REGION[region][i] == c1) i1 = i;
        if (REGION[region][i] == c2) i2 = i;
    }
    if (i1 < 0 || i2 < 0) return 0;  /* (ur_type3 gives a region of both) */
    for (unsigned combo = (1u << degree) - 1; combo; combo = next_subset(combo, 9)) {
        if (!(combo >> i1 & 1) || combo >> i2 & 1) continue;
        unsigned naked = extra & b->cands[c1] & b->cands[c2], sets[9];
        int k = 0;
        for (unsigned m = combo; m; m &= m - 1) {
            int i = lowest(m);
            if (i == i1) sets[k++] = extra;
            else sets[k++] = b->cands[REGION[region][i]], naked |= b->cands[REGION[region][i]];
        }
        if (popcount(naked) != degree) continue;
        unsigned common = tuple_of(sets, k, degree);
        if (common && found_add(list, Py_BuildValue("(II)", combo, common)) < 0) return -1;
    }
    return 0;
}

/* a unique loop type 3 (uniqueness.py's _type3): its naked sets (0, region, indices, digits)
 * and hidden sets (1, region, digits, places), degree by degree, region type by type */
static int ur_hidden_sets(const Board *b, int region, int i1, int i2, unsigned pair,
                          unsigned extra, int degree, PyObject *list)
{
    int rest[9], n = 0;
    for (int d = 0; d < 9; d++)
        if (!((pair | extra) >> d & 1)) rest[n++] = d;
    int k = degree - 2;
    if (k < 0 || k > n) return 0;
    const uint16_t *row = b->pos + region * 9;
    for (unsigned pick = (1u << k) - 1;; pick = next_subset(pick, n)) {  /* (k = 0: one pick) */
        unsigned hidden = pair, uni = 0;
        for (unsigned m = pick; m; m &= m - 1) hidden |= 1u << rest[lowest(m)];
        int empty_set = 0;
        for (unsigned m = hidden; m; m &= m - 1) {
            unsigned places = row[lowest(m)] & ~(1u << i2);
            empty_set |= !places;
            uni |= places;
        }
        if (!empty_set && popcount(uni) == degree) {
            unsigned places = uni & ~(1u << i1) & ~(1u << i2);
            if (found_add(list, Py_BuildValue("(iiII)", 1, region, hidden, places)) < 0) return -1;
        }
        if (!pick || !next_subset(pick, n)) break;
    }
    return 0;
}

static int ur_type3(const Board *b, int c1, int c2, unsigned pair, int corrected, PyObject *list)
{
    unsigned extra = (b->cands[c1] | b->cands[c2]) & ~pair;
    if (popcount(extra) < 2) return 0;  /* (the rater asks only with two extra digits or more) */
    for (int degree = corrected ? 2 : popcount(extra); degree < 8; degree++)
        for (int kind = 0; kind < 3; kind++) {
            int region = SLOT[c1][kind][0];
            if (region != SLOT[c2][kind][0]) continue;
            int empty = empty_count(b, region);
            if (degree * 2 <= empty && (!corrected || degree >= popcount(extra))) {
                PyObject *sets = PyList_New(0);
                if (!sets) return -1;
                int status = ur_naked_sets(b, region, c1, c2, extra, degree, sets);
                for (Py_ssize_t i = 0; status == 0 && i < PyList_GET_SIZE(sets); i++) {
                    unsigned combo, common;
                    if (!PyArg_ParseTuple(PyList_GET_ITEM(sets, i), "II", &combo, &common) ||
                        found_add(list, Py_BuildValue("(iiII)", 0, region, combo, common)) < 0)
                        status = -1;
                }
                Py_DECREF(sets);
                if (status < 0) return -1;
            }
            if (degree * 2 < empty &&
                ur_hidden_sets(b, region, SLOT[c1][kind][1], SLOT[c2][kind][1], pair, extra,
                               degree, list) < 0)
                return -1;
        }
    return 0;
}

/* ---- direct rounds (direct.py) ---- */

enum { LEVELS = 8 };

static void hidden_single_level(const Board *b, int level, Placements *p)
{
    for (int s = 0; s < 27; s++) {
        int region = level == 0 ? SCAN_ORDER[s] : level == 1 ? s : 9 + s;
        if (level == 1 && s >= 9) break;
        if (level == 2 && s >= 18) break;
        int alone = empty_count(b, region) == 1;
        if (alone != (level == 0)) continue;
        for (int d = 0; d < 9; d++) {
            unsigned places = b->pos[region * 9 + d];
            if (single(places)) placement(p, REGION[region][lowest(places)], d + 1, 1);
        }
    }
}

static void level_placements(const Board *b, int level, Placements *p)
{
    memset(p, 0, sizeof *p);
    if (level <= 2) hidden_single_level(b, level, p);
    else if (level == 3 || level == 4)
        crossings(b, 0, level == 3 ? 0 : 2, 2, direct_locking_found, p);
    else if (level == 5 || level == 7)
        hidden_sets(b, level == 5 ? 2 : 3, 1, NULL, p);
    else
        for (int c = 0; c < 81; c++)
            if (single(b->cands[c]) && !b->values[c]) placement(p, c, lowest(b->cands[c]) + 1, 0);
}

/* ---- the module's functions ---- */

typedef struct {
    Board board;
    PyObject *list;
} Call;

/* (values, candidates, ...): the board read and an empty list for what is found */
static int begin(Call *call, PyObject *values, PyObject *cands)
{
    if (read_board(values, cands, &call->board) < 0) return -1;
    call->list = PyList_New(0);
    return call->list ? 0 : -1;
}

static PyObject *finish(Call *call, int status)
{
    if (status < 0) {
        Py_CLEAR(call->list);
        return NULL;
    }
    return call->list;
}

static int check_degree(int degree, int low, int high)
{
    if (degree >= low && degree <= high) return 0;
    PyErr_Format(PyExc_ValueError, "degree %d: from %d to %d", degree, low, high);
    return -1;
}

static int write_list(PyObject *list, const void *data, int n, int wide)
{
    for (int i = 0; i < n; i++) {
        long x = wide ? ((const uint16_t *)data)[i] : ((const uint8_t *)data)[i];
        PyObject *old = PyList_GET_ITEM(list, i);
        if (PyLong_AsLong(old) == x) continue;
        PyObject *item = PyLong_FromLong(x);
        if (!item) return -1;
        PyList_SetItem(list, i, item);
    }
    return 0;
}

/* direct_round(values, candidates, positions, levels) -> (level, values placed) or None:
 * the first of the allowed levels (a bit set of direct.LEVELS' indices) that places
 * something, its placements made on the lists, in place */
static PyObject *py_direct_round(PyObject *self, PyObject *args)
{
    PyObject *values, *cands, *positions;
    unsigned levels;
    if (!PyArg_ParseTuple(args, "OOOI", &values, &cands, &positions, &levels)) return NULL;
    Board b;
    long check[243];
    if (read_board(values, cands, &b) < 0 || read_list(positions, check, 243, 0x1FF, "positions") < 0)
        return NULL;
    for (int level = 0; level < LEVELS; level++) {
        if (!(levels >> level & 1)) continue;
        Placements p;
        level_placements(&b, level, &p);
        if (!p.n) continue;
        for (int i = 0; i < p.n; i++)
            if (!b.values[p.order[i]]) board_place(&b, p.order[i], p.value[p.order[i]]);
        if (write_list(values, b.values, 81, 0) < 0 || write_list(cands, b.cands, 81, 1) < 0 ||
            write_list(positions, b.pos, 243, 1) < 0)
            return NULL;
        return Py_BuildValue("(ii)", level, p.n);
    }
    Py_RETURN_NONE;
}

static int locked_collect(const Board *b, int classic, PyObject *list)
{
    return crossings(b, classic, 0, 4, locking_found, list);
}

#define BOARD_ARGS PyObject *values, *cands; Call call;

static PyObject *py_locked(PyObject *self, PyObject *args)
{
    BOARD_ARGS int classic;
    if (!PyArg_ParseTuple(args, "OOp", &values, &cands, &classic) || begin(&call, values, cands) < 0)
        return NULL;
    return finish(&call, locked_collect(&call.board, classic, call.list));
}

static PyObject *py_hidden_sets(PyObject *self, PyObject *args)
{
    BOARD_ARGS int degree, direct;
    if (!PyArg_ParseTuple(args, "OOip", &values, &cands, &degree, &direct) ||
        check_degree(degree, 2, 4) < 0 || begin(&call, values, cands) < 0)
        return NULL;
    return finish(&call, hidden_sets(&call.board, degree, direct, call.list, NULL));
}

static PyObject *py_naked_sets(PyObject *self, PyObject *args)
{
    BOARD_ARGS int degree;
    if (!PyArg_ParseTuple(args, "OOi", &values, &cands, &degree) ||
        check_degree(degree, 2, 4) < 0 || begin(&call, values, cands) < 0)
        return NULL;
    return finish(&call, naked_sets(&call.board, degree, call.list));
}

static PyObject *py_fish(PyObject *self, PyObject *args)
{
    BOARD_ARGS int degree;
    if (!PyArg_ParseTuple(args, "OOi", &values, &cands, &degree) ||
        check_degree(degree, 2, 4) < 0 || begin(&call, values, cands) < 0)
        return NULL;
    return finish(&call, fish(&call.board, degree, call.list));
}

static PyObject *py_xy_wings(PyObject *self, PyObject *args)
{
    BOARD_ARGS int xyz, classic;
    if (!PyArg_ParseTuple(args, "OOpp", &values, &cands, &xyz, &classic) ||
        begin(&call, values, cands) < 0)
        return NULL;
    return finish(&call, xy_wings(&call.board, xyz, classic, call.list));
}

static PyObject *py_aligned_exclusion(PyObject *self, PyObject *args)
{
    BOARD_ARGS int degree, classic;
    if (!PyArg_ParseTuple(args, "OOip", &values, &cands, &degree, &classic) ||
        check_degree(degree, 2, 3) < 0 || begin(&call, values, cands) < 0)
        return NULL;
    return finish(&call, aligned_exclusion(&call.board, degree, classic, call.list));
}

static int check_digit(int v)
{
    if (v >= 1 && v <= 9) return 0;
    PyErr_Format(PyExc_ValueError, "digit %d: from 1 to 9", v);
    return -1;
}

static PyObject *py_turbot(PyObject *self, PyObject *args)
{
    BOARD_ARGS int v;
    if (!PyArg_ParseTuple(args, "OOi", &values, &cands, &v) || check_digit(v) < 0 ||
        begin(&call, values, cands) < 0)
        return NULL;
    return finish(&call, turbot(&call.board, v, call.list));
}

static PyObject *py_strong_link_fish(PyObject *self, PyObject *args)
{
    BOARD_ARGS int v;
    if (!PyArg_ParseTuple(args, "OOi", &values, &cands, &v) || check_digit(v) < 0 ||
        begin(&call, values, cands) < 0)
        return NULL;
    return finish(&call, strong_link_fish(&call.board, v, call.list));
}

static PyObject *py_big_wings(PyObject *self, PyObject *args)
{
    BOARD_ARGS int size;
    if (!PyArg_ParseTuple(args, "OOi", &values, &cands, &size) || check_degree(size, 3, 4) < 0 ||
        begin(&call, values, cands) < 0)
        return NULL;
    return finish(&call, big_wings(&call.board, size, call.list));
}

static PyObject *py_unique_loops(PyObject *self, PyObject *args)
{
    BOARD_ARGS int corrected;
    if (!PyArg_ParseTuple(args, "OOp", &values, &cands, &corrected) || begin(&call, values, cands) < 0)
        return NULL;
    return finish(&call, unique_loops(&call.board, corrected, call.list));
}

static PyObject *py_ur_type3(PyObject *self, PyObject *args)
{
    BOARD_ARGS int c1, c2, corrected;
    unsigned pair;
    if (!PyArg_ParseTuple(args, "OOiiIp", &values, &cands, &c1, &c2, &pair, &corrected))
        return NULL;
    if (c1 < 0 || c1 > 80 || c2 < 0 || c2 > 80 || c1 == c2 || popcount(pair) != 2 || pair > 0x1FF) {
        PyErr_SetString(PyExc_ValueError, "not two cells and a pair of digits");
        return NULL;
    }
    if (begin(&call, values, cands) < 0) return NULL;
    return finish(&call, ur_type3(&call.board, c1, c2, pair, corrected, call.list));
}

/* from_givens(givens) -> (values, candidates, positions): board.py's Board.from_givens */
static PyObject *py_from_givens(PyObject *self, PyObject *arg)
{
    PyObject *fast = PySequence_Fast(arg, "givens: a sequence of 81 digits");
    if (!fast) return NULL;
    long v[81];
    int bad = PySequence_Fast_GET_SIZE(fast) != 81;
    for (Py_ssize_t i = 0; !bad && i < 81; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(fast, i);
        v[i] = PyLong_Check(item) ? PyLong_AsLong(item) : -1;
        bad = v[i] < 0 || v[i] > 9;
    }
    Py_DECREF(fast);
    if (bad) {
        PyErr_Clear();
        PyErr_SetString(PyExc_ValueError, "givens: 81 digits from 0 to 9");
        return NULL;
    }
    Board b;
    memset(b.values, 0, sizeof b.values);
    for (int c = 0; c < 81; c++) b.cands[c] = 0x1FF;
    for (int i = 0; i < 243; i++) b.pos[i] = 0x1FF;
    for (int c = 0; c < 81; c++)
        if (v[c]) board_place(&b, c, (int)v[c]);
    PyObject *lists[3] = {PyList_New(81), PyList_New(81), PyList_New(243)};
    for (int k = 0; k < 3; k++) {
        if (!lists[k]) goto failed;
        for (int i = 0; i < (k == 2 ? 243 : 81); i++) {
            PyObject *x = PyLong_FromLong(k == 0 ? b.values[i] : k == 1 ? b.cands[i] : b.pos[i]);
            if (!x) goto failed;
            PyList_SET_ITEM(lists[k], i, x);
        }
    }
    return Py_BuildValue("(NNN)", lists[0], lists[1], lists[2]);
failed:
    for (int k = 0; k < 3; k++) Py_XDECREF(lists[k]);
    return NULL;
}

static PyMethodDef methods[] = {
    {"from_givens", py_from_givens, METH_O,
     "from_givens(givens) -> (values, candidates, positions): the givens placed as SE starts"},
    {"ur_type3", py_ur_type3, METH_VARARGS,
     "ur_type3(values, candidates, c1, c2, pair, corrected) -> [(0, region, indices, digits) "
     "or (1, region, digits, places)]"},
    {"unique_loops", py_unique_loops, METH_VARARGS,
     "unique_loops(values, candidates, corrected) -> [(start, loop cells)]: the valid loops"},
    {"turbot_fish", py_turbot, METH_VARARGS,
     "turbot_fish(values, candidates, digit) -> [(kind pair, base, cover, base grouped, "
     "cover grouped, start, bridge1, bridge2, end, victims)]"},
    {"strong_link_fish", py_strong_link_fish, METH_VARARGS,
     "strong_link_fish(values, candidates, digit) -> [(link set, order, grouped, start, end, "
     "victims)]"},
    {"big_wings", py_big_wings, METH_VARARGS,
     "big_wings(values, candidates, size) -> [(wing cells, yz, x, z, doubly linked)]"},
    {"direct_round", py_direct_round, METH_VARARGS,
     "direct_round(values, candidates, positions, levels) -> (level, placed) or None"},
    {"locked_candidates", py_locked, METH_VARARGS,
     "locked_candidates(values, candidates, classic) -> [(region1, region2, digit)]"},
    {"hidden_sets", py_hidden_sets, METH_VARARGS,
     "hidden_sets(values, candidates, degree, direct) -> [(region, digits, places)]"},
    {"naked_sets", py_naked_sets, METH_VARARGS,
     "naked_sets(values, candidates, degree) -> [(region, indices, digits)]"},
    {"fish", py_fish, METH_VARARGS,
     "fish(values, candidates, degree) -> [(digit, base kind, base lines, cover lines)]"},
    {"xy_wings", py_xy_wings, METH_VARARGS,
     "xy_wings(values, candidates, xyz, classic) -> [(pivot, xz cell, yz cell)]"},
    {"aligned_exclusion", py_aligned_exclusion, METH_VARARGS,
     "aligned_exclusion(values, candidates, degree, classic) -> [(cells, allowed digits)]"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_explainer",
    "The compiled twin of the Sudoku Explainer rater's searches (core/sudoku/explainer is its "
    "reference).", -1, methods,
};

PyMODINIT_FUNC PyInit__explainer(void)
{
    build_geometry();
    build_blades();
    for (int c = 0; c < 81; c++)
        REGION_BITS[c] = 1u << SLOT[c][0][0] | 1u << SLOT[c][1][0] | 1u << SLOT[c][2][0];
    return PyModule_Create(&module);
}
