/* The compiled twin of core/sudoku/solver.py: candidates as bit sets, naked and hidden singles
 * to a fixpoint, a branch on the first cell with the fewest candidates, a known solution's
 * symbol tried first. It runs the Python engine's algorithm step for step, so counts, first
 * solutions, node counts and the nodes at which `stop` is asked all agree with it.
 *
 * The Python layer validates puzzles; this layer still checks every size, index and mask it
 * is given (a bad one is a ValueError), keeps no Python object across calls, and polls the
 * caller's `stop` and the process's signals every STOP_EVERY nodes (Ctrl+C ends a search).
 */
#include "common.h"

#define MAX_SIDE 25           /* 25x25 with 5x5 boxes: masks fit 32 bits */
#define MAX_CELLS (MAX_SIDE * MAX_SIDE)
#define MAX_UNITS (3 * MAX_SIDE)
#define MAX_PEERS (3 * MAX_SIDE)

typedef uint32_t mask_t;

/* The hot functions are written once for any shape and inlined into a copy for 9x9, where the
 * compiler knows the sizes (unrolled loops, one word of dirty units). */
#if defined(__GNUC__)
#define HOT static inline __attribute__((always_inline))
#else
#define HOT static inline
#endif

static int popcount(mask_t m)
{
    int k = 0;
    for (; m; m &= m - 1) k++;  /* few bits: faster than a library call without -mpopcnt */
    return k;
}
static int single(mask_t m) { return m && !(m & (m - 1)); }

/* ---- geometry: the units and peers of one box shape, built once and kept ---- */

typedef struct {
    int box_rows, box_cols, n, cells, units, npeers;
    uint16_t unit_cells[MAX_UNITS][MAX_SIDE];
    uint8_t cell_units[MAX_CELLS][3];   /* row, column, box unit of each cell */
    uint16_t peers[MAX_CELLS][MAX_PEERS];
} Geometry;

static Geometry *shapes[MAX_SIDE + 1][MAX_SIDE + 1];

static const Geometry *geometry(int box_rows, int box_cols)
{
    if (box_rows < 1 || box_cols < 1 || box_rows * box_cols > MAX_SIDE) {
        PyErr_Format(PyExc_ValueError, "no Sudoku with %dx%d boxes (up to %d symbols)",
                     box_rows, box_cols, MAX_SIDE);
        return NULL;
    }
    Geometry *g = shapes[box_rows][box_cols];
    if (g) return g;
    g = calloc(1, sizeof *g);
    if (!g) return (const Geometry *)PyErr_NoMemory();
    int n = box_rows * box_cols;
    g->box_rows = box_rows, g->box_cols = box_cols, g->n = n, g->cells = n * n, g->units = 3 * n;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int cell = r * n + c;
            int box = (r / box_rows) * (n / box_cols) + c / box_cols;
            int in_box = (r % box_rows) * box_cols + c % box_cols;
            g->unit_cells[r][c] = cell;
            g->unit_cells[n + c][r] = cell;
            g->unit_cells[2 * n + box][in_box] = cell;
            g->cell_units[cell][0] = r, g->cell_units[cell][1] = n + c;
            g->cell_units[cell][2] = 2 * n + box;
        }
    /* peers in increasing order, as the Python geometry lists them */
    for (int cell = 0; cell < g->cells; cell++) {
        uint8_t seen[MAX_CELLS] = {0};
        for (int k = 0; k < 3; k++)
            for (int i = 0; i < n; i++) seen[g->unit_cells[g->cell_units[cell][k]][i]] = 1;
        seen[cell] = 0;
        int count = 0;
        for (int p = 0; p < g->cells; p++)
            if (seen[p]) g->peers[cell][count++] = p;
        g->npeers = count;
    }
    shapes[box_rows][box_cols] = g;
    return g;
}

/* ---- propagation: core/sudoku/solver.py's propagate, step for step ---- */

typedef struct { uint64_t w[2]; } Units;  /* a bit set of unit indices (75 at most) */

HOT void add_units(Units *d, const Geometry *g, int cell, const int units)
{
    for (int k = 0; k < 3; k++) {
        int u = g->cell_units[cell][k];
        if (units <= 64) d->w[0] |= (uint64_t)1 << u;
        else d->w[u >> 6] |= (uint64_t)1 << (u & 63);
    }
}

HOT int take_lowest(Units *d, const int units)
{
    for (int i = 0; i < (units <= 64 ? 1 : 2); i++)
        if (d->w[i]) {
            int bit = __builtin_ctzll(d->w[i]);
            d->w[i] &= d->w[i] - 1;
            return 64 * i + bit;
        }
    return -1;
}

/* `placed`: a stack of cells newly reduced to one candidate (room for every cell and then
 * some, since a cell can be pushed again by a hidden single); `top`: how many it holds. */
HOT int propagate_in(mask_t *cand, const Geometry *g, uint16_t *placed, int top, Units dirty,
                     const int n, const int npeers)
{
    const mask_t full = (mask_t)((1ull << n) - 1);
    const int units = 3 * n;
    for (int i = 0; i < top; i++) add_units(&dirty, g, placed[i], units);
    for (;;) {
        while (top) {
            int c = placed[--top];
            mask_t m = cand[c];
            const uint16_t *peers = g->peers[c];
            for (int i = 0; i < npeers; i++) {
                int p = peers[i];
                mask_t pm = cand[p];
                if (pm & m) {
                    pm ^= m;
                    if (!pm) return 0;
                    cand[p] = pm;
                    add_units(&dirty, g, p, units);
                    if (!(pm & (pm - 1))) placed[top++] = p;
                }
            }
        }
        int u;
        while ((u = take_lowest(&dirty, units)) >= 0) {
            const uint16_t *unit = g->unit_cells[u];
            mask_t once = 0, twice = 0, solved = 0;
            for (int i = 0; i < n; i++) {
                mask_t m = cand[unit[i]];
                twice |= once & m;
                once |= m;
                if (!(m & (m - 1))) solved |= m;
            }
            if (once != full) return 0;
            mask_t hidden = once & ~twice & ~solved;
            if (hidden)
                for (int i = 0; i < n; i++) {
                    mask_t h = cand[unit[i]] & hidden;
                    if (h) {
                        if (h & (h - 1)) return 0;  /* two symbols have only this cell */
                        cand[unit[i]] = h;
                        placed[top++] = unit[i];
                    }
                }
            if (top) break;
        }
        if (!top) return 1;
        for (int i = 0; i < top; i++) add_units(&dirty, g, placed[i], units);
    }
}

static int propagate(mask_t *cand, const Geometry *g, uint16_t *placed, int top, Units dirty)
{
    if (g->box_rows == 3 && g->box_cols == 3) return propagate_in(cand, g, placed, top, dirty, 9, 20);
    return propagate_in(cand, g, placed, top, dirty, g->n, g->npeers);
}

/* Room a placed-stack needs: each cell at most once from naked singles between two scans,
 * and a unit's hidden singles at most n more. */
#define PLACED_ROOM (2 * MAX_CELLS + MAX_SIDE)

/* ---- the search: core/sudoku/solver.py's _search, as a loop over an explicit stack ---- */

enum { DONE = 0, STOPPED = 1, UNDECIDED = 2, FAILED = 3, SWITCHED = 4 };

typedef struct {
    const Geometry *g;
    long limit, max_nodes, nodes;
    PyObject *stop;             /* borrowed for the call; None or a callable */
    const mask_t *prefer;       /* NULL: none */
    const uint16_t *order;      /* the cells in the order the branch scans them (NULL: reading) */
    PyObject *solutions;        /* a list of tuples of symbols: the first `keep` found */
    int status;
    long found, keep;           /* every solution is counted; the first `keep` kept */
    /* true candidates (solver.true_candidates, phase 1): cap 0 for a plain search */
    int cap, skipped, last;     /* skipped: a branch left out; last: the cell last wanted */
    long switch_at, switch_min; /* Tally.switch: at node switch_at, end if found >= switch_min */
    uint8_t *support;           /* per cell, per digit: solutions holding it, up to cap */
    mask_t *done;               /* per cell: the digits at the cap */
} Search;

HOT int fewest_candidates(const mask_t *cand, const Search *s, const int cells)
{
    int best = -1, fewest = 1 << 30;
    for (int i = 0; i < cells; i++) {
        int c = s->order ? s->order[i] : i;
        mask_t m = cand[c];
        if (m & (m - 1)) {
            int k = popcount(m);
            if (k < fewest) {
                best = c, fewest = k;
                if (k == 2) break;
            }
        }
    }
    return best;
}

/* Every STOP_EVERY nodes: signals (Ctrl+C), the caller's stop, then the node cap. */
static int poll(Search *s)
{
    int asked = stop_asked(s->stop);
    if (asked) return asked < 0 ? FAILED : STOPPED;
    if (s->max_nodes && s->nodes > s->max_nodes) return UNDECIDED;
    return DONE;
}

/* Tally.credit of a solution of phase 1 (each holds a candidate under the cap). */
static void credit(Search *s, const mask_t *cand)
{
    const int n = s->g->n;
    for (int c = 0; c < s->g->cells; c++) {
        int d = __builtin_ctz(cand[c]);
        uint8_t *k = &s->support[c * n + d];
        if (*k < s->cap && ++*k == s->cap) s->done[c] |= cand[c];
    }
}

/* Tally.wanted: does some cell still hold a digit under the cap? (the cell that last did is
 * asked first: it usually still does) */
HOT int wanted(Search *s, const mask_t *cand, const int cells)
{
    if (cand[s->last] & ~s->done[s->last]) return 1;
    for (int c = 0; c < cells; c++)
        if (cand[c] & ~s->done[c]) {
            s->last = c;
            return 1;
        }
    s->skipped = 1;
    return 0;
}

static int record(Search *s, const mask_t *cand)
{
    if (s->cap) {  /* remembered before the checkpoint only, as Tally.credit */
        credit(s, cand);
        s->found++;
        if (s->nodes >= s->switch_at) return 0;
    } else if (s->found++ >= s->keep) {
        return 0;  /* counted, not kept: a count to a million */
    }
    PyObject *values = PyTuple_New(s->g->cells);
    if (!values) return -1;
    for (int c = 0; c < s->g->cells; c++) {
        mask_t m = cand[c];
        PyTuple_SET_ITEM(values, c, PyLong_FromLong(m ? 32 - __builtin_clz(m) : 0));
    }
    int failed = PyList_Append(s->solutions, values);
    Py_DECREF(values);
    return failed;
}

typedef struct { int cell; mask_t first, rest; } Frame;

/* Enter the node `cand` (already propagated): count it, poll, and either record a solution
 * (returns 0) or set up its branch in `f` (returns 1); -1 ends the search (s->status). */
HOT int enter(Search *s, const mask_t *cand, Frame *f, const int cells)
{
    s->nodes++;
    if (s->nodes % STOP_EVERY == 0 && (s->status = poll(s)) != DONE) return -1;
    if (s->cap && s->nodes == s->switch_at && s->found >= s->switch_min) {
        s->status = SWITCHED;
        return -1;
    }
    int cell = fewest_candidates(cand, s, cells);
    if (cell < 0) {
        if (record(s, cand) < 0) { s->status = FAILED; return -1; }
        return 0;
    }
    mask_t m = cand[cell];
    /* A known solution's symbol first: a second solution is usually a small change of it. */
    f->cell = cell;
    f->first = s->prefer ? s->prefer[cell] & m : 0;
    f->rest = m ^ f->first;
    return 1;
}

HOT void search_in(Search *s, const mask_t *root, mask_t *stack, Frame *frames,
                   uint16_t *placed, const int n, const int npeers, const int cells)
{
    Units none = {{0, 0}};
    memcpy(stack, root, cells * sizeof *stack);
    int depth = 0, entered = enter(s, stack, &frames[0], cells);
    if (entered <= 0) return;
    while (depth >= 0) {
        Frame *f = &frames[depth];
        mask_t bit;
        if (f->first) bit = f->first, f->first = 0;
        else if (f->rest) bit = f->rest & -f->rest, f->rest ^= bit;
        else { depth--; continue; }
        mask_t *child = stack + (size_t)(depth + 1) * cells;
        memcpy(child, stack + (size_t)depth * cells, cells * sizeof *child);
        child[f->cell] = bit;
        placed[0] = f->cell;
        if (!propagate_in(child, s->g, placed, 1, none, n, npeers)) continue;
        if (s->cap && !wanted(s, child, cells)) continue;
        entered = enter(s, child, &frames[depth + 1], cells);
        if (entered < 0) return;
        if (entered > 0) depth++;
        else if (s->found >= s->limit) return;
    }
}

static void search(Search *s, const mask_t *root, mask_t *stack, Frame *frames, uint16_t *placed)
{
    const Geometry *g = s->g;
    if (g->box_rows == 3 && g->box_cols == 3) search_in(s, root, stack, frames, placed, 9, 20, 81);
    else search_in(s, root, stack, frames, placed, g->n, g->npeers, g->cells);
}

/* ---- reading the Python side's arrays, every value checked ---- */

static int read_masks(PyObject *seq, mask_t *out, int cells, int n, const char *what)
{
    PyObject *fast = PySequence_Fast(seq, "a sequence of candidate masks");
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != cells) {
        PyErr_Format(PyExc_ValueError, "%s: %zd cells, the grid has %d", what,
                     PySequence_Fast_GET_SIZE(fast), cells);
        Py_DECREF(fast);
        return -1;
    }
    const unsigned long long full = (1ull << n) - 1;
    for (int c = 0; c < cells; c++) {
        unsigned long long m = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, c));
        if (m == (unsigned long long)-1 && PyErr_Occurred()) {
            PyErr_Clear();
            m = full + 1;
        }
        if (m > full) {
            PyErr_Format(PyExc_ValueError, "%s: cell %d is not a set of %d symbols", what, c, n);
            Py_DECREF(fast);
            return -1;
        }
        out[c] = (mask_t)m;
    }
    Py_DECREF(fast);
    return 0;
}

/* Symbols of a grid of `g`, 1 to n a cell (or 0 for a blank, when `blanks`). */
static int read_symbols(PyObject *seq, mask_t *out, const Geometry *g, int blanks,
                        const char *what)
{
    if (read_masks(seq, out, g->cells, 5, what) < 0) return -1;  /* 5 bits hold any symbol */
    for (int c = 0; c < g->cells; c++)
        if (out[c] > (mask_t)g->n || (!blanks && !out[c])) {
            PyErr_Format(PyExc_ValueError, "%s: cell %d holds no symbol of %d", what, c, g->n);
            return -1;
        }
    return 0;
}

static int read_cells(PyObject *seq, uint16_t *out, int room, int cells, const char *what)
{
    PyObject *fast = PySequence_Fast(seq, "a sequence of cells");
    if (!fast) return -1;
    Py_ssize_t k = PySequence_Fast_GET_SIZE(fast);
    if (k > room) {
        PyErr_Format(PyExc_ValueError, "%s: %zd cells, at most %d", what, k, room);
        Py_DECREF(fast);
        return -1;
    }
    for (Py_ssize_t i = 0; i < k; i++) {
        long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (c < 0 || c >= cells) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "%s: no cell %zd of %d", what, i, cells);
            Py_DECREF(fast);
            return -1;
        }
        out[i] = (uint16_t)c;
    }
    Py_DECREF(fast);
    return (int)k;
}

/* A Python int holding a set of unit indices, each below `units` (at most 128). */
static int read_units(PyObject *value, Units *out, int units)
{
    PyObject *zero = PyLong_FromLong(0), *sixty_four = PyLong_FromLong(64), *high = NULL;
    int negative = zero ? PyObject_RichCompareBool(value, zero, Py_LT) : -1;
    if (negative == 0 && sixty_four) high = PyNumber_Rshift(value, sixty_four);
    Py_XDECREF(zero), Py_XDECREF(sixty_four);
    unsigned long long hi = high ? PyLong_AsUnsignedLongLong(high) : 0;
    Py_XDECREF(high);
    if (negative != 0 || !high || PyErr_Occurred()) goto bad;
    unsigned long long lo = PyLong_AsUnsignedLongLongMask(value);
    int beyond = units <= 64 ? (hi || (units < 64 && lo >> units)) : (units < 128 && hi >> (units - 64));
    if (beyond) goto bad;
    out->w[0] = lo, out->w[1] = hi;
    return 0;
bad:
    PyErr_Clear();
    PyErr_SetString(PyExc_ValueError, "dirty: not a set of this grid's units");
    return -1;
}

/* ---- the module's functions ---- */

static PyObject *py_propagate(PyObject *self, PyObject *args)
{
    int box_rows, box_cols;
    PyObject *cand_list, *placed_seq, *dirty_int;
    if (!PyArg_ParseTuple(args, "iiO!OO!", &box_rows, &box_cols, &PyList_Type, &cand_list,
                          &placed_seq, &PyLong_Type, &dirty_int))
        return NULL;
    const Geometry *g = geometry(box_rows, box_cols);
    if (!g) return NULL;
    mask_t cand[MAX_CELLS];
    uint16_t placed[PLACED_ROOM];
    if (read_masks(cand_list, cand, g->cells, g->n, "candidates") < 0) return NULL;
    int top = read_cells(placed_seq, placed, g->cells, g->cells, "placed");
    if (top < 0) return NULL;
    for (int i = 0; i < top; i++)
        if (!single(cand[placed[i]])) {
            PyErr_Format(PyExc_ValueError, "placed: cell %d holds more than one symbol", placed[i]);
            return NULL;
        }
    Units dirty;
    if (read_units(dirty_int, &dirty, g->units) < 0) return NULL;
    int ok = propagate(cand, g, placed, top, dirty);
    for (int c = 0; c < g->cells; c++) {  /* in place, as the Python engine leaves it */
        PyObject *m = PyLong_FromUnsignedLong(cand[c]);
        if (!m || PyList_SetItem(cand_list, c, m) < 0) return NULL;
    }
    return PyBool_FromLong(ok);
}

static char *search_keywords[] = {"box_rows", "box_cols", "candidates", "limit", "stop",
                                  "prefer", "order", "max_nodes", "givens", "keep", NULL};

/* search(box_rows, box_cols, candidates, limit, stop=None, prefer=None, order=None,
 *        max_nodes=0, givens=False, keep=1000) -> (solutions, found, nodes, status): every
 * solution up to `limit` counted (`found`), the first `keep` of them returned
 * With givens=True, `candidates` are symbols (0 for a blank), propagated first as
 * initial_candidates does; a contradiction is no solution and no node. */
static PyObject *py_search(PyObject *self, PyObject *args, PyObject *kwargs)
{
    int box_rows, box_cols, givens = 0;
    long limit, max_nodes = 0, keep = 1000;
    PyObject *cand_seq, *stop = Py_None, *prefer_seq = Py_None, *order_seq = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "iiOl|OOOlpl", search_keywords, &box_rows,
                                     &box_cols, &cand_seq, &limit, &stop, &prefer_seq,
                                     &order_seq, &max_nodes, &givens, &keep))
        return NULL;
    const Geometry *g = geometry(box_rows, box_cols);
    if (!g) return NULL;
    if (limit < 1 || max_nodes < 0 || keep < 1) {
        PyErr_SetString(PyExc_ValueError,
                        "a limit of at least 1, a node cap of at least 0, keep at least 1");
        return NULL;
    }
    if (stop != Py_None && !PyCallable_Check(stop)) {
        PyErr_SetString(PyExc_TypeError, "stop: a callable or None");
        return NULL;
    }
    const int cells = g->cells;
    mask_t root[MAX_CELLS], prefer[MAX_CELLS];
    uint16_t order[MAX_CELLS], placed[PLACED_ROOM];
    int top = 0;
    if (givens) {
        mask_t symbols[MAX_CELLS];
        if (read_symbols(cand_seq, symbols, g, 1, "givens") < 0) return NULL;
        for (int c = 0; c < cells; c++) {
            root[c] = symbols[c] ? (mask_t)1 << (symbols[c] - 1) : (mask_t)((1ull << g->n) - 1);
            if (symbols[c]) placed[top++] = c;
        }
    } else if (read_masks(cand_seq, root, cells, g->n, "candidates") < 0) {
        return NULL;
    }
    if (prefer_seq != Py_None && read_masks(prefer_seq, prefer, cells, g->n, "prefer") < 0)
        return NULL;
    if (order_seq != Py_None) {
        if (read_cells(order_seq, order, cells, cells, "order") != cells) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError, "order: every one of the %d cells once", cells);
            return NULL;
        }
        uint8_t seen[MAX_CELLS] = {0};
        for (int i = 0; i < cells; i++) {
            if (seen[order[i]]++) {
                PyErr_Format(PyExc_ValueError, "order: cell %d twice", order[i]);
                return NULL;
            }
        }
    }
    Search s = {g, limit, max_nodes, 0, stop, prefer_seq == Py_None ? NULL : prefer,
                order_seq == Py_None ? NULL : order, PyList_New(0), DONE, 0, keep};
    if (!s.solutions) return NULL;
    Units none = {{0, 0}};
    if (!givens || propagate(root, g, placed, top, none)) {
        /* the depth is at most the cells left open: each branch decides one more */
        mask_t *stack = malloc((size_t)(cells + 1) * cells * sizeof *stack);
        Frame *frames = malloc((size_t)(cells + 1) * sizeof *frames);
        if (!stack || !frames) {
            free(stack), free(frames);
            Py_DECREF(s.solutions);
            return PyErr_NoMemory();
        }
        search(&s, root, stack, frames, placed);
        free(stack), free(frames);
    }
    if (s.status == FAILED) {
        Py_DECREF(s.solutions);
        return NULL;
    }
    return Py_BuildValue("(Nlli)", s.solutions, s.found, s.nodes, s.status);
}

/* support(box_rows, box_cols, candidates, cap, stop, switch_at, switch_min) -> (support,
 * solutions, nodes, stopped, skipped, switched, remembered): phase 1 of
 * solver.true_candidates step for step, from propagated `candidates`. `support` holds
 * cells * n numbers, cell by cell, digit 1 first: the solutions holding it, up to `cap`;
 * `skipped`: a branch whose candidates were all at the cap was left out; `switched`: ended
 * at node `switch_at` having met `switch_min` solutions, which are `remembered` (a list). */
static PyObject *py_support(PyObject *self, PyObject *args)
{
    int box_rows, box_cols, cap;
    long switch_at, switch_min;
    PyObject *cand_seq, *stop;
    if (!PyArg_ParseTuple(args, "iiOiOll", &box_rows, &box_cols, &cand_seq, &cap, &stop,
                          &switch_at, &switch_min))
        return NULL;
    const Geometry *g = geometry(box_rows, box_cols);
    if (!g) return NULL;
    if (cap < 1 || cap > 255 || switch_at < 1 || switch_min < 0) {
        PyErr_Format(PyExc_ValueError, "support %d? from 1 to 255 (a checkpoint past 0)", cap);
        return NULL;
    }
    if (stop != Py_None && !PyCallable_Check(stop)) {
        PyErr_SetString(PyExc_TypeError, "stop: a callable or None");
        return NULL;
    }
    const int cells = g->cells, n = g->n;
    mask_t root[MAX_CELLS], done[MAX_CELLS] = {0};
    uint16_t placed[PLACED_ROOM];
    if (read_masks(cand_seq, root, cells, n, "candidates") < 0) return NULL;
    for (int c = 0; c < cells; c++)
        if (!root[c]) {
            PyErr_Format(PyExc_ValueError, "candidates: cell %d has none", c);
            return NULL;
        }
    uint8_t *support = calloc((size_t)cells * n, 1);
    mask_t *stack = malloc((size_t)(cells + 1) * cells * sizeof *stack);
    Frame *frames = malloc((size_t)(cells + 1) * sizeof *frames);
    PyObject *seen = PyList_New(0), *list = NULL;
    if (!support || !stack || !frames || !seen) {
        if (seen) PyErr_NoMemory();
        goto failed;
    }
    Search s = {g, LONG_MAX, 0, 0, stop, NULL, NULL, seen, DONE, 0, LONG_MAX, cap, 0, 0,
                switch_at, switch_min, support, done};
    search(&s, root, stack, frames, placed);
    if (s.status == FAILED) goto failed;
    list = PyList_New((Py_ssize_t)cells * n);
    for (Py_ssize_t i = 0; list && i < (Py_ssize_t)cells * n; i++) {
        PyObject *k = PyLong_FromLong(support[i]);
        if (!k) Py_CLEAR(list);
        else PyList_SET_ITEM(list, i, k);
    }
    if (!list) goto failed;
    free(support), free(stack), free(frames);
    return Py_BuildValue("(NllOOON)", list, s.found, s.nodes,
                         s.status == STOPPED ? Py_True : Py_False,
                         s.skipped ? Py_True : Py_False,
                         s.status == SWITCHED ? Py_True : Py_False, seen);
failed:
    free(support), free(stack), free(frames);
    Py_XDECREF(seen);
    return NULL;
}

/* ---- generation: core/sudoku/generator.py's _filled_by_rows and its greedy removal ---- */

/* filled_by_rows(box_rows, box_cols, draw) -> list of symbols: a full grid filled cell by cell
 * in reading order, each cell's symbols drawn in random order by `draw()` (a float in [0, 1),
 * the generator's rng.random: the same draws give the Python engine's grid), backtracking on
 * a dead end. */
static PyObject *py_filled_by_rows(PyObject *self, PyObject *args)
{
    int box_rows, box_cols;
    PyObject *draw;
    if (!PyArg_ParseTuple(args, "iiO", &box_rows, &box_cols, &draw)) return NULL;
    const Geometry *g = geometry(box_rows, box_cols);
    if (!g) return NULL;
    if (!PyCallable_Check(draw)) {
        PyErr_SetString(PyExc_TypeError, "draw: a callable");
        return NULL;
    }
    const int n = g->n, cells = g->cells;
    const mask_t full = (mask_t)((1ull << n) - 1);
    mask_t rows[MAX_SIDE] = {0}, cols[MAX_SIDE] = {0}, boxes[MAX_SIDE] = {0}, grid[MAX_CELLS];
    static const int none = -1;
    int left_count[MAX_CELLS];
    mask_t *left = malloc((size_t)cells * n * sizeof *left);  /* each cell's symbols still to try */
    if (!left) return PyErr_NoMemory();
    for (int c = 0; c < cells; c++) left_count[c] = none;
    int i = 0, steps = 0;
    while (i < cells) {
        if (++steps % 4096 == 0 && PyErr_CheckSignals() < 0) goto failed;
        int r = i / n, c = i % n, b = g->cell_units[i][2] - 2 * n;
        mask_t *mine = left + (size_t)i * n;
        if (left_count[i] == none) {
            mask_t free = full & ~(rows[r] | cols[c] | boxes[b]);
            int k = 0;
            for (; free; free &= free - 1) mine[k++] = free & -free;
            left_count[i] = k;
        } else {  /* back here from a dead end: take this cell's symbol back */
            rows[r] ^= grid[i], cols[c] ^= grid[i], boxes[b] ^= grid[i];
        }
        if (left_count[i]) {
            PyObject *x = PyObject_CallNoArgs(draw);
            double at = x ? PyFloat_AsDouble(x) : -1;
            Py_XDECREF(x);
            if (at == -1 && PyErr_Occurred()) goto failed;
            if (!(at >= 0 && at < 1)) {
                PyErr_SetString(PyExc_ValueError, "draw: a float from 0 up to 1");
                goto failed;
            }
            int k = (int)(at * left_count[i]);
            grid[i] = mine[k];
            memmove(mine + k, mine + k + 1, (size_t)(left_count[i] - k - 1) * sizeof *mine);
            left_count[i]--;
            rows[r] |= grid[i], cols[c] |= grid[i], boxes[b] |= grid[i];
            i++;
        } else {
            left_count[i] = none;
            i--;
        }
    }
    free(left);
    PyObject *symbols = PyList_New(cells);
    if (!symbols) return NULL;
    for (int c = 0; c < cells; c++)
        PyList_SET_ITEM(symbols, c, PyLong_FromLong(32 - __builtin_clz(grid[c])));
    return symbols;
failed:
    free(left);
    return NULL;
}

/* Does the puzzle of the givens `kept` stay unique without `group` (cells of a full grid
 * `bits`)? Exactly when no solution differs from the grid inside the group: for each cell of
 * the group (the earlier ones put back), one search for a solution without its symbol there,
 * from the fixpoint of singles (the Python engine's UniquenessTest answers the same; with no
 * node cap both are exact). 1: it stays unique, 0: it does not, -1: stopped (keep the group),
 * -2: an error. */
static int stays_unique(Search *s, const mask_t *bits, const uint8_t *kept, const uint16_t *group,
                        int k, mask_t *stack, Frame *frames, uint16_t *placed)
{
    const Geometry *g = s->g;
    const mask_t full = (mask_t)((1ull << g->n) - 1);
    mask_t units[MAX_UNITS] = {0}, base[MAX_CELLS];
    for (int c = 0; c < g->cells; c++)
        if (kept[c])
            for (int j = 0; j < 3; j++) units[g->cell_units[c][j]] |= bits[c];
    for (int c = 0; c < g->cells; c++) {
        const uint8_t *u = g->cell_units[c];
        base[c] = kept[c] ? bits[c] : full & ~(units[u[0]] | units[u[1]] | units[u[2]]);
    }
    for (int i = 0; i < k; i++) {
        mask_t cand[MAX_CELLS];
        memcpy(cand, base, g->cells * sizeof *cand);
        for (int j = 0; j < i; j++) cand[group[j]] = bits[group[j]];
        cand[group[i]] &= ~bits[group[i]];
        int top = 0, empty = 0;
        for (int c = 0; c < g->cells; c++) {
            if (!cand[c]) empty = 1;
            else if (!(cand[c] & (cand[c] - 1))) placed[top++] = c;
        }
        Units all = {{~(uint64_t)0, g->units > 64 ? ~(uint64_t)0 >> (128 - g->units) : 0}};
        if (g->units < 64) all.w[0] = ((uint64_t)1 << g->units) - 1;
        if (empty || !propagate(cand, g, placed, top, all)) continue;
        long before = s->found;
        s->nodes = 0;  /* each search polls from its own first node, as in Python */
        search(s, cand, stack, frames, placed);
        if (s->status == FAILED) return -2;
        if (s->status != DONE) return -1;
        if (s->found > before) return 0;
    }
    return 1;
}

/* reduce(box_rows, box_cols, solution, kept, groups, target=-1, stop=None) -> (kept, stopped):
 * core/removal.py's remove_greedily with the uniqueness test above, for groups already in
 * the order to try them. */
static PyObject *py_reduce(PyObject *self, PyObject *args)
{
    int box_rows, box_cols, target = -1;
    PyObject *solution_seq, *kept_seq, *groups, *stop = Py_None;
    if (!PyArg_ParseTuple(args, "iiOOO!|iO", &box_rows, &box_cols, &solution_seq, &kept_seq,
                          &PyList_Type, &groups, &target, &stop))
        return NULL;
    const Geometry *g = geometry(box_rows, box_cols);
    if (!g) return NULL;
    if (stop != Py_None && !PyCallable_Check(stop)) {
        PyErr_SetString(PyExc_TypeError, "stop: a callable or None");
        return NULL;
    }
    const int cells = g->cells;
    mask_t symbols[MAX_CELLS], bits[MAX_CELLS];
    uint16_t cells_in[MAX_CELLS], group[MAX_CELLS], placed[PLACED_ROOM];
    uint8_t kept[MAX_CELLS] = {0};
    if (read_symbols(solution_seq, symbols, g, 0, "solution") < 0) return NULL;
    for (int c = 0; c < cells; c++) bits[c] = (mask_t)1 << (symbols[c] - 1);
    int count = read_cells(kept_seq, cells_in, cells, cells, "kept");
    if (count < 0) return NULL;
    for (int i = 0; i < count; i++) kept[cells_in[i]] = 1;
    count = 0;
    for (int c = 0; c < cells; c++) count += kept[c];
    mask_t *stack = malloc((size_t)(cells + 1) * cells * sizeof *stack);
    Frame *frames = malloc((size_t)(cells + 1) * sizeof *frames);
    Search s = {g, 1, 0, 0, stop, bits, NULL, PyList_New(0), DONE, 0, 1};
    int stopped = 0;
    if (!stack || !frames || !s.solutions) {
        if (s.solutions) PyErr_NoMemory();
        goto failed;
    }
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(groups) && !stopped; i++) {
        int k = read_cells(PyList_GET_ITEM(groups, i), group, cells, cells, "group");
        if (k < 0) goto failed;
        if (target >= 0 && count - k < target) {
            if (count == target) break;
            continue;
        }
        if (stop != Py_None && (stopped = poll(&s)) != DONE) {
            if (stopped == FAILED) goto failed;
            break;
        }
        stopped = 0;
        for (int j = 0; j < k; j++) kept[group[j]] = 0;
        s.status = DONE;
        int unique = stays_unique(&s, bits, kept, group, k, stack, frames, placed);
        if (unique == -2) goto failed;
        if (unique == 1) count -= k;
        else for (int j = 0; j < k; j++) kept[group[j]] = 1;
        if (unique == -1) stopped = 1;
    }
    free(stack), free(frames);
    Py_DECREF(s.solutions);
    PyObject *out = PyList_New(0);
    for (int c = 0; out && c < cells; c++) {
        if (!kept[c]) continue;
        PyObject *cell = PyLong_FromLong(c);
        if (!cell || PyList_Append(out, cell) < 0) Py_CLEAR(out);
        Py_XDECREF(cell);
    }
    return out ? Py_BuildValue("(NO)", out, stopped ? Py_True : Py_False) : NULL;
failed:
    free(stack), free(frames);
    Py_XDECREF(s.solutions);
    return NULL;
}

#include "minlex.h"

static PyMethodDef methods[] = {
    {"propagate", py_propagate, METH_VARARGS,
     "propagate(box_rows, box_cols, candidates, placed, dirty) -> bool: singles to a fixpoint, "
     "in place"},
    {"search", (PyCFunction)(void (*)(void))py_search, METH_VARARGS | METH_KEYWORDS,
     "search(box_rows, box_cols, candidates, limit, stop=None, prefer=None, order=None, "
     "max_nodes=0, givens=False, keep=1000) -> (the first `keep` solutions, solutions found, "
     "nodes, status: 0 done, 1 stopped, 2 past the node cap)"},
    {"support", py_support, METH_VARARGS,
     "support(box_rows, box_cols, candidates, cap, stop, switch_at, switch_min) -> (support: "
     "cells * n numbers, solutions, nodes, stopped, skipped, switched, remembered): the first "
     "phase of true candidates"},
    {"filled_by_rows", py_filled_by_rows, METH_VARARGS,
     "filled_by_rows(box_rows, box_cols, draw) -> symbols of a random full grid"},
    {"reduce", py_reduce, METH_VARARGS,
     "reduce(box_rows, box_cols, solution, kept, groups, target=-1, stop=None) -> "
     "(kept cells, stopped): greedy removal of groups while the puzzle stays unique"},
    {"minlex", py_minlex, METH_VARARGS,
     "minlex(box_rows, box_cols, givens) -> the minlex form as text (up to 9x9), or None "
     "past a million tied arrangements"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_sudoku",
    "The compiled Sudoku engine (core/sudoku/solver.py is its reference).", -1, methods,
};

PyMODINIT_FUNC PyInit__sudoku(void)
{
    static const char *const names[] = {"STOP_EVERY", "MAX_SIDE", NULL};
    static const long values[] = {STOP_EVERY, MAX_SIDE};
    return module_with(&module, names, values);
}
