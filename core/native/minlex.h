/* The compiled twin of core/sudoku/canonical.py's minlex: row by row, keeping only the
 * partial arrangements that tie for the smallest rows so far; columns stay in blocks whose
 * order is still open, and each row orders a block the smallest way (blanks, then labelled
 * symbols, then new symbols, whose order is the only choice that branches). The form is
 * defined by the puzzle alone, and the tests compare it with the Python one.
 *
 * Included by sudoku.c (one extension module: the geometry and readers are its). */

#define ML_MAX 9                   /* the Python side's MAX_SIZE */
#define ML_SURVIVORS (1 << 20)     /* past this many ties: too many to list (the caller falls back) */

typedef struct {
    uint8_t grid;                  /* 0: as given, 1: transposed */
    uint8_t nblocks, block_len[ML_MAX], cols[ML_MAX];  /* columns in output order, cut in blocks */
    uint8_t labels[ML_MAX + 1], following;
    uint16_t used;                 /* source rows used, as bits */
    uint8_t nused, last;
} Partial;

typedef struct { Partial *items; size_t count, room; } Partials;

typedef struct {
    int n, height, width;
    uint8_t grids[2][ML_MAX][ML_MAX];
} Minlex;

static int push(Partials *list, const Partial *p)
{
    if (list->count == list->room) {
        size_t room = list->room ? 2 * list->room : 64;
        if (room > ML_SURVIVORS) return -1;
        Partial *items = realloc(list->items, room * sizeof *items);
        if (!items) return -1;
        list->items = items, list->room = room;
    }
    list->items[list->count++] = *p;
    return 0;
}

/* The next order of `items` (distinct) in lexicographic order; 0 after the last. */
static int next_permutation(uint8_t *items, int k)
{
    int i = k - 2;
    while (i >= 0 && items[i] > items[i + 1]) i--;
    if (i < 0) return 0;
    int j = k - 1;
    while (items[j] < items[i]) j--;
    uint8_t t = items[i];
    items[i] = items[j], items[j] = t;
    for (int a = i + 1, z = k - 1; a < z; a++, z--) t = items[a], items[a] = items[z], items[z] = t;
    return 1;
}

/* Each block split in the row's order: its blanks, its labelled columns (by label), its new
 * symbols' columns; the smallest row this gives. 0 when the row passes `bound` (NULL: none). */
typedef struct { uint8_t cols[ML_MAX], blanks[ML_MAX], known[ML_MAX], fresh[ML_MAX]; } Parts;

static int smallest(const Minlex *m, const Partial *p, int r, const uint8_t *bound, uint8_t *row,
                    Parts *parts)
{
    const uint8_t *values = m->grids[p->grid][r];
    int at = 0, following = p->following, start = 0;
    for (int b = 0; b < p->nblocks; b++) {
        int len = p->block_len[b], nb = 0, nk = 0, nf = 0;
        uint8_t known_label[ML_MAX], known_col[ML_MAX], fresh[ML_MAX];
        for (int i = 0; i < len; i++) {
            int c = p->cols[start + i], v = values[c];
            if (!v) parts->cols[start + nb++] = c;
            else if (p->labels[v]) {  /* insertion by label: a few columns */
                int j = nk++;
                while (j && known_label[j - 1] > p->labels[v]) {
                    known_label[j] = known_label[j - 1], known_col[j] = known_col[j - 1];
                    j--;
                }
                known_label[j] = p->labels[v], known_col[j] = c;
            } else fresh[nf++] = c;
        }
        for (int i = 0; i < nb; i++) row[at++] = 0;
        for (int i = 0; i < nk; i++) {
            row[at++] = known_label[i];
            parts->cols[start + nb + i] = known_col[i];
        }
        for (int i = 0; i < nf; i++) {
            row[at++] = following++;
            parts->cols[start + nb + nk + i] = fresh[i];
        }
        parts->blanks[b] = nb, parts->known[b] = nk, parts->fresh[b] = nf;
        if (bound && memcmp(row, bound, at) > 0) return 0;
        start += len;
    }
    return 1;
}

/* The arrangements a row leaves: one for each order of the new symbols' columns within their
 * blocks, blocks `b` onward (`child` holds the blocks before). */
static int ordered(const Minlex *m, const Partial *p, int r, const Parts *parts, int b, int start,
                   Partial *child, int at, Partials *out)
{
    if (b == p->nblocks) return push(out, child);
    const uint8_t *values = m->grids[p->grid][r];
    int nb = parts->blanks[b], nk = parts->known[b], nf = parts->fresh[b];
    const uint8_t *cols = parts->cols + start;
    Partial next = *child;
    int k = at;
    if (nb) {
        next.block_len[next.nblocks++] = nb;
        for (int i = 0; i < nb; i++) next.cols[k++] = cols[i];
    }
    for (int i = 0; i < nk; i++) next.block_len[next.nblocks++] = 1, next.cols[k++] = cols[nb + i];
    /* every order of the fresh columns (each labels their symbols differently) */
    uint8_t order[ML_MAX];
    for (int i = 0; i < nf; i++) order[i] = cols[nb + nk + i];
    for (;;) {
        Partial leaf = next;
        int kk = k;
        for (int i = 0; i < nf; i++) {
            leaf.labels[values[order[i]]] = leaf.following++;
            leaf.block_len[leaf.nblocks++] = 1, leaf.cols[kk++] = order[i];
        }
        if (ordered(m, p, r, parts, b + 1, start + nb + nk + nf, &leaf, kk, out) < 0) return -1;
        if (!next_permutation(order, nf)) return 0;
    }
}

static int extend(const Minlex *m, const Partial *p, int r, const Parts *parts, Partials *out)
{
    Partial child = *p;
    child.nblocks = 0, child.used |= 1u << r, child.nused++, child.last = r;
    return ordered(m, p, r, parts, 0, 0, &child, 0, out);
}

/* Source rows that may come next: the rest of the current band, or any row of a band not
 * used yet. */
static int allowed_rows(const Minlex *m, const Partial *p, uint8_t *rows)
{
    int k = 0;
    if (p->nused % m->height) {
        int band = p->last / m->height;
        for (int r = band * m->height; r < (band + 1) * m->height; r++)
            if (!(p->used >> r & 1)) rows[k++] = r;
        return k;
    }
    for (int r = 0; r < m->n; r++) {
        int band = r / m->height, free = 1;
        for (int q = band * m->height; q < (band + 1) * m->height; q++)
            if (p->used >> q & 1) free = 0;
        if (free) rows[k++] = r;
    }
    return k;
}

/* The smallest first rows: stacks with fewer givens first. */
static int first_rows(const Minlex *m, int grids, uint8_t *form, Partials *out)
{
    int stacks = m->n / m->width, best_key[ML_MAX], have = 0;
    for (int g = 0; g < grids; g++)
        for (int r = 0; r < m->n; r++) {
            int per[ML_MAX], key[ML_MAX];
            for (int s = 0; s < stacks; s++) {
                per[s] = 0;
                for (int c = s * m->width; c < (s + 1) * m->width; c++) per[s] += m->grids[g][r][c] != 0;
                key[s] = per[s];
            }
            for (int i = 1; i < stacks; i++)
                for (int j = i; j && key[j - 1] > key[j]; j--) {
                    int t = key[j]; key[j] = key[j - 1]; key[j - 1] = t;
                }
            int cmp = have ? 0 : -1;
            for (int i = 0; have && i < stacks && !cmp; i++)
                if (key[i] != best_key[i]) cmp = key[i] < best_key[i] ? -1 : 1;
            if (cmp < 0) {
                memcpy(best_key, key, sizeof key), have = 1;
                out->count = 0;
            }
            if (cmp > 0) continue;
            /* every order of the stacks that lists their counts as the key does */
            uint8_t order[ML_MAX];
            for (int s = 0; s < stacks; s++) order[s] = s;
            do {
                int fits = 1;
                for (int s = 0; s < stacks; s++) fits &= per[order[s]] == key[s];
                if (fits) {
                    Partial start = {0};
                    start.grid = g, start.following = 1, start.nblocks = stacks;
                    for (int s = 0; s < stacks; s++) {
                        start.block_len[s] = m->width;
                        for (int i = 0; i < m->width; i++)
                            start.cols[s * m->width + i] = order[s] * m->width + i;
                    }
                    Parts parts;
                    smallest(m, &start, r, NULL, form, &parts);  /* every start's row is the same */
                    if (extend(m, &start, r, &parts, out) < 0) return -1;
                }
            } while (next_permutation(order, stacks));
        }
    return 0;
}

static int next_rows(const Minlex *m, const Partials *survivors, uint8_t *best, Partials *out)
{
    int have = 0;
    for (size_t k = 0; k < survivors->count; k++) {
        const Partial *p = &survivors->items[k];
        uint8_t rows[ML_MAX], row[ML_MAX];
        int nrows = allowed_rows(m, p, rows);
        for (int i = 0; i < nrows; i++) {
            Parts parts;
            if (!smallest(m, p, rows[i], have ? best : NULL, row, &parts)) continue;
            int cmp = have ? memcmp(row, best, m->n) : -1;
            if (cmp < 0) {
                memcpy(best, row, m->n), have = 1;
                out->count = 0;
            }
            if (cmp <= 0 && extend(m, p, rows[i], &parts, out) < 0) return -1;
        }
    }
    return 0;
}

/* minlex(box_rows, box_cols, givens) -> str, or None past ML_SURVIVORS ties. */
static PyObject *py_minlex(PyObject *self, PyObject *args)
{
    int box_rows, box_cols;
    PyObject *givens;
    if (!PyArg_ParseTuple(args, "iiO", &box_rows, &box_cols, &givens)) return NULL;
    const Geometry *g = geometry(box_rows, box_cols);
    if (!g) return NULL;
    if (g->n > ML_MAX) {
        PyErr_Format(PyExc_ValueError, "no minlex form for %dx%d grids; sizes up to %dx%d",
                     g->n, g->n, ML_MAX, ML_MAX);
        return NULL;
    }
    mask_t symbols[MAX_CELLS];
    if (read_symbols(givens, symbols, g, 1, "givens") < 0) return NULL;
    Minlex m = {g->n, box_rows, box_cols, {{{0}}}};
    for (int c = 0; c < g->cells; c++)
        m.grids[0][c / g->n][c % g->n] = m.grids[1][c % g->n][c / g->n] = (uint8_t)symbols[c];
    Partials a = {0}, b = {0};
    uint8_t form[ML_MAX * ML_MAX];
    int failed = first_rows(&m, box_rows == box_cols ? 2 : 1, form, &a) < 0;
    for (int depth = 1; depth < g->n && !failed; depth++) {
        b.count = 0;
        failed = next_rows(&m, &a, form + depth * g->n, &b) < 0;
        Partials t = a; a = b; b = t;
    }
    free(a.items), free(b.items);
    if (failed) Py_RETURN_NONE;
    char text[ML_MAX * ML_MAX];
    for (int i = 0; i < g->cells; i++) text[i] = "0123456789"[form[i]];
    return PyUnicode_FromStringAndSize(text, g->cells);
}
