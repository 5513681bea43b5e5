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

/* A search's memory (~0.7 MB), kept for the next call: allocating it each time cost more than
 * many searches. A call made while it is in use (a signal handler rating a puzzle) gets its
 * own. It holds no Python object. */
typedef struct {
    Links links;
    Search search;
    Node nodes[MAX_NODES];
    int ends[MAX_NODES];
} UnaryWork;

static UnaryWork *spare_work;
static int spare_busy;

static UnaryWork *unary_work(void)
{
    if (spare_work != NULL && !spare_busy) {
        spare_busy = 1;
        return spare_work;
    }
    return malloc(sizeof(UnaryWork));
}

static void unary_done(UnaryWork *work)
{
    if (work == NULL) return;
    if (work == spare_work) spare_busy = 0;
    else if (spare_work == NULL) spare_work = work;
    else free(work);
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

    UnaryWork *work = unary_work();
    PyObject *result = work ? PyList_New(0) : NULL;
    if (result == NULL) {
        unary_done(work);
        return work ? NULL : PyErr_NoMemory();
    }
    Links *links = &work->links;
    Search *s = &work->search;
    Node *nodes = work->nodes;
    int *ends = work->ends;
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
    unary_done(work);
    return result;
overflow:
    PyErr_SetString(PyExc_RuntimeError, "unary chains: out of nodes");
failed:
    unary_done(work);
    Py_DECREF(result);
    return NULL;
}

/* ---- chaining that branches: multiple, dynamic and Nishio forcing chains (level 0) ---- */

/* chains.py's Chaining.hints for a chaining without nested techniques: SE's doChaining from
 * every candidate on and off (each once a board: runs are remembered by their first key), the
 * conclusions they share (binary, cell and region forcing chains) and their contradictions, in
 * the order chains.py's _multiple_chains meets them. */

#define MAX_PARENTS 9  /* the potential itself and the candidates gone from a cell or region */

typedef struct {
    int16_t key;
    int8_t cause;
    uint8_t nparents;
    int16_t parents[MAX_PARENTS];
} Entry;

typedef struct {
    int start, count;  /* its entries in the arena */
    int clash;         /* whether it ended in a contradiction */
    Entry ends[2];     /* the (on, off) ends of the contradiction (not stored in the run) */
    int end_stored[2]; /* which of them is the stored entry of its key */
} RunInfo;

typedef struct {
    Board board, source;
    int multiple, dynamic, nishio;
    Entry *arena;
    int arena_count, arena_size;
    uint16_t *index;   /* run * KEYS + key -> entry index in the run + 1, 0 when absent */
    RunInfo *runs;
    int nruns, runs_size;
    int memo[KEYS];    /* key -> its run, or -1 */
    int16_t queue_on[KEYS], queue_off[KEYS];
    long steps;
    uint32_t chain_done[KEYS], chain_stamp; /* chain_keys' potentials met */
} Chaining;

static int new_run(Chaining *c)
{
    if (c->nruns == c->runs_size) {
        int size = c->runs_size ? 2 * c->runs_size : 8;
        RunInfo *runs = realloc(c->runs, sizeof(RunInfo) * size);
        if (runs == NULL) return -1;
        c->runs = runs;
        uint16_t *index = realloc(c->index, sizeof(uint16_t) * KEYS * size);
        if (index == NULL) return -1;
        c->index = index;
        c->runs_size = size;
    }
    int r = c->nruns++;
    memset(c->index + (size_t)r * KEYS, 0, sizeof(uint16_t) * KEYS);
    c->runs[r].start = c->arena_count;
    c->runs[r].count = 0;
    c->runs[r].clash = 0;
    return r;
}

static int in_run(const Chaining *c, int r, int key)
{
    return c->index[(size_t)r * KEYS + key] != 0;
}

static const Entry *entry_of(const Chaining *c, int r, int key)
{
    return &c->arena[c->runs[r].start + c->index[(size_t)r * KEYS + key] - 1];
}

/* found[key] = (parents, cause): the run being made is the last one */
static int store(Chaining *c, int r, const Entry *e)
{
    if (c->arena_count == c->arena_size) {
        int size = c->arena_size ? 2 * c->arena_size : 1024;
        Entry *arena = realloc(c->arena, sizeof(Entry) * size);
        if (arena == NULL) return -1;
        c->arena = arena;
        c->arena_size = size;
    }
    c->arena[c->arena_count++] = *e;
    c->index[(size_t)r * KEYS + e->key] = (uint16_t)(++c->runs[r].count);
    return 0;
}

static void set_end(Chaining *c, int r, int which, const Entry *e, int stored)
{
    c->runs[r].ends[which] = *e;
    c->runs[r].end_stored[which] = stored;
}

static void remove_candidate(Board *b, int cell, int d)
{
    b->cands[cell] &= (mask_t)~(1u << d);
    for (int kind = 0; kind < 3; kind++)
        b->positions[SLOT_REGION[cell][kind] * 9 + d] &= (mask_t)~(1u << SLOT_INDEX[cell][kind]);
}

/* chains.py's _after_on: 1 on a contradiction, 0 else, -1 out of memory */
static int after_on(Chaining *c, int r, int k, int *noff, int with_cells)
{
    const Board *b = &c->board;
    int cell = (k >> 1) / 9, d = (k >> 1) % 9;
    Entry e = {.cause = NO_CAUSE, .nparents = 1, .parents = {(int16_t)k}};
    int offs[MAX_OFFS], n = 0;
    if (with_cells)
        for (mask_t m = b->cands[cell] & (mask_t)~(1u << d); m; m &= m - 1)
            offs[n++] = (cell * 9 + low_bit(m)) << 1;
    for (int i = 0; i < 20; i++) {
        int p = HOUSE[cell][i];
        if (b->cands[p] >> d & 1) offs[n++] = (p * 9 + d) << 1;
    }
    for (int i = 0; i < n; i++) {
        int off = offs[i];
        if (in_run(c, r, off | 1)) {
            set_end(c, r, 0, entry_of(c, r, off | 1), 1);
            e.key = (int16_t)off;
            set_end(c, r, 1, &e, 0);
            return 1;
        }
        if (!in_run(c, r, off)) {
            e.key = (int16_t)off;
            if (store(c, r, &e) < 0) return -1;
            c->queue_off[(*noff)++] = (int16_t)off;
        }
    }
    return 0;
}

/* chains.py's off_to_on with the source board (dynamic: the candidates gone since are parents
 * too), into `made`; returns how many */
static int made_by_off(const Chaining *c, int k, int with_cells, Entry *made)
{
    const Board *b = &c->board, *src = &c->source;
    int cell = (k >> 1) / 9, d = (k >> 1) % 9, n = 0;
    mask_t m = b->cands[cell];
    if (with_cells && bits(m) == 2) {
        Entry *e = &made[n++];
        e->key = (int16_t)(((cell * 9 + low_bit(m & (mask_t)~(1u << d))) << 1) | 1);
        e->cause = NAKED;
        e->nparents = 1;
        e->parents[0] = (int16_t)k;
        if (c->dynamic)
            for (mask_t gone = src->cands[cell] & (mask_t)~m; gone; gone &= gone - 1)
                e->parents[e->nparents++] = (int16_t)((cell * 9 + low_bit(gone)) << 1);
    }
    for (int kind = 0; kind < 3; kind++) {
        int region = SLOT_REGION[cell][kind];
        mask_t now = b->positions[region * 9 + d];
        mask_t places = now & (mask_t)~(1u << SLOT_INDEX[cell][kind]);
        if (!places || (places & (places - 1))) continue;
        Entry *e = &made[n++];
        e->key = (int16_t)(((REGION_CELLS[region][low_bit(places)] * 9 + d) << 1) | 1);
        e->cause = (int8_t)kind;
        e->nparents = 1;
        e->parents[0] = (int16_t)k;
        if (c->dynamic)
            for (mask_t gone = src->positions[region * 9 + d] & (mask_t)~now; gone; gone &= gone - 1)
                e->parents[e->nparents++] = (int16_t)((REGION_CELLS[region][low_bit(gone)] * 9 + d) << 1);
    }
    return n;
}

/* chains.py's _after_off */
static int after_off(Chaining *c, int r, int k, int *non, int with_cells)
{
    Entry made[MAX_ONS];
    int n = made_by_off(c, k, with_cells, made);
    if (c->dynamic) remove_candidate(&c->board, (k >> 1) / 9, (k >> 1) % 9);
    for (int i = 0; i < n; i++) {
        int on = made[i].key;
        if (in_run(c, r, on ^ 1)) {
            set_end(c, r, 0, &made[i], 0);
            set_end(c, r, 1, entry_of(c, r, on ^ 1), 1);
            return 1;
        }
        if (!in_run(c, r, on)) {
            if (store(c, r, &made[i]) < 0) return -1;
            c->queue_on[(*non)++] = (int16_t)on;
        }
    }
    return 0;
}

/* chains.py's chain_from: the run of potential k (made once a board); -1 with a Python error
 * (out of memory, interrupted) */
static int chain_from(Chaining *c, int k)
{
    if (c->memo[k] >= 0) return c->memo[k];
    int r = new_run(c);
    Entry e = {.key = (int16_t)k, .cause = NO_CAUSE, .nparents = 0};
    if (r < 0 || store(c, r, &e) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    int non = 0, noff = 0, on_at = 0, off_at = 0, with_cells = !c->nishio, clash = 0;
    if (k & 1) c->queue_on[non++] = (int16_t)k;
    else c->queue_off[noff++] = (int16_t)k;
    while (!clash) {
        if (++c->steps % 4096 == 0 && PyErr_CheckSignals() < 0) return -1;
        if (on_at < non) clash = after_on(c, r, c->queue_on[on_at++], &noff, with_cells);
        else if (off_at < noff) clash = after_off(c, r, c->queue_off[off_at++], &non, with_cells);
        else break;
        if (clash < 0) {
            PyErr_NoMemory();
            return -1;
        }
    }
    c->runs[r].clash = clash;
    if (c->dynamic) c->board = c->source;
    c->memo[k] = r;
    return r;
}

/* the hints found, as Python tuples: (kind, target, turn_on, a, b, ends), each end as
 * (run, key, parents, cause) */
enum { ABSURD, DOUBLE, CELL_FORCING, REGION_FORCING };

typedef struct {
    PyObject *hints;
    uint8_t *used; /* runs a hint refers to */
} Found;

static PyObject *end_tuple(const Entry *e, int r)
{
    PyObject *parents = PyTuple_New(e->nparents);
    if (parents == NULL) return NULL;
    for (int i = 0; i < e->nparents; i++) {
        PyObject *p = PyLong_FromLong(e->parents[i]);
        if (p == NULL) {
            Py_DECREF(parents);
            return NULL;
        }
        PyTuple_SET_ITEM(parents, i, p);
    }
    if (e->cause == NO_CAUSE) return Py_BuildValue("(iiNO)", r, e->key, parents, Py_None);
    return Py_BuildValue("(iiNi)", r, e->key, parents, e->cause);
}

/* End.chain(): the potentials behind an end, breadth first, by parent order (SE's getChain) */
static PyObject *chain_keys(Chaining *c, int r, const Entry *end)
{
    if (++c->chain_stamp == 0) {
        memset(c->chain_done, 0, sizeof c->chain_done);
        c->chain_stamp = 1;
    }
    size_t size = (size_t)c->runs[r].count * MAX_PARENTS + MAX_PARENTS + 1, at = 0, n = 0;
    int16_t *queue = malloc(sizeof(int16_t) * size);
    PyObject *out = PyList_New(0);
    if (queue == NULL || out == NULL) {
        free(queue);
        Py_XDECREF(out);
        return PyErr_NoMemory();
    }
    c->chain_done[end->key] = c->chain_stamp;
    PyObject *first = PyLong_FromLong(end->key);
    if (first == NULL || PyList_Append(out, first) < 0) goto failed;
    Py_CLEAR(first);
    for (int i = 0; i < end->nparents; i++) queue[n++] = end->parents[i];
    while (at < n) {
        int k = queue[at++];
        if (c->chain_done[k] == c->chain_stamp) continue;
        c->chain_done[k] = c->chain_stamp;
        PyObject *v = PyLong_FromLong(k);
        if (v == NULL || PyList_Append(out, v) < 0) {
            Py_XDECREF(v);
            goto failed;
        }
        Py_DECREF(v);
        if (!in_run(c, r, k)) continue; /* cannot be: every parent was met before its child */
        const Entry *e = entry_of(c, r, k);
        for (int i = 0; i < e->nparents && n < size; i++) queue[n++] = e->parents[i];
    }
    free(queue);
    PyObject *tuple = PyList_AsTuple(out);
    Py_DECREF(out);
    return tuple;
failed:
    Py_XDECREF(first);
    free(queue);
    Py_DECREF(out);
    return NULL;
}

static int emit(Chaining *c, Found *f, int kind, int target, int turn_on, int a, int b,
                const Entry **ends, const int *runs, int nends)
{
    /* chains.py's _hint: turning a cell on removes its other candidates (maybe none) */
    int cell = (target >> 1) / 9, d = (target >> 1) % 9;
    if (turn_on && !(c->source.cands[cell] & (mask_t)~(1u << d))) return 0;
    PyObject *tuple = PyTuple_New(nends);
    if (tuple == NULL) return -1;
    for (int i = 0; i < nends; i++) {
        PyObject *end = end_tuple(ends[i], runs[i]), *full = NULL;
        PyObject *keys = end ? chain_keys(c, runs[i], ends[i]) : NULL;
        if (keys != NULL && (full = PyTuple_New(5)) != NULL) {
            for (int j = 0; j < 4; j++) PyTuple_SET_ITEM(full, j, Py_NewRef(PyTuple_GET_ITEM(end, j)));
            PyTuple_SET_ITEM(full, 4, keys);
            keys = NULL;
        }
        Py_XDECREF(keys);
        Py_XDECREF(end);
        if (full == NULL) {
            Py_DECREF(tuple);
            return -1;
        }
        PyTuple_SET_ITEM(tuple, i, full);
        f->used[runs[i]] = 1;
    }
    PyObject *hint = Py_BuildValue("(iiiiiN)", kind, target, turn_on, a, b, tuple);
    if (hint == NULL) return -1;
    int failed = PyList_Append(f->hints, hint);
    Py_DECREF(hint);
    return failed;
}

/* chains.py's _binary: the candidate on, then off; returns the "on" run */
static int binary(Chaining *c, Found *f, int cell, int d, int n)
{
    int dbl = n >= 3 && !c->nishio && c->dynamic, contradiction = c->dynamic || c->nishio;
    int on_key = ((cell * 9 + d) << 1) | 1;
    int on_run = chain_from(c, on_key);
    if (on_run < 0) return on_run;
    if (contradiction && c->runs[on_run].clash) {
        const RunInfo *ri = &c->runs[on_run];
        const Entry *ends[2] = {&ri->ends[0], &ri->ends[1]};
        int runs[2] = {on_run, on_run};
        if (emit(c, f, ABSURD, on_key, 0, 0, 0, ends, runs, 2) < 0) return -1;
    }
    if (!(dbl || contradiction)) return on_run;
    int off_run = chain_from(c, on_key ^ 1);
    if (off_run < 0) return off_run;
    if (contradiction && c->runs[off_run].clash) {
        const RunInfo *ri = &c->runs[off_run];
        const Entry *ends[2] = {&ri->ends[0], &ri->ends[1]};
        int runs[2] = {off_run, off_run};
        if (emit(c, f, ABSURD, on_key ^ 1, 1, 0, 0, ends, runs, 2) < 0) return -1;
    }
    if (dbl)
        for (int on = 1; on >= 0; on--) {
            const RunInfo *ri = &c->runs[on_run];
            for (int i = 0; i < ri->count; i++) {
                int k = c->arena[ri->start + i].key;
                if ((k & 1) != on || !in_run(c, off_run, k)) continue;
                const Entry *ends[2] = {entry_of(c, on_run, k), entry_of(c, off_run, k)};
                int runs[2] = {on_run, off_run};
                if (emit(c, f, DOUBLE, k, on, 0, 0, ends, runs, 2) < 0) return -1;
            }
        }
    return on_run;
}

/* the conclusions every run shares, in the first run's order, "on"s first */
static int reductions(Chaining *c, Found *f, int kind, int a, int b, const int *runs, int nruns)
{
    const RunInfo *first = &c->runs[runs[0]];
    for (int on = 1; on >= 0; on--)
        for (int i = 0; i < first->count; i++) {
            int k = c->arena[first->start + i].key, all = 1;
            if ((k & 1) != on) continue;
            for (int j = 1; j < nruns && all; j++) all = in_run(c, runs[j], k);
            if (!all) continue;
            const Entry *ends[9];
            for (int j = 0; j < nruns; j++) ends[j] = entry_of(c, runs[j], k);
            if (emit(c, f, kind, k, on, a, b, ends, runs, nruns) < 0) return -1;
        }
    return 0;
}

/* chains.py's _regions: region forcing chains of the digit where `cell` is its first place */
static int regions(Chaining *c, Found *f, int cell, int d, int run)
{
    for (int kind = 0; kind < 3; kind++) {
        int region = SLOT_REGION[cell][kind];
        mask_t places = c->source.positions[region * 9 + d];
        int count = bits(places);
        if (!(count == 2 || (c->multiple && count > 2))) continue;
        if (REGION_CELLS[region][low_bit(places)] != cell) continue;
        int runs[9], n = 0;
        for (mask_t m = places; m; m &= m - 1) {
            int other = REGION_CELLS[region][low_bit(m)];
            int r = other == cell ? run : chain_from(c, ((other * 9 + d) << 1) | 1);
            if (r < 0) return r;
            runs[n++] = r;
        }
        if (reductions(c, f, REGION_FORCING, d, region, runs, n) < 0) return -1;
    }
    return 0;
}

/* ---- one chain of a nested chaining (levels 1 and up) ---- */

/* chains.py's chain_from of a dynamic chaining with nested techniques: the propagation above;
 * when it stops, `advance(cands, positions)` (chains.py: the techniques nested in the chain, on
 * the chain's board) gives (off key, parents, nested hint) that continue it, with the parents
 * not met so far left out (as chains.py's _advance does). */

#define ADVANCED 4

typedef struct {
    Chaining *c;
    PyObject *advanced[KEYS]; /* key -> (parents tuple, nested hint) of an advanced "off" */
} Nested;

static PyObject *board_lists(const Board *b)
{
    PyObject *cands = PyList_New(CELLS), *positions = PyList_New(27 * 9);
    if (cands == NULL || positions == NULL) goto failed;
    for (int i = 0; i < CELLS; i++) {
        PyObject *v = PyLong_FromLong(b->cands[i]);
        if (v == NULL) goto failed;
        PyList_SET_ITEM(cands, i, v);
    }
    for (int i = 0; i < 27 * 9; i++) {
        PyObject *v = PyLong_FromLong(b->positions[i]);
        if (v == NULL) goto failed;
        PyList_SET_ITEM(positions, i, v);
    }
    return Py_BuildValue("(NN)", cands, positions);
failed:
    Py_XDECREF(cands);
    Py_XDECREF(positions);
    return NULL;
}

static int key_of(PyObject *item, int *key)
{
    long k = PyLong_Check(item) ? PyLong_AsLong(item) : -1;
    if (k == -1 && PyErr_Occurred()) PyErr_Clear();
    if (k < 0 || k >= KEYS) {
        PyErr_SetString(PyExc_ValueError, "advance: a potential is not a key of the board");
        return -1;
    }
    *key = (int)k;
    return 0;
}

/* one call of advance: 1 when it added an "off", 0 when not, -1 on an error */
static int advance_once(Nested *n, PyObject *advance, int *noff)
{
    Chaining *c = n->c;
    PyObject *args = board_lists(&c->board);
    if (args == NULL) return -1;
    PyObject *offs = PyObject_CallObject(advance, args);
    Py_DECREF(args);
    if (offs == NULL) return -1;
    PyObject *fast = PySequence_Fast(offs, "advance: a list of (off, parents, nested)");
    Py_DECREF(offs);
    if (fast == NULL) return -1;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(fast);
    PyObject **kept = calloc((size_t)count + 1, sizeof(PyObject *));
    int *keys = calloc((size_t)count + 1, sizeof(int)), added = 0, failed = 0;
    if (kept == NULL || keys == NULL) {
        PyErr_NoMemory();
        failed = 1;
    }
    /* the parents met so far, for every removal, before any is added */
    for (Py_ssize_t i = 0; i < count && !failed; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(fast, i), *off, *parents, *nested;
        if (!PyTuple_Check(item) || !PyArg_ParseTuple(item, "OOO", &off, &parents, &nested)) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_TypeError, "advance: a list of (off, parents, nested)");
            failed = 1;
            break;
        }
        if (key_of(off, &keys[i]) < 0 || (keys[i] & 1)) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "advance: an \"on\" is no removal");
            failed = 1;
            break;
        }
        PyObject *pf = PySequence_Fast(parents, "advance: parents are a tuple of keys");
        if (pf == NULL) {
            failed = 1;
            break;
        }
        PyObject *real = PyList_New(0);
        for (Py_ssize_t j = 0; real != NULL && j < PySequence_Fast_GET_SIZE(pf); j++) {
            int p;
            if (key_of(PySequence_Fast_GET_ITEM(pf, j), &p) < 0) {
                Py_CLEAR(real);
                break;
            }
            if (in_run(c, 0, p) && PyList_Append(real, PySequence_Fast_GET_ITEM(pf, j)) < 0)
                Py_CLEAR(real);
        }
        Py_DECREF(pf);
        if (real == NULL) {
            failed = 1;
            break;
        }
        kept[i] = Py_BuildValue("(NO)", PyList_AsTuple(real), nested);
        Py_DECREF(real);
        if (kept[i] == NULL) {
            failed = 1;
            break;
        }
    }
    for (Py_ssize_t i = 0; i < count && !failed; i++) {
        int off = keys[i];
        if (in_run(c, 0, off)) continue;
        Entry e = {.key = (int16_t)off, .cause = ADVANCED, .nparents = 0};
        if (store(c, 0, &e) < 0) {
            PyErr_NoMemory();
            failed = 1;
            break;
        }
        n->advanced[off] = Py_NewRef(kept[i]);
        c->queue_off[(*noff)++] = (int16_t)off;
        added = 1;
    }
    for (Py_ssize_t i = 0; i < count; i++) Py_XDECREF(kept[i]);
    free(kept);
    free(keys);
    Py_DECREF(fast);
    return failed ? -1 : added;
}

/* an entry as (key, parents, cause, nested) */
static PyObject *nested_entry(const Nested *n, const Entry *e, int stored)
{
    PyObject *extra = stored ? n->advanced[e->key] : NULL;
    if (extra != NULL)
        return Py_BuildValue("(iOiO)", e->key, PyTuple_GET_ITEM(extra, 0), ADVANCED,
                             PyTuple_GET_ITEM(extra, 1));
    PyObject *end = end_tuple(e, 0); /* (run, key, parents, cause) */
    if (end == NULL) return NULL;
    PyObject *out = Py_BuildValue("(OOOO)", PyTuple_GET_ITEM(end, 1), PyTuple_GET_ITEM(end, 2),
                                  PyTuple_GET_ITEM(end, 3), Py_None);
    Py_DECREF(end);
    return out;
}

static PyObject *nested_result(const Nested *n, int clash)
{
    const Chaining *c = n->c;
    const RunInfo *ri = &c->runs[0];
    PyObject *found = PyList_New(ri->count), *ends = NULL;
    if (found == NULL) return NULL;
    for (int i = 0; i < ri->count; i++) {
        PyObject *item = nested_entry(n, &c->arena[ri->start + i], 1);
        if (item == NULL) {
            Py_DECREF(found);
            return NULL;
        }
        PyList_SET_ITEM(found, i, item);
    }
    if (!clash) return Py_BuildValue("(NO)", found, Py_None);
    PyObject *a = nested_entry(n, &ri->ends[0], ri->end_stored[0]);
    PyObject *b = a ? nested_entry(n, &ri->ends[1], ri->end_stored[1]) : NULL;
    if (b != NULL) ends = Py_BuildValue("(NN)", a, b);
    else Py_XDECREF(a);
    if (ends == NULL) {
        Py_DECREF(found);
        return NULL;
    }
    return Py_BuildValue("(NN)", found, ends);
}

static PyObject *py_nested_run(PyObject *self, PyObject *args)
{
    PyObject *values_seq, *cands_seq, *advance, *result = NULL;
    int k;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOiO", &values_seq, &cands_seq, &k, &advance)) return NULL;
    if (k < 0 || k >= KEYS) {
        PyErr_Format(PyExc_ValueError, "no potential %d on a 9x9 board", k);
        return NULL;
    }
    if (!PyCallable_Check(advance)) {
        PyErr_SetString(PyExc_TypeError, "advance: a callable");
        return NULL;
    }
    Chaining *c = calloc(1, sizeof *c);
    Nested *n = calloc(1, sizeof *n);
    if (c == NULL || n == NULL) {
        free(c), free(n);
        return PyErr_NoMemory();
    }
    n->c = c;
    if (read_board(values_seq, cands_seq, &c->source) < 0) goto done;
    c->board = c->source;
    c->multiple = 1, c->dynamic = 1, c->nishio = 0;
    int r = new_run(c);
    Entry e = {.key = (int16_t)k, .cause = NO_CAUSE, .nparents = 0};
    if (r < 0 || store(c, r, &e) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    int non = 0, noff = 0, on_at = 0, off_at = 0, clash = 0;
    if (k & 1) c->queue_on[non++] = (int16_t)k;
    else c->queue_off[noff++] = (int16_t)k;
    for (;;) {
        if (++c->steps % 4096 == 0 && PyErr_CheckSignals() < 0) goto done;
        if (on_at < non) {
            clash = after_on(c, 0, c->queue_on[on_at++], &noff, 1);
        } else if (off_at < noff) {
            clash = after_off(c, 0, c->queue_off[off_at++], &non, 1);
        } else {
            int added = advance_once(n, advance, &noff);
            if (added < 0) goto done;
            if (!added) break;
            continue;
        }
        if (clash < 0) {
            PyErr_NoMemory();
            goto done;
        }
        if (clash) break;
    }
    c->runs[0].clash = clash;
    result = nested_result(n, clash);
done:
    for (int i = 0; i < KEYS; i++) Py_XDECREF(n->advanced[i]);
    free(c->arena);
    free(c->index);
    free(c->runs);
    free(c);
    free(n);
    return result;
}

/* chains.py's _for_cell */
static int for_cell(Chaining *c, Found *f, int cell, int n)
{
    int by_value[9], count = 0;
    for (mask_t m = c->source.cands[cell]; m; m &= m - 1) {
        int d = low_bit(m);
        int run = binary(c, f, cell, d, n);
        if (run < 0) return -1;
        if (!c->nishio && regions(c, f, cell, d, run) < 0) return -1;
        by_value[count++] = run;
    }
    if (c->nishio || !(n == 2 || (c->multiple && n > 2))) return 0;
    return reductions(c, f, CELL_FORCING, cell, 0, by_value, count);
}

static PyObject *run_tuple(const Chaining *c, int r)
{
    const RunInfo *ri = &c->runs[r];
    PyObject *out = PyTuple_New(ri->count);
    if (out == NULL) return NULL;
    for (int i = 0; i < ri->count; i++) {
        PyObject *end = end_tuple(&c->arena[ri->start + i], r);
        if (end == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, end);
    }
    return out;
}

static PyObject *chaining_result(Chaining *c, Found *f)
{
    PyObject *runs = PyList_New(c->nruns);
    if (runs == NULL) return NULL;
    for (int r = 0; r < c->nruns; r++) {
        PyObject *item = f->used[r] ? run_tuple(c, r) : Py_NewRef(Py_None);
        if (item == NULL) {
            Py_DECREF(runs);
            return NULL;
        }
        PyList_SET_ITEM(runs, r, item);
    }
    return Py_BuildValue("(ON)", f->hints, runs);
}

static PyObject *py_chaining(PyObject *self, PyObject *args)
{
    PyObject *values_seq, *cands_seq, *stop;
    int multiple, dynamic, nishio;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOpppO", &values_seq, &cands_seq, &multiple, &dynamic, &nishio,
                          &stop))
        return NULL;
    if (stop != Py_None && !PyCallable_Check(stop)) {
        PyErr_SetString(PyExc_TypeError, "stop: a callable or None");
        return NULL;
    }
    Chaining *c = calloc(1, sizeof *c);
    Found f = {NULL, NULL};
    PyObject *result = NULL;
    if (c == NULL) return PyErr_NoMemory();
    if (read_board(values_seq, cands_seq, &c->source) < 0) goto done;
    c->board = c->source;
    c->multiple = multiple, c->dynamic = dynamic, c->nishio = nishio;
    for (int k = 0; k < KEYS; k++) c->memo[k] = -1;
    f.hints = PyList_New(0);
    f.used = calloc(KEYS + 1, 1);
    if (f.hints == NULL || f.used == NULL) {
        if (f.used == NULL) PyErr_NoMemory();
        goto done;
    }
    for (int cell = 0; cell < CELLS; cell++) {
        if (c->source.values[cell]) continue;
        if (stop != Py_None) {
            PyObject *said = PyObject_CallNoArgs(stop);
            if (said == NULL) goto done;
            int truth = PyObject_IsTrue(said);
            Py_DECREF(said);
            if (truth < 0) goto done;
            if (truth) {
                result = Py_NewRef(Py_None);  /* stopped: chains.py raises Stopped */
                goto done;
            }
        }
        int n = bits(c->source.cands[cell]);
        if ((n > 2 || (n > 1 && dynamic)) && for_cell(c, &f, cell, n) < 0) goto done;
    }
    result = chaining_result(c, &f);
done:
    Py_XDECREF(f.hints);
    free(f.used);
    free(c->arena);
    free(c->index);
    free(c->runs);
    free(c);
    return result;
}

static PyMethodDef methods[] = {
    {"nested_run", py_nested_run, METH_VARARGS,
     "nested_run(values, cands, key, advance) -> (found, ends or None): chains.py's chain_from "
     "of a nested dynamic chaining; found lists (key, parents, cause, nested) in order, ends the "
     "(on, off) of its contradiction; advance(cands, positions) -> [(off, parents, nested)]."},
    {"chaining", py_chaining, METH_VARARGS,
     "chaining(values, cands, multiple, dynamic, nishio, stop) -> (hints, runs) or None when "
     "stop said so: chains.py's Chaining.hints without nesting, unsorted. A hint is (kind, "
     "target, turn_on, a, b, ends), kind 0 contradiction, 1 double, 2 cell (a: the cell), 3 "
     "region (a: the digit - 1, b: the region); an end is (run, key, parents, cause); runs[i] "
     "is run i's (key, parents, cause) in order, or None when no hint uses it."},
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
