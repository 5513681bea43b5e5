/* The compiled twin of core/sudoku/solver.py: candidates as bit sets, naked and hidden singles
 * to a fixpoint, a branch on the first cell with the fewest candidates, a known solution's
 * symbol tried first. It runs the Python engine's algorithm step for step, so counts, first
 * solutions, node counts and the nodes at which `stop` is asked all agree with it.
 *
 * The Python layer validates puzzles; this layer still checks every size, index and mask it
 * is given (a bad one is a ValueError), keeps no Python object across calls, and polls the
 * caller's `stop` and the process's signals every STOP_EVERY nodes (Ctrl+C ends a search).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SIDE 25           /* 25x25 with 5x5 boxes: masks fit 32 bits */
#define MAX_CELLS (MAX_SIDE * MAX_SIDE)
#define MAX_UNITS (3 * MAX_SIDE)
#define MAX_PEERS (3 * MAX_SIDE)
#define STOP_EVERY 64         /* core/search.py's: the nodes between two polls */

typedef uint32_t mask_t;

static int popcount(mask_t m) { return __builtin_popcount(m); }
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

static void add_units(Units *d, const Geometry *g, int cell)
{
    for (int k = 0; k < 3; k++) {
        int u = g->cell_units[cell][k];
        d->w[u >> 6] |= (uint64_t)1 << (u & 63);
    }
}

static int take_lowest(Units *d)
{
    for (int i = 0; i < 2; i++)
        if (d->w[i]) {
            int bit = __builtin_ctzll(d->w[i]);
            d->w[i] &= d->w[i] - 1;
            return 64 * i + bit;
        }
    return -1;
}

/* `placed`: a stack of cells newly reduced to one candidate (room for every cell and then
 * some, since a cell can be pushed again by a hidden single); `top`: how many it holds. */
static int propagate(mask_t *cand, const Geometry *g, uint16_t *placed, int top, Units dirty)
{
    const mask_t full = (mask_t)((1ull << g->n) - 1);
    for (int i = 0; i < top; i++) add_units(&dirty, g, placed[i]);
    for (;;) {
        while (top) {
            int c = placed[--top];
            mask_t m = cand[c];
            const uint16_t *peers = g->peers[c];
            for (int i = 0; i < g->npeers; i++) {
                int p = peers[i];
                mask_t pm = cand[p];
                if (pm & m) {
                    pm ^= m;
                    if (!pm) return 0;
                    cand[p] = pm;
                    add_units(&dirty, g, p);
                    if (!(pm & (pm - 1))) placed[top++] = p;
                }
            }
        }
        int u;
        while ((u = take_lowest(&dirty)) >= 0) {
            const uint16_t *unit = g->unit_cells[u];
            mask_t once = 0, twice = 0, solved = 0;
            for (int i = 0; i < g->n; i++) {
                mask_t m = cand[unit[i]];
                twice |= once & m;
                once |= m;
                if (!(m & (m - 1))) solved |= m;
            }
            if (once != full) return 0;
            mask_t hidden = once & ~twice & ~solved;
            if (hidden)
                for (int i = 0; i < g->n; i++) {
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
        for (int i = 0; i < top; i++) add_units(&dirty, g, placed[i]);
    }
}

/* Room a placed-stack needs: each cell at most once from naked singles between two scans,
 * and a unit's hidden singles at most n more. */
#define PLACED_ROOM (2 * MAX_CELLS + MAX_SIDE)

/* ---- the search: core/sudoku/solver.py's _search, as a loop over an explicit stack ---- */

enum { DONE = 0, STOPPED = 1, UNDECIDED = 2, FAILED = 3 };

typedef struct {
    const Geometry *g;
    long limit, max_nodes, nodes;
    PyObject *stop;             /* borrowed for the call; None or a callable */
    const mask_t *prefer;       /* NULL: none */
    const uint16_t *order;      /* the cells in the order the branch scans them */
    PyObject *solutions;        /* a list of tuples of symbols */
    int status;
} Search;

static int fewest_candidates(const mask_t *cand, const Search *s)
{
    int best = -1, fewest = 1 << 30;
    for (int i = 0; i < s->g->cells; i++) {
        int c = s->order[i];
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
    if (PyErr_CheckSignals() < 0) return FAILED;
    if (s->stop != Py_None) {
        PyObject *answer = PyObject_CallNoArgs(s->stop);
        if (!answer) return FAILED;
        int yes = PyObject_IsTrue(answer);
        Py_DECREF(answer);
        if (yes < 0) return FAILED;
        if (yes) return STOPPED;
    }
    if (s->max_nodes && s->nodes > s->max_nodes) return UNDECIDED;
    return DONE;
}

static int record(Search *s, const mask_t *cand)
{
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
static int enter(Search *s, const mask_t *cand, Frame *f)
{
    s->nodes++;
    if (s->nodes % STOP_EVERY == 0 && (s->status = poll(s)) != DONE) return -1;
    int cell = fewest_candidates(cand, s);
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

static void search(Search *s, const mask_t *root, mask_t *stack, Frame *frames, uint16_t *placed)
{
    const int cells = s->g->cells;
    Units none = {{0, 0}};
    memcpy(stack, root, cells * sizeof *stack);
    int depth = 0, entered = enter(s, stack, &frames[0]);
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
        if (!propagate(child, s->g, placed, 1, none)) continue;
        entered = enter(s, child, &frames[depth + 1]);
        if (entered < 0) return;
        if (entered > 0) depth++;
        else if (PyList_GET_SIZE(s->solutions) >= s->limit) return;
    }
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
                                  "prefer", "order", "max_nodes", "givens", NULL};

/* search(box_rows, box_cols, candidates, limit, stop=None, prefer=None, order=None,
 *        max_nodes=0, givens=False) -> (solutions, nodes, status)
 * With givens=True, `candidates` are symbols (0 for a blank), propagated first as
 * initial_candidates does; a contradiction is no solution and no node. */
static PyObject *py_search(PyObject *self, PyObject *args, PyObject *kwargs)
{
    int box_rows, box_cols, givens = 0;
    long limit, max_nodes = 0;
    PyObject *cand_seq, *stop = Py_None, *prefer_seq = Py_None, *order_seq = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "iiOl|OOOlp", search_keywords, &box_rows,
                                     &box_cols, &cand_seq, &limit, &stop, &prefer_seq,
                                     &order_seq, &max_nodes, &givens))
        return NULL;
    const Geometry *g = geometry(box_rows, box_cols);
    if (!g) return NULL;
    if (limit < 1 || max_nodes < 0) {
        PyErr_SetString(PyExc_ValueError, "a limit of at least 1 and a node cap of at least 0");
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
        if (read_masks(cand_seq, symbols, cells, 5, "givens") < 0) return NULL;
        for (int c = 0; c < cells; c++) {
            if (symbols[c] > (mask_t)g->n) {
                PyErr_Format(PyExc_ValueError, "givens: cell %d holds no symbol of %d", c, g->n);
                return NULL;
            }
            root[c] = symbols[c] ? (mask_t)1 << (symbols[c] - 1) : (mask_t)((1ull << g->n) - 1);
            if (symbols[c]) placed[top++] = c;
        }
    } else if (read_masks(cand_seq, root, cells, g->n, "candidates") < 0) {
        return NULL;
    }
    if (prefer_seq != Py_None && read_masks(prefer_seq, prefer, cells, g->n, "prefer") < 0)
        return NULL;
    if (order_seq == Py_None) {
        for (int c = 0; c < cells; c++) order[c] = c;
    } else {
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
    Search s = {g, limit, max_nodes, 0, stop, prefer_seq == Py_None ? NULL : prefer, order,
                PyList_New(0), DONE};
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
    return Py_BuildValue("(Nli)", s.solutions, s.nodes, s.status);
}

static PyMethodDef methods[] = {
    {"propagate", py_propagate, METH_VARARGS,
     "propagate(box_rows, box_cols, candidates, placed, dirty) -> bool: singles to a fixpoint, "
     "in place"},
    {"search", (PyCFunction)(void (*)(void))py_search, METH_VARARGS | METH_KEYWORDS,
     "search(box_rows, box_cols, candidates, limit, stop=None, prefer=None, order=None, "
     "max_nodes=0, givens=False) -> (solutions, nodes, status: 0 done, 1 stopped, "
     "2 past the node cap)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_sudoku",
    "The compiled Sudoku engine (core/sudoku/solver.py is its reference).", -1, methods,
};

PyMODINIT_FUNC PyInit__sudoku(void)
{
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    if (PyModule_AddIntConstant(m, "STOP_EVERY", STOP_EVERY) < 0 ||
        PyModule_AddIntConstant(m, "MAX_SIDE", MAX_SIDE) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
