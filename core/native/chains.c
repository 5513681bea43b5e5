/* The compiled twin of Sudoku Explainer's unary chains (core/sudoku/explainer/chains.py:
 * unary_chains, _cycles, _forcing): bidirectional X-, Y- and XY-cycles and forcing X-, Y- and
 * XY-chains from every candidate of a 9x9 board. It meets the potentials in the Python
 * engine's order (SE's), so it finds the same chains, with the same parents and causes, in the
 * same order, and stops at the same length limits; the Python layer turns each chain it
 * returns into the same hint.
 *
 * A potential is keyed as in chains.py: (cell * 9 + digit - 1) * 2 + on. The links of a
 * board (what an "on" turns off, what an "off" turns on) are worked out once a call and
 * shared by the searches from every candidate.
 *
 * The board's 81 values and candidate sets are checked (a bad one is a ValueError), no Python
 * object is kept across calls, and the process's signals are polled once a candidate (Ctrl+C
 * ends a search).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define CELLS 81
#define KEYS (CELLS * 9 * 2)
#define NAKED 3            /* cause of an "on": the last candidate of its cell */
#define NO_CAUSE (-1)      /* an "off", or the root: None in Python */
#define BIG (1L << 30)     /* chains.py's BIG: no limit */
#define MAX_OFFS 28        /* an "on": 8 other candidates and 20 peers */
#define MAX_ONS 4          /* an "off": its cell's other candidate and a place in 3 regions */
/* every "on" is met once (729) and each gives at most MAX_OFFS "off"s, plus the root */
#define MAX_NODES (CELLS * 9 * (MAX_OFFS + 1) + 2)

typedef uint16_t mask_t;

/* ---- geometry, as core/sudoku/explainer/board.py numbers it ---- */

static int REGION_CELLS[27][9];   /* blocks 0-8, rows 9-17, columns 18-26 */
static int SLOT_REGION[CELLS][3]; /* block, row, column of a cell */
static int SLOT_INDEX[CELLS][3];  /* its index in each */
static int PEERS[CELLS][20];      /* ascending */
static int HOUSE[CELLS][20];      /* SE's getHouseCells: block, then row and column outside it */

static void build_geometry(void)
{
    for (int b = 0; b < 9; b++)
        for (int i = 0; i < 9; i++) {
            REGION_CELLS[b][i] = 9 * (3 * (b / 3) + i / 3) + 3 * (b % 3) + i % 3;
            REGION_CELLS[9 + b][i] = 9 * b + i;
            REGION_CELLS[18 + b][i] = 9 * i + b;
        }
    for (int r = 0; r < 27; r++)
        for (int i = 0; i < 9; i++) {
            int cell = REGION_CELLS[r][i];
            SLOT_REGION[cell][r / 9] = r;
            SLOT_INDEX[cell][r / 9] = i;
        }
    for (int cell = 0; cell < CELLS; cell++) {
        int n = 0, block = SLOT_REGION[cell][0];
        for (int p = 0; p < CELLS; p++)
            if (p != cell && (SLOT_REGION[p][0] == block || p / 9 == cell / 9 || p % 9 == cell % 9))
                PEERS[cell][n++] = p;
        n = 0;
        for (int i = 0; i < 9; i++) {
            int p = REGION_CELLS[block][i];
            if (p != cell) HOUSE[cell][n++] = p;
        }
        for (int kind = 1; kind < 3; kind++)
            for (int i = 0; i < 9; i++) {
                int p = REGION_CELLS[SLOT_REGION[cell][kind]][i];
                if (SLOT_REGION[p][0] != block) HOUSE[cell][n++] = p;
            }
    }
}

static int bits(unsigned m)
{
    int k = 0;
    for (; m; m &= m - 1) k++;
    return k;
}

static int low_bit(unsigned m) { return __builtin_ctz(m); }

/* ---- the board and its links ---- */

typedef struct {
    int values[CELLS];
    mask_t cands[CELLS];
    mask_t positions[27 * 9]; /* region * 9 + digit -> indices of its places in the region */
} Board;

typedef struct {
    int16_t offs[KEYS / 2][MAX_OFFS]; /* on key >> 1 -> the "off"s it gives, in order */
    uint8_t noffs[KEYS / 2];
    int16_t ons[KEYS / 2][MAX_ONS];   /* off key >> 1 -> the "on"s it gives */
    int8_t on_cause[KEYS / 2][MAX_ONS];
    uint8_t nons[KEYS / 2];
} Links;

/* chains.py's on_to_off: the cell's other candidates (Y), then the digit in its peers */
static void on_to_off(const Board *b, Links *l, int cell, int d, int with_cells)
{
    int slot = cell * 9 + d, n = 0;
    if (with_cells)
        for (mask_t m = b->cands[cell] & ~(1u << d); m; m &= m - 1)
            l->offs[slot][n++] = (int16_t)((cell * 9 + low_bit(m)) << 1);
    for (int i = 0; i < 20; i++) {
        int p = HOUSE[cell][i];
        if (b->cands[p] >> d & 1) l->offs[slot][n++] = (int16_t)((p * 9 + d) << 1);
    }
    l->noffs[slot] = (uint8_t)n;
}

/* chains.py's off_to_on without a source board: a bivalue cell's other candidate (Y), then the
 * last other place of the digit in its block, row and column (X) */
static void off_to_on(const Board *b, Links *l, int cell, int d, int with_cells, int with_regions)
{
    int slot = cell * 9 + d, n = 0;
    mask_t m = b->cands[cell];
    if (with_cells && bits(m) == 2) {
        l->ons[slot][n] = (int16_t)(((cell * 9 + low_bit(m & ~(1u << d))) << 1) | 1);
        l->on_cause[slot][n++] = NAKED;
    }
    if (with_regions)
        for (int kind = 0; kind < 3; kind++) {
            int region = SLOT_REGION[cell][kind];
            mask_t places = b->positions[region * 9 + d] & ~(1u << SLOT_INDEX[cell][kind]);
            if (places && !(places & (places - 1))) {
                int other = REGION_CELLS[region][low_bit(places)];
                l->ons[slot][n] = (int16_t)(((other * 9 + d) << 1) | 1);
                l->on_cause[slot][n++] = (int8_t)kind;
            }
        }
    l->nons[slot] = (uint8_t)n;
}

static void build_links(const Board *b, Links *l, int with_y, int with_x)
{
    for (int cell = 0; cell < CELLS; cell++)
        for (int d = 0; d < 9; d++) {
            l->noffs[cell * 9 + d] = 0;
            l->nons[cell * 9 + d] = 0;
            if (b->cands[cell] >> d & 1) {
                on_to_off(b, l, cell, d, with_y);
                off_to_on(b, l, cell, d, with_y, with_x);
            }
        }
}

/* ---- the searches: nodes in one arena, each with its parent ---- */

typedef struct {
    int16_t key;
    int8_t cause;
    int32_t parent; /* index in the arena, -1 for the root */
} Node;

typedef struct {
    Node *nodes;
    int count;
    /* what was found: (kind, node) with kind 0 a cycle, 1 a forcing chain */
    int found[2 * MAX_NODES];
    int nfound;
    uint32_t seen[KEYS]; /* stamp of the search that saw a key */
    uint32_t stamp;
    int taken[KEYS];    /* stamp of the candidate whose forcing chains took a conclusion */
    uint32_t taken_stamp;
    int32_t queue_on[MAX_NODES];
    int32_t queue_off[MAX_NODES];
} Search;

static int add_node(Search *s, int key, int parent, int cause)
{
    if (s->count >= MAX_NODES) return -1; /* cannot happen: the bound above */
    Node *n = &s->nodes[s->count];
    n->key = (int16_t)key;
    n->parent = parent;
    n->cause = (int8_t)cause;
    return s->count++;
}

static void next_stamp(Search *s)
{
    if (++s->stamp == 0) {
        memset(s->seen, 0, sizeof s->seen);
        s->stamp = 1;
    }
}

static int is_ancestor(const Search *s, int node, int key)
{
    for (int i = s->nodes[node].parent; i >= 0; i = s->nodes[i].parent)
        if (s->nodes[i].key == key) return 1;
    return 0;
}

/* chains.py's _cycles: alternate "on" and "off" layers from source; an "on" that is the source
 * again, four or more layers on, closes a cycle. The cycles' end nodes go to `ends`. */
static int cycles(Search *s, const Links *l, int source, long limit, int *ends)
{
    int nends = 0, non = 0, noff = 0;
    long length = 0;
    next_stamp(s);
    s->seen[source] = s->stamp;
    int root = add_node(s, source, -1, NO_CAUSE);
    if (root < 0) return -1;
    s->queue_on[non++] = root;
    while (non || noff) {
        if (length + 2 > limit) break;
        length += 1;
        noff = 0;
        for (int q = 0; q < non; q++) {
            int node = s->queue_on[q], slot = s->nodes[node].key >> 1;
            for (int i = 0; i < l->noffs[slot]; i++) {
                int off = l->offs[slot][i], oslot = off >> 1;
                for (int j = 0; j < l->nons[oslot]; j++) {
                    int on = l->ons[oslot][j];
                    if (on == source) {
                        if (!is_ancestor(s, node, off)) {
                            int n = add_node(s, off, node, NO_CAUSE);
                            if (n < 0) return -1;
                            s->queue_off[noff++] = n;
                        }
                        break;
                    }
                    if (s->seen[on] != s->stamp) {
                        int n = add_node(s, off, node, NO_CAUSE);
                        if (n < 0) return -1;
                        s->queue_off[noff++] = n;
                        break;
                    }
                }
            }
        }
        length += 1;
        non = 0;
        for (int q = 0; q < noff; q++) {
            int node = s->queue_off[q], slot = s->nodes[node].key >> 1;
            for (int j = 0; j < l->nons[slot]; j++) {
                int on = l->ons[slot][j], cause = l->on_cause[slot][j];
                if (length >= 4 && on == source) {
                    int n = add_node(s, on, node, cause);
                    if (n < 0) return -1;
                    ends[nends++] = n;
                }
                if (s->seen[on] != s->stamp) {
                    s->seen[on] = s->stamp;
                    int n = add_node(s, on, node, cause);
                    if (n < 0) return -1;
                    s->queue_on[non++] = n;
                }
            }
        }
        noff = 0;
    }
    return nends;
}

/* chains.py's _forcing: follow start; the first potential whose opposite is start (and not
 * taken) ends the search: its node, or -1 when there is none (-2: out of nodes) */
static int forcing(Search *s, const Links *l, int start, long limit)
{
    int non = 0, noff = 0;
    long depth = 0;
    next_stamp(s);
    s->seen[start] = s->stamp;
    int root = add_node(s, start, -1, NO_CAUSE);
    if (root < 0) return -2;
    if (start & 1) s->queue_on[non++] = root;
    else s->queue_off[noff++] = root;
    while (non || noff) {
        if (depth + 2 > limit) return -1;
        depth += 1;
        if (non) {
            int count = non;
            non = 0;
            noff = 0;
            for (int q = 0; q < count; q++) {
                int node = s->queue_on[q], slot = s->nodes[node].key >> 1;
                for (int i = 0; i < l->noffs[slot]; i++) {
                    int off = l->offs[slot][i];
                    if ((off | 1) == start && s->taken[off] != (int)s->taken_stamp) {
                        s->taken[off] = (int)s->taken_stamp;
                        return add_node(s, off, node, NO_CAUSE) < 0 ? -2 : s->count - 1;
                    }
                    if (s->seen[off] != s->stamp) {
                        s->seen[off] = s->stamp;
                        int n = add_node(s, off, node, NO_CAUSE);
                        if (n < 0) return -2;
                        s->queue_off[noff++] = n;
                    }
                }
            }
            continue;
        }
        int count = noff;
        noff = 0;
        for (int q = 0; q < count; q++) {
            int node = s->queue_off[q], slot = s->nodes[node].key >> 1;
            for (int j = 0; j < l->nons[slot]; j++) {
                int on = l->ons[slot][j], cause = l->on_cause[slot][j];
                if ((on & ~1) == start && s->taken[on] != (int)s->taken_stamp) {
                    s->taken[on] = (int)s->taken_stamp;
                    return add_node(s, on, node, cause) < 0 ? -2 : s->count - 1;
                }
                if (s->seen[on] != s->stamp) {
                    s->seen[on] = s->stamp;
                    int n = add_node(s, on, node, cause);
                    if (n < 0) return -2;
                    s->queue_on[non++] = n;
                }
            }
        }
    }
    return -1;
}

/* ---- what a chain gives ---- */

/* chains.py's length_bonus (SE's getLengthDifficulty) */
static double length_bonus(long complexity)
{
    double added = 0.0;
    long ceiling = 4, length = complexity - 2;
    int odd = 0;
    while (length > ceiling) {
        added += 0.1;
        ceiling = odd ? ceiling * 4 / 3 : ceiling * 3 / 2;
        odd = !odd;
    }
    return added;
}

/* chains.py's max_length */
static long max_length(double base, double difficulty)
{
    if (difficulty >= 100) return BIG;
    if (base + length_bonus(0) > difficulty) return -1;
    long n = 0;
    while (base + length_bonus(n + 1) <= difficulty) {
        n += 1;
        if (n > 4096) return BIG;
    }
    return n;
}

/* len(_run_of(node).chain()): the distinct potentials of the path, as End.chain counts them */
static int flat_of(const Search *s, int node)
{
    int path[2048], n = 0;
    for (int i = node; i >= 0 && n < 2048; i = s->nodes[i].parent) path[n++] = i;
    /* _run_of: found[key] = parent key, from the root up to the node before the end (later
     * ones overwrite) */
    static int16_t parent_of[KEYS];
    static uint8_t has[KEYS], done[KEYS];
    for (int i = 0; i < n; i++) has[s->nodes[path[i]].key] = 0, done[s->nodes[path[i]].key] = 0;
    for (int i = n - 1; i >= 1; i--) {
        const Node *p = &s->nodes[path[i]];
        has[p->key] = 1;
        parent_of[p->key] = (int16_t)(p->parent >= 0 ? s->nodes[p->parent].key : -1);
    }
    int end = s->nodes[node].key, count = 1;
    done[end] = 1;
    int k = s->nodes[node].parent >= 0 ? s->nodes[s->nodes[node].parent].key : -1;
    while (k >= 0 && !done[k]) {
        done[k] = 1;
        count++;
        k = has[k] ? parent_of[k] : -1;
    }
    return count;
}

/* whether a cycle removes anything (chains.py's _cycle_hint): a candidate outside the cycle's
 * cells that sees one of its "on"s and one of its "off"s of the same digit */
static int cycle_removes(const Board *b, const Search *s, int node)
{
    mask_t forward[CELLS], backward[CELLS];
    uint8_t in_cycle[CELLS];
    memset(forward, 0, sizeof forward);
    memset(backward, 0, sizeof backward);
    memset(in_cycle, 0, sizeof in_cycle);
    for (int i = node; s->nodes[i].parent >= 0; i = s->nodes[i].parent)
        in_cycle[(s->nodes[i].key >> 1) / 9] = 1;
    for (int i = node; s->nodes[i].parent >= 0; i = s->nodes[i].parent) {
        int key = s->nodes[i].key, cell = (key >> 1) / 9, d = (key >> 1) % 9;
        for (int j = 0; j < 20; j++) {
            int p = PEERS[cell][j];
            if (!in_cycle[p] && (b->cands[p] >> d & 1)) {
                if (key & 1) forward[p] |= (mask_t)(1u << d);
                else backward[p] |= (mask_t)(1u << d);
            }
        }
    }
    for (int cell = 0; cell < CELLS; cell++)
        if (forward[cell] & backward[cell]) return 1;
    return 0;
}

/* ---- the Python boundary ---- */

static int read_board(PyObject *values_seq, PyObject *cands_seq, Board *b)
{
    PyObject *seqs[2] = {values_seq, cands_seq};
    const char *names[2] = {"values", "cands"};
    for (int which = 0; which < 2; which++) {
        PyObject *fast = PySequence_Fast(seqs[which], "the board's values and candidates are lists");
        if (fast == NULL) return -1;
        if (PySequence_Fast_GET_SIZE(fast) != CELLS) {
            PyErr_Format(PyExc_ValueError, "%s: %zd cells, the board has 81", names[which],
                         PySequence_Fast_GET_SIZE(fast));
            Py_DECREF(fast);
            return -1;
        }
        for (int cell = 0; cell < CELLS; cell++) {
            PyObject *item = PySequence_Fast_GET_ITEM(fast, cell);
            long v = PyLong_Check(item) ? PyLong_AsLong(item) : -1;
            if (v == -1 && PyErr_Occurred()) PyErr_Clear();
            long top = which ? 511 : 9;
            if (v < 0 || v > top) {
                PyErr_Format(PyExc_ValueError, which ? "cands: cell %d is not a set of 9 digits"
                             : "values: cell %d holds no digit 0-9", cell);
                Py_DECREF(fast);
                return -1;
            }
            if (which) b->cands[cell] = (mask_t)v;
            else b->values[cell] = (int)v;
        }
        Py_DECREF(fast);
    }
    memset(b->positions, 0, sizeof b->positions);
    for (int cell = 0; cell < CELLS; cell++)
        for (int kind = 0; kind < 3; kind++)
            for (mask_t m = b->cands[cell]; m; m &= m - 1)
                b->positions[SLOT_REGION[cell][kind] * 9 + low_bit(m)] |=
                    (mask_t)(1u << SLOT_INDEX[cell][kind]);
    return 0;
}

/* a found chain as (kind, flat, ((key, cause or None), ...) from its end to its root) */
static PyObject *chain_tuple(const Search *s, int kind, int node, int flat)
{
    int n = 0;
    for (int i = node; i >= 0; i = s->nodes[i].parent) n++;
    PyObject *path = PyTuple_New(n);
    if (path == NULL) return NULL;
    int at = 0;
    for (int i = node; i >= 0; i = s->nodes[i].parent) {
        const Node *p = &s->nodes[i];
        PyObject *item = p->cause == NO_CAUSE ? Py_BuildValue("(iO)", p->key, Py_None)
                                              : Py_BuildValue("(ii)", p->key, p->cause);
        if (item == NULL) {
            Py_DECREF(path);
            return NULL;
        }
        PyTuple_SET_ITEM(path, at++, item);
    }
    return Py_BuildValue("(iiN)", kind, flat, path);
}

static PyObject *py_unary_chains(PyObject *self, PyObject *args)
{
    PyObject *values_seq, *cands_seq, *easiest_obj;
    int with_y, with_x;
    long limit;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOpplO", &values_seq, &cands_seq, &with_y, &with_x, &limit,
                          &easiest_obj))
        return NULL;
    double easiest = 0.0;
    int with_easiest = easiest_obj != Py_None;
    if (with_easiest) {
        easiest = PyFloat_AsDouble(easiest_obj);
        if (easiest == -1.0 && PyErr_Occurred()) return NULL;
    }
    if (!with_y && !with_x) {
        PyErr_SetString(PyExc_ValueError, "unary chains need X or Y links");
        return NULL;
    }
    if (limit > BIG) limit = BIG;
    Board board;
    if (read_board(values_seq, cands_seq, &board) < 0) return NULL;

    Links *links = malloc(sizeof *links);
    Search *s = malloc(sizeof *s);
    Node *nodes = malloc(sizeof(Node) * MAX_NODES);
    int *ends = malloc(sizeof(int) * MAX_NODES);
    PyObject *result = PyList_New(0);
    if (!links || !s || !nodes || !ends || !result) {
        free(links), free(s), free(nodes), free(ends);
        Py_XDECREF(result);
        return PyErr_NoMemory();
    }
    memset(s->seen, 0, sizeof s->seen);
    memset(s->taken, 0, sizeof s->taken);
    s->stamp = 0;
    s->taken_stamp = 0;
    s->nodes = nodes;
    build_links(&board, links, with_y, with_x);

    int both = with_x && with_y;
    double base = both ? 7.0 : 6.5, cycle_base = base, forcing_base = both ? 7.0 : 6.6;
    double least = 0.0; /* the easiest hint found in this call */
    int any = 0;
    if (with_easiest) {
        long most = max_length(base, easiest);
        if (most < limit) limit = most;
    }
    for (int cell = 0; cell < CELLS; cell++) {
        mask_t m = board.cands[cell];
        if (board.values[cell] || bits(m) < 2) continue;
        if (!with_x && bits(m) > 2) continue; /* Y-cycles start from bivalue cells */
        for (; m; m &= m - 1) {
            int d = low_bit(m);
            if (limit < 2) goto done;
            if (PyErr_CheckSignals() < 0) goto failed;
            int source = ((cell * 9 + d) << 1) | 1;
            s->count = 0;
            int nends = cycles(s, links, source, limit, ends);
            if (nends < 0) goto overflow;
            int chains[2], nchains = 0;
            if (with_x) {
                s->taken_stamp++;
                for (int flip = 0; flip < 2; flip++) {
                    int node = forcing(s, links, source ^ flip, limit);
                    if (node == -2) goto overflow;
                    if (node >= 0) chains[nchains++] = node;
                }
            }
            for (int i = 0; i < nends + nchains; i++) {
                int kind = i >= nends, node = kind ? chains[i - nends] : ends[i];
                int key = s->nodes[node].key;
                if (kind == 0 && !cycle_removes(&board, s, node)) continue;
                if (kind == 1 && (key & 1) && !(board.cands[(key >> 1) / 9] & ~(1u << ((key >> 1) % 9))))
                    continue; /* an "on" in a cell with no other candidate removes nothing */
                int flat = flat_of(s, node);
                double difficulty = (kind ? forcing_base : cycle_base) + length_bonus(flat);
                if (!any || difficulty < least) least = difficulty;
                any = 1;
                PyObject *item = chain_tuple(s, kind, node, flat);
                if (item == NULL || PyList_Append(result, item) < 0) {
                    Py_XDECREF(item);
                    goto failed;
                }
                Py_DECREF(item);
            }
            if (with_easiest && any) {
                double wanted = easiest < least ? easiest : least;
                long most = max_length(base, wanted);
                if (most < limit) limit = most;
            }
        }
    }
done:
    free(links), free(s), free(nodes), free(ends);
    return result;
overflow:
    PyErr_SetString(PyExc_RuntimeError, "unary chains: out of nodes");
failed:
    free(links), free(s), free(nodes), free(ends);
    Py_DECREF(result);
    return NULL;
}

static PyMethodDef methods[] = {
    {"unary_chains", py_unary_chains, METH_VARARGS,
     "unary_chains(values, cands, with_y, with_x, limit, easiest) -> [(kind, flat, path)]: "
     "chains.py's unary_chains, each chain with removals as kind 0 (cycle) or 1 (forcing), its "
     "number of potentials and its path of (key, cause) from its end to its root."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_chains",
    "The compiled twin of Sudoku Explainer's chains (core/sudoku/explainer/chains.py).", -1,
    methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__chains(void)
{
    build_geometry();
    return PyModule_Create(&module);
}
