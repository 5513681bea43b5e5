/* The compiled twin of core/variants/engine.py's search: candidates as bit sets, singles over
 * the houses, each constraint's handler and locked candidates to a fixpoint, then a branch on
 * a cell or on a digit's two places in a house, chosen by conflict scores as ISS chooses. It
 * runs the Python engine step for step (the same propagation order, the same scores, branches
 * and digit order, `stop` polled on the same nodes), so counts, solutions in order and node
 * counts all agree with it.
 *
 * core/variants/compiled.py writes a Plan as a program: an array of 32-bit ints holding the
 * houses, peers, priorities, negative pairs and one handler record per propagator, of a few
 * shapes named after what they compute (pair tables, digit sets that fit, bounded and signed
 * sums, ...). This layer checks every size and index of the program (a bad one is a
 * ValueError), keeps no Python object across calls, and polls the caller's `stop` and the
 * process's signals every STOP_EVERY nodes (Ctrl+C ends a search).
 */
#include "common.h"

#define MAX_SIDE 16           /* core/variants/model.py's MAX_SIZE */
#define MAX_CELLS (MAX_SIDE * MAX_SIDE)
#define VERSION 5             /* of the program's layout (core/variants/compiled.py) */
#define MAX_STATES 64         /* an automaton's states: a set of them in one word */
#define MAX_SUM_WORDS 64      /* sums up to 4,095: longer sums stay in Python */
#define MEMO_SETS (1 << 16)   /* equal sums' sets a plan keeps (the bench's most: 1,104) */
#define TOUCH_WORDS 8         /* a cell's houses and handlers as bit sets, up to this many words */

typedef uint32_t mask_t;
typedef uint64_t word;
typedef unsigned __int128 u128;

enum { PAIR = 1, FITTING_SETS, BOUNDED_SUM, SIGNED_SUM, ARROW_SUM, RISING, SANDWICH, RUN,
       BETWEEN, QUADRUPLE, INDEXER, XSUM, SKYSCRAPER, EQUAL_SUMS, OUTSIDE, AUTOMATON, EITHER,
       SHAPES };
#define MAX_PARTS 16          /* rules of one or (core/variants/custom.py's MAX_PARTS) */
#define EITHER_ROUNDS 64      /* custom.Either.ROUNDS: a rule's own fixpoint, at most */

static int bitlen(mask_t m) { return m ? 32 - __builtin_clz(m) : 0; }
static int low_digit(mask_t m) { return m ? __builtin_ctz(m) + 1 : 0; }
/* inline: without -mpopcnt, __builtin_popcount is a call into libgcc */
static int popcount(mask_t m)
{
    m = m - ((m >> 1) & 0x55555555u);
    m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
    return (int)((((m + (m >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}
static int single(mask_t m) { return !(m & (m - 1)); }
static long floordiv(long a, long b) { long q = a / b; return (a % b && (a < 0) != (b < 0)) ? q - 1 : q; }

/* the digits low..high, clipped to 1..n (propagators.span) */
static mask_t span(long low, long high, int n)
{
    if (low < 1) low = 1;
    if (high > n) high = n;
    if (low > high) return 0;
    return (mask_t)(((1ull << high) - 1) & ~((1ull << (low - 1)) - 1));
}

/* ---- the plan, read from the program ---- */

typedef struct {
    int kind, ncells;
    const int *cells;         /* prop.cells: what it watches and what a failure blames */
    const int *data;          /* the shape's own numbers, read by its prune */
    int ngroups;              /* sums: runs of positions whose digits differ; an or: rules */
    int *gstart, *gpos;       /* group g: gpos[gstart[g] .. gstart[g + 1]); an or's rule g:
                                 the hidden handlers sub[gstart[g] .. gstart[g + 1]) */
    int words;                /* sums: 64-bit words of a bit set of reachable sums */
    union {                   /* one of them (the record stays 64 bytes, a cache line) */
        struct EqualMemo *memo;  /* equal sums: each group's fitting sets kept (or NULL) */
        const word *holding;     /* fitting sets, up to 64 of them: the sets holding a digit
                                    of a mask (bit s: set s), per nibble of the mask, a table
                                    of 16 (holding_of), in the plan's `holding`; or NULL (an
                                    or's rules) */
        const mask_t *support;   /* a pair on up to PAIR_TABLE_SIDE digits: pair_support's
                                    table, the plan's to free */
    };
} Handler;

/* equal sums' fitting sets of each group of different digits, kept with the candidates they
 * were walked for: walked again only when one of the group's cells changed */
typedef struct EqualMemo {
    mask_t *masks;            /* per position: its cell's candidates then (0: not walked yet) */
    int *first, *start, *nfit;  /* per group: its first position, first set, sets that fit */
    int *total; mask_t *bits;   /* the sets: their sums and digits */
    word *reach;                /* per group: its sums (words a group) */
} EqualMemo;

typedef struct {
    int n, cells, most, nhouses, nprops;
    mask_t full;
    int *prog; Py_ssize_t len;           /* a copy of the program */
    const int **house;                   /* per house: n cells */
    int *peer_start, *peers;             /* per cell: its peers, in order */
    int *ch_start, *ch_list;             /* per cell: its houses */
    int *w_start, *w_list;               /* per cell: the handlers watching it */
    int *f_start; const int **forbid;    /* per cell: (neighbour, n masks) records */
    long long *priority;                 /* per cell: its first conflict score */
    word *peer_bits, *house_bits;        /* cells as bit sets: per cell, per house */
    word *touch;                         /* per cell: its houses' bits (hw words), then its
                                            handlers' (pw words); NULL when too many words */
    int cw, hw, pw;                      /* words of a cell, house, handler bit set */
    Handler *h;
    Handler *sub; int nsub, sub_cap;     /* the rules of ors: handlers only an or runs */
    int *iota;
    /* scratch */
    int *placed; int placed_cap;
    int *later;                          /* a staged propagation's next round (placed_cap) */
    int round;                           /* its rounds after the first (failed: which) */
    int *changed; int nchanged, changed_cap;
    int *blame; int nblame, blame_cap;
    mask_t *made;                        /* per cell: the digit a propagation placed there
                                            (staged: the cells of its last round) */
    word *sums; int sums_cap;            /* sum bit sets: prefix rows and the rest */
    void *sums128;                       /* prefix rows of sums up to 127 */
    mask_t *view;                        /* a handler's copy of its cells' candidates */
    int *ints;                           /* per handler scratch */
    int *fit_total; mask_t *fit_bits;    /* equal sums' fitting sets, without a memo */
    const int **fit_sums; const mask_t **fit_sets; int *fit_count;  /* per group: its sets */
    long fit_cap, memo_sets; int max_groups;
    int max_k;
    int overflow;
    mask_t **pair_tables; const int **pair_keys; int npair, pair_cap;  /* pair_support's */
    word *holding;                       /* the fitting sets' tables (holding_tables) */
    uint64_t calls;                      /* propagate's calls so far */
    uint64_t *excluded_in;               /* per handler: the call its `excluded` are of */
    uint32_t *excluded;                  /* per handler, per digit: the places (bits of its
                                            positions) whose exclusions it took */
} Plan;

static void *equal_memo_of(const Handler *h)  /* a pair's support, a fitting sets' tables
                                                are the plan's */
{
    return h->kind == EQUAL_SUMS ? h->memo : NULL;
}

static void plan_free(Plan *p)
{
    if (!p) return;
    if (p->h)
        for (int i = 0; i < p->nprops; i++)
            free(p->h[i].gstart), free(p->h[i].gpos), free(equal_memo_of(&p->h[i]));
    for (int i = 0; i < p->nsub; i++)
        free(p->sub[i].gstart), free(p->sub[i].gpos), free(equal_memo_of(&p->sub[i]));
    free(p->sub);
    free(p->prog), free(p->house), free(p->peer_start), free(p->peers), free(p->ch_start);
    free(p->ch_list), free(p->w_start), free(p->w_list), free(p->f_start), free(p->forbid);
    free(p->priority), free(p->peer_bits), free(p->house_bits), free(p->touch), free(p->h);
    free(p->iota);
    free(p->placed), free(p->changed), free(p->blame), free(p->made), free(p->sums), free(p->view);
    free(p->later), free(p->excluded_in), free(p->excluded), free(p->holding);
    free(p->ints), free(p->sums128), free(p->fit_total), free(p->fit_bits);
    free(p->fit_sums), free(p->fit_sets), free(p->fit_count);
    for (int i = 0; i < p->npair; i++) free(p->pair_tables[i]);
    free(p->pair_tables), free(p->pair_keys), free(p);
}

/* a pair's table read off as its supports: for every mask of one cell's digits, the digits
 * the table leaves the other cell (2^n masks forward, then 2^n backward), so prune_pair
 * takes two reads, not a loop over the digits; pairs with the same table share one (a
 * plan's pairs have a few tables between them: a whisper's, a dot's) */
#define PAIR_TABLE_SIDE 9

static int pair_support(Plan *p, Handler *h)
{
    int n = p->n, size = 1 << n;
    for (int i = 0; i < p->npair; i++)
        if (!memcmp(p->pair_keys[i], h->data, 2 * n * sizeof(int))) {
            h->support = p->pair_tables[i];
            return 0;
        }
    if (p->npair == p->pair_cap) {
        int cap = 2 * p->pair_cap + 4;
        mask_t **tables = realloc(p->pair_tables, cap * sizeof *tables);
        if (tables) p->pair_tables = tables;
        const int **keys = realloc(p->pair_keys, cap * sizeof *keys);
        if (keys) p->pair_keys = keys;
        if (!tables || !keys) { PyErr_NoMemory(); return -1; }
        p->pair_cap = cap;
    }
    mask_t *t = malloc(2 * (size_t)size * sizeof(mask_t));
    if (!t) { PyErr_NoMemory(); return -1; }
    for (int side = 0; side < 2; side++) {
        mask_t *out = t + (size_t)side * size;
        const int *rows = h->data + side * n;
        out[0] = 0;
        for (int m = 1; m < size; m++) out[m] = out[m & (m - 1)] | (mask_t)rows[__builtin_ctz(m)];
    }
    p->pair_tables[p->npair] = t, p->pair_keys[p->npair++] = h->data;
    h->support = t;
    return 0;
}

typedef struct { const int *at; const int *end; int bad; } Reader;

static int next_in(Reader *r, long low, long high, const char *what)
{
    if (r->bad) return 0;
    if (r->at >= r->end) {
        PyErr_Format(PyExc_ValueError, "program: it ends inside %s", what);
        r->bad = 1;
        return 0;
    }
    int v = *r->at++;
    if (v < low || v > high) {
        PyErr_Format(PyExc_ValueError, "program: %s is %d, not within %ld..%ld", what, v, low,
                     high);
        r->bad = 1;
        return 0;
    }
    return v;
}

/* `k` ints within low..high, returned as a pointer into the program */
static const int *many_in(Reader *r, int k, long low, long high, const char *what)
{
    const int *start = r->at;
    for (int i = 0; i < k && !r->bad; i++) next_in(r, low, high, what);
    return r->bad ? NULL : start;
}

static int read_groups(Reader *r, Handler *h, int k)
{
    h->ngroups = next_in(r, 0, k, "a sum's groups");
    if (r->bad) return -1;
    h->gstart = calloc(h->ngroups + 1, sizeof(int));
    h->gpos = calloc(k ? k : 1, sizeof(int));
    if (!h->gstart || !h->gpos) { PyErr_NoMemory(); return -1; }
    int used = 0;
    for (int g = 0; g < h->ngroups; g++) {
        int len = next_in(r, 1, k - used, "a group's size");
        for (int t = 0; t < len && !r->bad; t++) h->gpos[used + t] = next_in(r, 0, k - 1, "a position");
        if (r->bad) return -1;
        used += len;
        h->gstart[g + 1] = used;
    }
    return 0;
}

static int sum_words(long most) { return (int)(most / 64) + 1; }

static int read_handler(Reader *r, Plan *p, Handler *h);

/* the fitting sets' tables of the sets holding a digit (Handler.holding), in one block: for
 * the plan's handlers with up to 64 sets */
static int holding_tables(Plan *p)
{
    int n = p->n, size = (n + 3) / 4 * 16, many = 0;
    for (int i = 0; i < p->nprops; i++)
        many += p->h[i].kind == FITTING_SETS && p->h[i].data[1] <= 64;
    if (!many) return 0;
    word *t = p->holding = calloc((size_t)many * size, sizeof(word));
    if (!t) return -1;
    for (int i = 0; i < p->nprops; i++) {
        Handler *h = &p->h[i];
        if (h->kind != FITTING_SETS || h->data[1] > 64) continue;
        word by_digit[MAX_SIDE + 3] = {0};  /* the sets holding digit d */
        for (int s = 0; s < h->data[1]; s++)
            for (mask_t m = h->data[2 + s]; m; m &= m - 1) by_digit[__builtin_ctz(m)] |= (word)1 << s;
        for (int j = 0; 4 * j < n; j++)  /* nibble j's entry v: its lowest digit's and the rest's */
            for (int v = 1; v < 16; v++)
                t[16 * j + v] = t[16 * j + (v & (v - 1))] | by_digit[4 * j + __builtin_ctz(v)];
        h->holding = t;
        t += size;
    }
    return 0;
}

/* an equal sums' memo of its `sets` sets (read_handler checked its groups) */
static int equal_memo(Plan *p, Handler *h, long sets)
{
    int n = p->n, groups = h->data[0], k = h->ncells;
    /* one block: the memo, its words, then its 32-bit numbers */
    size_t words = (sizeof(EqualMemo) + 7) / 8 + (size_t)groups * h->words;
    size_t fours = (size_t)k + 3 * groups + 2 * sets;
    EqualMemo *m = h->memo = calloc(words * 8 + fours * 4, 1);
    if (!m) { PyErr_NoMemory(); return -1; }
    m->reach = (word *)m + (sizeof(EqualMemo) + 7) / 8;
    m->masks = (mask_t *)(m->reach + (size_t)groups * h->words);
    m->bits = m->masks + k;
    m->first = (int *)(m->bits + sets), m->start = m->first + groups, m->nfit = m->start + groups;
    m->total = m->nfit + groups;
    const int *at = h->data + 1;
    int used = 0, set = 0;
    for (int g = 0; g < groups; g++) {
        int distinct = at[0], len = at[2];
        m->first[g] = used, m->start[g] = set;
        if (distinct && len <= n) {
            long choose = 1;
            for (int i = 0; i < len; i++) choose = choose * (n - i) / (i + 1);
            set += (int)choose;
        }
        used += len, at += 3 + len;
    }
    p->memo_sets += sets;
    return 0;
}

/* an or (custom.Either): its rules, each a run of whole handler records kept in p->sub */
static int read_either(Reader *r, Plan *p, Handler *h)
{
    h->ngroups = next_in(r, 2, MAX_PARTS, "an or's rules");
    if (r->bad) return -1;
    h->gstart = calloc(h->ngroups + 1, sizeof(int));
    if (!h->gstart) { PyErr_NoMemory(); return -1; }
    h->gstart[0] = p->nsub;
    for (int g = 0; g < h->ngroups; g++) {
        int many = next_in(r, 0, 1 << 16, "a rule's handlers");
        for (int i = 0; i < many && !r->bad; i++) {
            if (r->at < r->end && *r->at == EITHER) {
                PyErr_SetString(PyExc_ValueError, "program: an or inside an or");
                return -1;
            }
            if (p->nsub == p->sub_cap) {
                int cap = 2 * p->sub_cap + 8;
                Handler *grown = realloc(p->sub, cap * sizeof *grown);
                if (!grown) { PyErr_NoMemory(); return -1; }
                p->sub = grown, p->sub_cap = cap;
            }
            Handler *s = &p->sub[p->nsub++];
            memset(s, 0, sizeof *s);
            if (read_handler(r, p, s) < 0) return -1;
        }
        if (r->bad) return -1;
        h->gstart[g + 1] = p->nsub;
    }
    return 0;
}

static int read_handler(Reader *r, Plan *p, Handler *h)
{
    int n = p->n, cells = p->cells;
    long full = p->full;
    h->kind = next_in(r, 1, SHAPES - 1, "a handler's shape");
    h->ncells = next_in(r, 1, 4 * cells, "a handler's cells");
    h->cells = many_in(r, h->ncells, 0, cells - 1, "a handler's cell");
    if (r->bad) return -1;
    int k = h->ncells;
    h->data = r->at;
    switch (h->kind) {
    case PAIR:
        if (k != 2) break;
        many_in(r, 2 * n, 0, full, "a pair's table");
        if (r->bad) return -1;
        return n <= PAIR_TABLE_SIDE ? pair_support(p, h) : 0;
    case FITTING_SETS: {
        next_in(r, 0, 1, "required exclusions");
        int many = next_in(r, 0, 1 << 20, "digit sets");
        many_in(r, many, 1, full, "a digit set");
        return r->bad ? -1 : 0;
    }
    case BOUNDED_SUM:
        next_in(r, -(1 << 20), 1 << 20, "a sum's low bound");
        next_in(r, -(1 << 20), 1 << 20, "a sum's high bound");
        h->words = sum_words((long)k * n);
        return read_groups(r, h, k);
    case SIGNED_SUM:
        next_in(r, 0, k, "plus cells");
        next_in(r, -(1 << 20), 1 << 20, "a total");
        h->words = sum_words((long)k * n);
        return read_groups(r, h, k);
    case ARROW_SUM: {
        int bulb = next_in(r, 1, k < 4 ? k : 4, "a bulb's cells");
        many_in(r, bulb, 1, 1000, "a bulb's place");
        h->words = sum_words((long)(k - bulb) * n + n + 1);
        return read_groups(r, h, k - bulb);
    }
    case RISING:
        next_in(r, 0, 1, "slow");
        return r->bad ? -1 : 0;
    case SANDWICH:
        next_in(r, -(1 << 20), 1 << 20, "a sandwich's total");
        h->words = sum_words((long)k * n);
        return r->bad ? -1 : 0;
    case RUN:
        next_in(r, 0, 1, "required exclusions");
        return r->bad ? -1 : 0;
    case BETWEEN:
        if (k < 3) break;
        next_in(r, 2, n + 1, "a between line's gap");
        return r->bad ? -1 : 0;
    case OUTSIDE:
        if (k < 2) break;
        next_in(r, 0, n, "a lockout's gap");
        return r->bad ? -1 : 0;
    case QUADRUPLE: {
        int needs = next_in(r, 0, n, "a quadruple's digits");
        for (int i = 0; i < needs; i++) {
            mask_t bit = next_in(r, 1, full, "a quadruple's digit");
            next_in(r, 1, 64, "times");
            if (!r->bad && !single(bit)) {
                PyErr_SetString(PyExc_ValueError, "program: a quadruple's digit is one bit");
                return -1;
            }
        }
        next_in(r, 0, 64, "a quadruple's count");
        next_in(r, 0, 1, "exact");
        next_in(r, 0, 1, "required exclusions");
        return r->bad ? -1 : 0;
    }
    case AUTOMATON: {
        int states = next_in(r, 1, MAX_STATES, "an automaton's states");
        /* the accepting states, then per state and digit the states it leads to: each a
           64-bit set as two 32-bit halves, every state within 0..states-1 */
        for (int i = 0; i < 1 + states * n && !r->bad; i++) {
            uint64_t lo = (uint32_t)next_in(r, INT32_MIN, INT32_MAX, "a set of states");
            uint64_t hi = (uint32_t)next_in(r, INT32_MIN, INT32_MAX, "a set of states");
            uint64_t set = lo | hi << 32;
            if (!r->bad && states < 64 && set >> states) {
                PyErr_SetString(PyExc_ValueError, "program: a state past the automaton's");
                return -1;
            }
        }
        return r->bad ? -1 : 0;
    }
    case INDEXER:
        next_in(r, 0, cells - 1, "an indexer's cell");
        next_in(r, 1, n, "an indexer's digit");
        many_in(r, n, 0, cells - 1, "an indexer's target");
        return r->bad ? -1 : 0;
    case XSUM:
        next_in(r, -(1 << 20), 1 << 20, "an X-sum's total");
        h->words = sum_words((long)k * n);
        return r->bad ? -1 : 0;
    case SKYSCRAPER:
        if (k > n) break;
        next_in(r, -(1 << 20), 1 << 20, "a skyscraper's total");
        next_in(r, 0, full, "the tallest digits");
        return r->bad ? -1 : 0;
    case EQUAL_SUMS: {
        int groups = next_in(r, 1, k, "equal sums' groups"), used = 0, most = 0;
        long sets = 0;
        int pads = 0;
        for (int g = 0; g < groups && !r->bad; g++) {
            int distinct = next_in(r, 0, 1, "distinct");
            int pad = next_in(r, 0, k, "a group's pad");
            int len = next_in(r, 1, k - used, "a group's size");
            if (pad > pads) pads = pad;
            if (distinct && len <= n) {  /* its sets of len different digits: n choose len */
                long choose = 1;
                for (int i = 0; i < len; i++) choose = choose * (n - i) / (i + 1);
                sets += choose;
            }
            many_in(r, len, 0, cells - 1, "a group's cell");
            used += len;
            if (len > most) most = len;
        }
        if (!r->bad && used != k) {
            PyErr_SetString(PyExc_ValueError, "program: equal sums' groups are not its cells");
            return -1;
        }
        h->words = sum_words((long)most * n + pads);
        if (sets > p->fit_cap) p->fit_cap = sets;
        if (groups > p->max_groups) p->max_groups = groups;
        if (r->bad) return -1;
        return sets && p->memo_sets + sets <= MEMO_SETS ? equal_memo(p, h, sets) : 0;
    }
    case EITHER:
        return read_either(r, p, h);
    }
    if (!r->bad) PyErr_Format(PyExc_ValueError, "program: a shape %d of %d cells", h->kind, k);
    return -1;
}

#define SET(bits, i) ((bits)[(i) >> 6] |= (word)1 << ((i) & 63))

static Plan *read_plan(const int *prog, Py_ssize_t len)
{
    Plan *p = calloc(1, sizeof *p);
    if (!p) return (Plan *)PyErr_NoMemory();
    p->prog = malloc((len ? len : 1) * sizeof(int));
    if (!p->prog) goto nomem;
    memcpy(p->prog, prog, len * sizeof(int));
    p->len = len;
    Reader r = {p->prog, p->prog + len, 0};
    next_in(&r, VERSION, VERSION, "the program's version");
    int n = p->n = next_in(&r, 4, MAX_SIDE, "the size");
    int cells = p->cells = next_in(&r, n * n, n * n, "the cells");
    p->most = next_in(&r, 1, 8, "most");
    p->nhouses = next_in(&r, 0, 64 * MAX_SIDE, "the houses");
    if (r.bad) goto failed;
    p->full = (mask_t)((1u << n) - 1);
    p->house = calloc(p->nhouses + 1, sizeof *p->house);
    if (!p->house) goto nomem;
    for (int i = 0; i < p->nhouses; i++) {
        next_in(&r, n, n, "a house's size");
        p->house[i] = many_in(&r, n, 0, cells - 1, "a house's cell");
    }
    p->peer_start = calloc(cells + 1, sizeof(int));
    p->peers = calloc((size_t)cells * cells + 1, sizeof(int));
    if (!p->peer_start || !p->peers) goto nomem;
    for (int c = 0; c < cells && !r.bad; c++) {
        int k = next_in(&r, 0, cells - 1, "a cell's peers");
        const int *q = many_in(&r, k, 0, cells - 1, "a peer");
        if (q) memcpy(p->peers + p->peer_start[c], q, k * sizeof(int));
        p->peer_start[c + 1] = p->peer_start[c] + k;
        for (int i = 0; q && i < k; i++)
            if (q[i] == c) {
                PyErr_Format(PyExc_ValueError, "program: cell %d is its own peer", c);
                goto failed;
            }
    }
    p->priority = calloc(cells, sizeof *p->priority);
    if (!p->priority) goto nomem;
    for (int c = 0; c < cells; c++) p->priority[c] = next_in(&r, 0, 1 << 24, "a priority");
    p->f_start = calloc(cells + 1, sizeof(int));
    p->forbid = calloc((size_t)cells * cells + 1, sizeof *p->forbid);
    if (!p->f_start || !p->forbid) goto nomem;
    for (int c = 0; c < cells && !r.bad; c++) {
        int k = next_in(&r, 0, cells - 1, "a cell's negative pairs");
        for (int i = 0; i < k && !r.bad; i++)
            p->forbid[p->f_start[c] + i] = many_in(&r, 1 + n, 0, p->full, "a negative pair");
        for (int i = 0; i < k && !r.bad; i++)
            if (p->forbid[p->f_start[c] + i][0] >= cells) {
                PyErr_SetString(PyExc_ValueError, "program: a negative pair's cell");
                goto failed;
            }
        p->f_start[c + 1] = p->f_start[c] + k;
    }
    p->nprops = next_in(&r, 0, 1 << 16, "the handlers");
    if (r.bad) goto failed;
    p->h = calloc(p->nprops + 1, sizeof *p->h);
    if (!p->h) goto nomem;
    int watched = 0, max_k = n, sums = 1;
    for (int i = 0; i < p->nprops; i++) {
        if (read_handler(&r, p, &p->h[i]) < 0) goto failed;
        watched += p->h[i].ncells;
        if (p->h[i].ncells > max_k) max_k = p->h[i].ncells;
        int need = (p->h[i].ncells + 4) * p->h[i].words * 2 + 64;
        if (p->h[i].words > MAX_SUM_WORDS) {
            PyErr_SetString(PyExc_ValueError, "program: a sum too long");
            goto failed;
        }
        if (need > sums) sums = need;
    }
    if (holding_tables(p) < 0) goto nomem;
    for (int i = 0; i < p->nsub; i++) {  /* an or's rules need the same scratch */
        int need = (p->sub[i].ncells + 4) * p->sub[i].words * 2 + 64;
        if (p->sub[i].ncells > max_k) max_k = p->sub[i].ncells;
        if (p->sub[i].words > MAX_SUM_WORDS) {
            PyErr_SetString(PyExc_ValueError, "program: a sum too long");
            goto failed;
        }
        if (need > sums) sums = need;
    }
    if (r.at != r.end) {
        PyErr_SetString(PyExc_ValueError, "program: numbers after its end");
        goto failed;
    }
    p->max_k = max_k;
    /* per cell: its houses and its handlers, in increasing order */
    p->ch_start = calloc(cells + 1, sizeof(int));
    p->ch_list = calloc((size_t)p->nhouses * n + 1, sizeof(int));
    p->w_start = calloc(cells + 1, sizeof(int));
    p->w_list = calloc(watched + 1, sizeof(int));
    p->cw = (cells + 63) / 64, p->hw = (p->nhouses + 63) / 64 + 1, p->pw = (p->nprops + 63) / 64 + 1;
    p->peer_bits = calloc((size_t)cells * p->cw, sizeof(word));
    p->house_bits = calloc((size_t)(p->nhouses + 1) * p->cw, sizeof(word));
    if (!p->ch_start || !p->ch_list || !p->w_start || !p->w_list || !p->peer_bits ||
        !p->house_bits)
        goto nomem;
    for (int h = 0; h < p->nhouses; h++)
        for (int i = 0; i < n; i++) p->ch_start[p->house[h][i] + 1]++;
    for (int i = 0; i < p->nprops; i++)
        for (int j = 0; j < p->h[i].ncells; j++) p->w_start[p->h[i].cells[j] + 1]++;
    for (int c = 0; c < cells; c++) {
        p->ch_start[c + 1] += p->ch_start[c];
        p->w_start[c + 1] += p->w_start[c];
    }
    {
        int *fill = calloc(cells + 1, sizeof(int));
        if (!fill) goto nomem;
        for (int h = 0; h < p->nhouses; h++)
            for (int i = 0; i < n; i++) {
                int c = p->house[h][i];
                p->ch_list[p->ch_start[c] + fill[c]++] = h;
                SET(p->house_bits + (size_t)h * p->cw, c);
            }
        memset(fill, 0, (cells + 1) * sizeof(int));
        for (int i = 0; i < p->nprops; i++)
            for (int j = 0; j < p->h[i].ncells; j++) {
                int c = p->h[i].cells[j];
                p->w_list[p->w_start[c] + fill[c]++] = i;
            }
        free(fill);
    }
    for (int c = 0; c < cells; c++)
        for (int i = p->peer_start[c]; i < p->peer_start[c + 1]; i++)
            SET(p->peer_bits + (size_t)c * p->cw, p->peers[i]);
    if (p->hw + p->pw <= TOUCH_WORDS) {
        p->touch = calloc((size_t)cells * (p->hw + p->pw), sizeof(word));
        if (!p->touch) goto nomem;
        for (int c = 0; c < cells; c++) {
            word *t = p->touch + (size_t)c * (p->hw + p->pw);
            for (int i = p->ch_start[c]; i < p->ch_start[c + 1]; i++) SET(t, p->ch_list[i]);
            for (int i = p->w_start[c]; i < p->w_start[c + 1]; i++) SET(t + p->hw, p->w_list[i]);
        }
    }
    int room = 2 * max_k + cells + 8;
    p->fit_total = calloc(p->fit_cap + 1, sizeof(int));
    p->fit_bits = calloc(p->fit_cap + 1, sizeof(mask_t));
    p->fit_sums = calloc(p->max_groups + 1, sizeof *p->fit_sums);
    p->fit_sets = calloc(p->max_groups + 1, sizeof *p->fit_sets);
    p->fit_count = calloc(p->max_groups + 1, sizeof(int));
    if (!p->fit_total || !p->fit_bits || !p->fit_sums || !p->fit_sets || !p->fit_count)
        goto nomem;
    p->iota = calloc(room + 1, sizeof(int));
    p->placed_cap = cells * (n + 2) + 16;
    p->placed = calloc(p->placed_cap, sizeof(int));
    p->later = calloc(p->placed_cap, sizeof(int));
    p->changed_cap = (max_k + cells) * (n + 2) + 16;  /* required_places: cells outside */
    p->changed = calloc(p->changed_cap, sizeof(int));
    p->blame_cap = room;
    p->blame = calloc(p->blame_cap, sizeof(int));
    p->made = calloc(cells, sizeof(mask_t));
    p->sums_cap = sums;
    p->sums = calloc(sums, sizeof(word));
    p->view = calloc(room, sizeof(mask_t));
    p->sums128 = calloc(max_k + 2, sizeof(u128));
    p->ints = calloc((size_t)room * (n + 2) + 64, sizeof(int));
    p->excluded_in = calloc(p->nprops + 1, sizeof(uint64_t));
    p->excluded = calloc((size_t)(p->nprops + 1) * MAX_SIDE, sizeof(uint32_t));
    if (!p->iota || !p->placed || !p->changed || !p->blame || !p->sums || !p->view || !p->ints ||
        !p->sums128 || !p->made || !p->later || !p->excluded_in || !p->excluded)
        goto nomem;
    for (int i = 0; i <= room; i++) p->iota[i] = i;
    return p;
nomem:
    PyErr_NoMemory();
failed:
    plan_free(p);
    return NULL;
}

/* ---- what the handlers change ---- */

static void changed_push(Plan *p, int c)
{
    if (p->nchanged < p->changed_cap) p->changed[p->nchanged++] = c;
    else p->overflow = 1;
}

/* a handler's values: vals[idx[i]], or vals[i] when idx is NULL */
#define AT(i) (idx ? idx[i] : (i))

/* ---- sums as bit sets of reachable totals (bit s: the sum s), `w` words ---- */

static void bs_or_shl(word *dst, const word *src, int s, int w)
{
    int q = s >> 6, r = s & 63;
    for (int i = w - 1; i >= q; i--) {
        word v = src[i - q] << r;
        if (r && i - q - 1 >= 0) v |= src[i - q - 1] >> (64 - r);
        dst[i] |= v;
    }
}
static int bs_any_shl_and(const word *a, int s, const word *b, int w)
{
    int q = s >> 6, r = s & 63;
    for (int i = w - 1; i >= q; i--) {
        word v = a[i - q] << r;
        if (r && i - q - 1 >= 0) v |= a[i - q - 1] >> (64 - r);
        if (v & b[i]) return 1;
    }
    return 0;
}
/* dst = src >> s (dst apart from src) */
static void bs_shr(word *dst, const word *src, int s, int w)
{
    int q = s >> 6, r = s & 63;
    for (int i = 0; i < w; i++) {
        word v = i + q < w ? src[i + q] >> r : 0;
        if (r && i + q + 1 < w) v |= src[i + q + 1] << (64 - r);
        dst[i] = v;
    }
}
static int bs_any(const word *a, int w)
{
    for (int i = 0; i < w; i++) if (a[i]) return 1;
    return 0;
}
static void bs_bit(word *a, long s, int w)
{
    memset(a, 0, w * sizeof(word));
    if (s >= 0 && s < 64L * w) SET(a, s);
}

/* per byte of a mask (digits 1-8 of its eight bits): its bits, the sums of its j lowest
 * and j highest digits, and the byte read backwards (sum_tables fills them when the module
 * loads) */
static uint8_t byte_bits[256], low_sums[256][9], high_sums[256][9], byte_mirror[256];

/* ---- sums up to 63 in one 64-bit word, up to 127 in a 128-bit one: most cages, arrows
 * and lines of a 9x9 ---- */

static u128 reach_of(u128 from, mask_t digits)  /* the sums from + d for d in digits */
{
    u128 out = 0;
    for (; digits; digits &= digits - 1) out |= from << (__builtin_ctz(digits) + 1);
    return out;
}
static word reach_of_64(word from, mask_t digits)
{
    word out = 0;
    for (; digits; digits &= digits - 1) out |= from << (__builtin_ctz(digits) + 1);
    return out;
}
static u128 mirrored_reach(u128 from, mask_t digits)  /* reach_of, bits read from the top */
{
    u128 out = 0;
    for (; digits; digits &= digits - 1) out |= from >> (__builtin_ctz(digits) + 1);
    return out;
}
static word mirrored_reach_64(word from, mask_t digits)
{
    word out = 0;
    for (; digits; digits &= digits - 1) out |= from >> (__builtin_ctz(digits) + 1);
    return out;
}

/* sum_supports below with sums in 128 bits: what the others' sums before and after a value
 * leave it is read off the totals less the sums after it (`after` kept mirrored: bit 127 - s
 * for the sum s, once a total), not by adding up every pair of sums */
static int sum_supports_128(Plan *p, mask_t *vals, const int *idx, int k, u128 *totals)
{
    u128 *prefix = (u128 *)p->sums128;
    prefix[0] = 1;
    for (int i = 0; i < k; i++) prefix[i + 1] = reach_of(prefix[i], vals[AT(i)]);
    *totals &= prefix[k];
    if (!*totals) return 0;
    u128 mirrored = (u128)1 << 127;  /* the sums after position i, mirrored */
    for (int i = k - 1; i >= 0; i--) {
        u128 need = 0;  /* the sums s with s + t a total, t after */
        for (int half = 0; half < 2; half++)
            for (word t = (word)(*totals >> (64 * half)); t; t &= t - 1)
                need |= mirrored >> (127 - (64 * half + __builtin_ctzll(t)));
        mask_t m = vals[AT(i)], keep = m;
        for (mask_t t = m; t; t &= t - 1)
            if (!((prefix[i] << (__builtin_ctz(t) + 1)) & need)) keep ^= t & -t;
        if (keep != m) {
            if (!keep) return 0;
            vals[AT(i)] = keep;
            changed_push(p, AT(i));
        }
        mirrored = mirrored_reach(mirrored, keep);
    }
    return 1;
}

/* the same in 64 bits (the sums past 63 reach no total below 64, so dropping them changes
 * nothing) */
static int sum_supports_64(Plan *p, mask_t *vals, const int *idx, int k, word *totals)
{
    word *prefix = (word *)p->sums128;
    prefix[0] = 1;
    for (int i = 0; i < k; i++) prefix[i + 1] = reach_of_64(prefix[i], vals[AT(i)]);
    *totals &= prefix[k];
    if (!*totals) return 0;
    word mirrored = (word)1 << 63;
    for (int i = k - 1; i >= 0; i--) {
        word need = 0;
        for (word t = *totals; t; t &= t - 1) need |= mirrored >> (63 - __builtin_ctzll(t));
        mask_t m = vals[AT(i)], keep = m;
        for (mask_t t = m; t; t &= t - 1)
            if (!((prefix[i] << (__builtin_ctz(t) + 1)) & need)) keep ^= t & -t;
        if (keep != m) {
            if (!keep) return 0;
            vals[AT(i)] = keep;
            changed_push(p, AT(i));
        }
        mirrored = mirrored_reach_64(mirrored, keep);
    }
    return 1;
}

/* sum_supports_64 and _128 for one total (a signed sum's, a bounded sum's with equal bounds),
 * in a word of BITS bits: the first value's sums and supports, and the last's mirrored sums,
 * read off at once; the other values' walk the digits: all n of them with no branch on a
 * mask's (ALL; faster in 64 bits), or a mask's own */
#define SUM_SUPPORTS_ONE(name, type, BITS, ALL)                                              \
static inline __attribute__((always_inline)) int name(Plan *p, mask_t *vals, const int *idx, \
                                                      int k, long total, int n)              \
{                                                                                            \
    if (total < 0 || total > BITS - 1) return 0;  /* k values of n digits reach no more */   \
    type *prefix = (type *)p->sums128;                                                       \
    prefix[0] = 1, prefix[1] = (type)vals[AT(0)] << 1;                                       \
    for (int i = 1; i < k; i++) {                                                            \
        type from = prefix[i], out = 0;                                                      \
        mask_t m = vals[AT(i)];                                                              \
        if (ALL)                                                                             \
            for (int d = 0; d < n; d++) out |= (from << (d + 1)) & -(type)(m >> d & 1);      \
        else                                                                                 \
            for (; m; m &= m - 1) out |= from << (__builtin_ctz(m) + 1);                     \
        prefix[i + 1] = out;                                                                 \
    }                                                                                        \
    if (!(prefix[k] >> total & 1)) return 0;                                                 \
    type mirrored = (type)1 << (BITS - 1);  /* the sums t after value i: bit BITS - 1 - t */  \
    for (int i = k - 1; i >= 0; i--) {                                                       \
        type need = mirrored >> (BITS - 1 - total);  /* the sums s with s + t the total */   \
        mask_t m = vals[AT(i)], keep;                                                        \
        if (!i) {                                                                            \
            keep = m & (mask_t)(need >> 1);  /* nothing before: the digit itself */          \
        } else {                                                                             \
            mask_t fit = 0;                                                                  \
            if (ALL)                                                                         \
                for (int d = 0; d < n; d++)                                                  \
                    fit |= (mask_t)(((prefix[i] << (d + 1)) & need) != 0) << d;              \
            else                                                                             \
                for (mask_t t = m; t; t &= t - 1)                                            \
                    if ((prefix[i] << (__builtin_ctz(t) + 1)) & need) fit |= t & -t;         \
            keep = m & fit;                                                                  \
        }                                                                                    \
        if (keep != m) {                                                                     \
            if (!keep) return 0;                                                             \
            vals[AT(i)] = keep;                                                              \
            changed_push(p, AT(i));                                                          \
        }                                                                                    \
        if (i == k - 1) {  /* bit BITS - 2 - d for each digit d: the mask read backwards */  \
            mirrored = (type)(byte_mirror[keep & 255] << 8 | byte_mirror[keep >> 8 & 255])   \
                       << (BITS - 17);                                                       \
        } else if (i) {                                                                      \
            type out = 0;                                                                    \
            if (ALL)                                                                         \
                for (int d = 0; d < n; d++)                                                  \
                    out |= (mirrored >> (d + 1)) & -(type)(keep >> d & 1);                   \
            else                                                                             \
                for (mask_t t = keep; t; t &= t - 1) out |= mirrored >> (__builtin_ctz(t) + 1); \
            mirrored = out;                                                                  \
        }                                                                                    \
    }                                                                                        \
    return 1;                                                                                \
}
SUM_SUPPORTS_ONE(sum_supports_one, word, 64, 1)
SUM_SUPPORTS_ONE(sum_supports_one_128, u128, 128, 0)
#undef SUM_SUPPORTS_ONE

/* sum_supports_one in 64 bits on n digits, its loops unrolled on the common 9 */
static int sum_supports_total(Plan *p, mask_t *vals, const int *idx, int k, long total)
{
    return p->n == 9 ? sum_supports_one(p, vals, idx, k, total, 9)
                     : sum_supports_one(p, vals, idx, k, total, p->n);
}

/* propagators.sum_supports: each value keeps the digits some choice of the others completes
 * to one of `totals` (narrowed in place to the totals reachable); 0 when none is. */
static int sum_supports(Plan *p, mask_t *vals, const int *idx, int k, word *totals, int w,
                        word *scratch)
{
    if (w == 1) return sum_supports_64(p, vals, idx, k, totals);
    if (w <= 2) {
        u128 t = totals[0] | (w == 2 ? (u128)totals[1] << 64 : 0);
        int ok = sum_supports_128(p, vals, idx, k, &t);
        totals[0] = (word)t;
        if (w == 2) totals[1] = (word)(t >> 64);
        return ok;
    }
    word *prefix = scratch, *others = scratch + (size_t)(k + 1) * w;
    word *after = others + w, *reach = after + w;
    memset(prefix, 0, (size_t)(k + 1) * w * sizeof(word));
    prefix[0] = 1;
    for (int i = 0; i < k; i++) {
        mask_t m = vals[AT(i)];
        for (; m; m &= m - 1) bs_or_shl(prefix + (size_t)(i + 1) * w, prefix + (size_t)i * w,
                                        __builtin_ctz(m) + 1, w);
    }
    for (int j = 0; j < w; j++) totals[j] &= prefix[(size_t)k * w + j];
    if (!bs_any(totals, w)) return 0;
    memset(after, 0, w * sizeof(word));
    after[0] = 1;
    for (int i = k - 1; i >= 0; i--) {
        memset(others, 0, w * sizeof(word));
        const word *before = prefix + (size_t)i * w;
        for (int j = 0; j < w; j++)
            for (word b = before[j]; b; b &= b - 1) bs_or_shl(others, after, 64 * j + __builtin_ctzll(b), w);
        mask_t m = vals[AT(i)], keep = m;
        for (mask_t t = m; t; t &= t - 1) {
            int d = __builtin_ctz(t) + 1;
            if (!bs_any_shl_and(others, d, totals, w)) keep ^= t & -t;
        }
        if (keep != vals[AT(i)]) {
            if (!keep) return 0;
            vals[AT(i)] = keep;
            changed_push(p, AT(i));
        }
        memset(reach, 0, w * sizeof(word));
        for (mask_t t = keep; t; t &= t - 1) bs_or_shl(reach, after, __builtin_ctz(t) + 1, w);
        memcpy(after, reach, w * sizeof(word));
    }
    return 1;
}

static void sum_tables(void)
{
    for (int b = 0; b < 256; b++) {
        for (int d = 0; d < 8; d++) byte_mirror[b] |= (uint8_t)((b >> d & 1) << (7 - d));
        int j = 0;
        for (int d = 1; d <= 8; d++)
            if (b >> (d - 1) & 1) j++, low_sums[b][j] = (uint8_t)(low_sums[b][j - 1] + d);
        byte_bits[b] = (uint8_t)j;
        j = 0;
        for (int d = 8; d >= 1; d--)
            if (b >> (d - 1) & 1) j++, high_sums[b][j] = (uint8_t)(high_sums[b][j - 1] + d);
    }
}

/* the least and greatest sum of k different digits of `u` (propagators._distinct_extremes);
 * 0 when it has fewer. A mask holds MAX_SIDE (16) digits: two bytes, read off the tables */
static inline __attribute__((always_inline)) int distinct_extremes(mask_t u, int k, long *lo,
                                                                    long *hi)
{
    int low = u & 255, high = u >> 8 & 255, nl = byte_bits[low], nh = byte_bits[high];
    if (nl + nh < k) return 0;
    *lo = k <= nl ? low_sums[low][k] : low_sums[low][nl] + low_sums[high][k - nl] + 8 * (k - nl);
    *hi = k <= nh ? high_sums[high][k] + 8 * k
                  : high_sums[high][nh] + 8 * nh + high_sums[low][k - nh];
    return 1;
}

static int group_bounds(const mask_t *vals, const int *idx, const int *pos, int k, long *lo,
                        long *hi)
{
    mask_t u = 0;
    long low = 0, high = 0;
    for (int t = 0; t < k; t++) {
        mask_t m = vals[AT(pos[t])];
        u |= m, low += low_digit(m), high += bitlen(m);
    }
    if (k > 1) {
        long a, b;
        if (!distinct_extremes(u, k, &a, &b)) return 0;
        if (a > low) low = a;
        if (b < high) high = b;
    }
    *lo = low, *hi = high;
    return 1;
}

/* propagators.bound_sum: the values (positions `idx`) whose sum lies in low..high, groups of
 * positions holding digits that differ; 0 when no sum fits. `bounds` (or NULL): the least
 * and greatest sums of the groups as they came (as they are when nothing changed) */
static int bound_sum(Plan *p, mask_t *vals, const int *idx, long low, long high, int n,
                     int ngroups, const int *gstart, const int *gpos, long *scratch,
                     long *bounds)
{
    long *glow = scratch, *ghigh = scratch + ngroups;
    long smin = 0, smax = 0;
    for (int g = 0; g < ngroups; g++) {
        if (!group_bounds(vals, idx, gpos + gstart[g], gstart[g + 1] - gstart[g], &glow[g],
                          &ghigh[g]))
            return 0;
        smin += glow[g], smax += ghigh[g];
    }
    if (bounds) bounds[0] = smin, bounds[1] = smax;
    if (smin > high || smax < low) return 0;
    long *after_lo = scratch + 2 * ngroups;
    for (int g = 0; g < ngroups; g++) {
        const int *pos = gpos + gstart[g];
        int k = gstart[g + 1] - gstart[g];
        long *after_hi = after_lo + k + 1;
        mask_t *after_u = (mask_t *)(after_hi + k + 1);
        after_u[k] = 0, after_lo[k] = 0, after_hi[k] = 0;
        for (int t = k - 1; t > 0; t--) {
            mask_t m = vals[AT(pos[t])];
            after_u[t] = after_u[t + 1] | m;
            after_lo[t] = after_lo[t + 1] + low_digit(m);
            after_hi[t] = after_hi[t + 1] + bitlen(m);
        }
        mask_t u = 0;
        long least = 0, most = 0;
        for (int t = 0; t < k; t++) {
            int at = AT(pos[t]);
            long lo = after_lo[t + 1] + least, hi = after_hi[t + 1] + most;
            if (k > 2) {
                long a, b;
                if (!distinct_extremes(after_u[t + 1] | u, k - 1, &a, &b)) return 0;
                if (a > lo) lo = a;
                if (b < hi) hi = b;
            }
            long others_low = smin - glow[g] + lo, others_high = smax - ghigh[g] + hi;
            long from = low - others_high, to = high - others_low;
            mask_t m = vals[at];
            int first = low_digit(m), last = bitlen(m);
            if (from > first || to < last) {  /* else span(from, to) holds all of m */
                m &= span(from, to, n);
                if (!m) return 0;
                vals[at] = m;
                changed_push(p, at);
                first = low_digit(m), last = bitlen(m);
            }
            u |= m, least += first, most += last;
        }
    }
    return 1;
}

/* ---- the handlers' prunes: each removes exactly what its Python class removes ---- */

/* Pair, Tie: a table of the digits each digit of one cell leaves the other */
static int prune_pair(Plan *p, const Handler *h, mask_t *cand)
{
    int n = p->n, a = h->cells[0], b = h->cells[1];
    mask_t ma = cand[a], mb = cand[b], nb, na;
    if (n <= PAIR_TABLE_SIDE) {  /* candidates are masks of n digits: within the tables */
        nb = mb & h->support[ma];
        if (!nb) return 0;
        na = ma & h->support[((size_t)1 << n) + nb];
    } else {
        const int *fw = h->data, *bw = h->data + n;
        mask_t support = 0;
        for (mask_t m = ma; m; m &= m - 1) support |= fw[__builtin_ctz(m)];
        nb = mb & support;
        if (!nb) return 0;
        support = 0;
        for (mask_t m = nb; m; m &= m - 1) support |= bw[__builtin_ctz(m)];
        na = ma & support;
    }
    if (!na) return 0;
    if (na != ma) cand[a] = na, changed_push(p, a);
    if (nb != mb) cand[b] = nb, changed_push(p, b);
    return 1;
}

/* handler h's exclusions taken in this propagation: per digit, the places they were of; NULL
 * for an or's rules (they run on a trial copy). Within one propagation digits only leave
 * cells: the same places' exclusions again would remove nothing */
static uint32_t *exclusions_of(Plan *p, const Handler *h)
{
    uintptr_t at = (uintptr_t)h, first = (uintptr_t)p->h;
    if (at < first || at >= first + (uintptr_t)p->nprops * sizeof *h) return NULL;
    size_t i = (at - first) / sizeof *h;
    uint32_t *done = p->excluded + i * MAX_SIDE;
    if (p->excluded_in[i] != p->calls) {
        p->excluded_in[i] = p->calls;
        memset(done, 0, MAX_SIDE * sizeof *done);
    }
    return done;
}

/* `bit` leaves every cell of `common` (bits over the grid's cells); 0: one is left empty */
static int take_from_seen(Plan *p, const word *common, mask_t bit, mask_t *cand)
{
    for (int j = 0; j < p->cw; j++)
        for (word s = common[j]; s; s &= s - 1) {
            int q = 64 * j + __builtin_ctzll(s);
            mask_t pm = cand[q];
            if (pm & bit) {
                pm ^= bit;
                if (!pm) return 0;
                cand[q] = pm, changed_push(p, q);
            }
        }
    return 1;
}

/* required_places with up to 32 cells: a digit's places as bits of positions, gathered with
 * no branch on the cells' digits; a digit's exclusions skipped when handler h took them from
 * the same places in this propagation */
static int required_places_32(Plan *p, const Handler *h, const int *cells, int k,
                              mask_t required, int exclude, mask_t *cand)
{
    int cw = p->cw;
    uint32_t *done = exclude ? exclusions_of(p, h) : NULL;
    for (mask_t m = required; m; m &= m - 1) {
        mask_t bit = m & -m;
        int d = __builtin_ctz(m);
        uint32_t at = 0;
        for (int i = 0; i < k; i++) at |= (uint32_t)(cand[cells[i]] >> d & 1) << i;
        if (!at) return 0;
        if (!(at & (at - 1))) {
            int place = cells[__builtin_ctz(at)];
            if (cand[place] != bit) cand[place] = bit, changed_push(p, place);
            continue;
        }
        if (!exclude) continue;
        if (done) {
            if (done[d] == at) continue;
            done[d] = at;
        }
        word common[MAX_CELLS / 64];
        const word *seen = p->peer_bits + (size_t)cells[__builtin_ctz(at)] * cw;
        for (int j = 0; j < cw; j++) common[j] = seen[j];
        for (uint32_t a = at & (at - 1); a; a &= a - 1) {
            seen = p->peer_bits + (size_t)cells[__builtin_ctz(a)] * cw;
            for (int j = 0; j < cw; j++) common[j] &= seen[j];
        }
        if (!take_from_seen(p, common, bit, cand)) return 0;
    }
    return 1;
}

/* propagators.required_places: each digit every fitting set (or run) holds goes to its one
 * place left, or with two or more places (and `exclude`) leaves the cells seeing them all */
static int required_places(Plan *p, const Handler *h, const int *cells, int k, mask_t required,
                           int exclude, mask_t *cand)
{
    if (k <= 32) return required_places_32(p, h, cells, k, required, exclude, cand);
    int cw = p->cw;
    word common[MAX_CELLS / 64];
    for (mask_t m = required; m; m &= m - 1) {
        mask_t bit = m & -m;
        int places = 0, place = -1;
        for (int i = 0; i < k; i++) {
            int c = cells[i];
            if (!(cand[c] & bit)) continue;
            const word *seen = p->peer_bits + (size_t)c * cw;
            if (!places) {
                place = c;
                if (exclude) memcpy(common, seen, cw * sizeof(word));
            } else if (exclude) {
                for (int j = 0; j < cw; j++) common[j] &= seen[j];
            }
            places++;
        }
        if (!places) return 0;
        if (places == 1) {
            if (cand[place] != bit) cand[place] = bit, changed_push(p, place);
            continue;
        }
        if (!exclude) continue;
        if (!take_from_seen(p, common, bit, cand)) return 0;
    }
    return 1;
}

/* the fitting sets holding a digit of `m` (of n digits), read off by nibbles */
static inline word holding_of(const word *holding, mask_t m, int n)
{
    word out = holding[m & 15];
    for (int j = 1; 4 * j < n; j++) out |= holding[16 * j + (m >> 4 * j & 15)];
    return out;
}

/* CageSum, Innie: the sets of different digits that still fit */
static int prune_fitting_sets(Plan *p, const Handler *h, mask_t *cand)
{
    int k = h->ncells, exclude = h->data[0], many = h->data[1];
    const int *cells = h->cells, *sets = h->data + 2;
    mask_t u = 0, allowed = 0, required = ~(mask_t)0;
    if (h->holding) {  /* a set fits when it holds a digit of each cell and only theirs */
        word fits = many == 64 ? ~(word)0 : ((word)1 << many) - 1;
        int n = p->n;
        for (int i = 0; i < k; i++) {
            mask_t m = cand[cells[i]];
            u |= m;
            fits &= holding_of(h->holding, m, n);
        }
        fits &= ~holding_of(h->holding, p->full & ~u, n);
        for (; fits; fits &= fits - 1) {
            mask_t set = sets[__builtin_ctzll(fits)];
            allowed |= set, required &= set;
        }
    } else {
        for (int i = 0; i < k; i++) u |= cand[cells[i]];
    }
    for (int s = h->holding ? many : 0; s < many; s++) {
        mask_t set = sets[s];
        if (set & ~u) continue;
        int i = 0;
        while (i < k && cand[cells[i]] & set) i++;
        if (i == k) allowed |= set, required &= set;
    }
    if (!allowed) return 0;
    for (int i = 0; i < k; i++) {
        mask_t m = cand[cells[i]];
        if (m & ~allowed) cand[cells[i]] = m & allowed, changed_push(p, cells[i]);
    }
    return required_places(p, h, cells, k, required, exclude, cand);
}

/* SumBounds: a sum of cells within fixed bounds */
static int prune_bounded_sum(Plan *p, const Handler *h, mask_t *cand)
{
    long low = h->data[0], high = h->data[1];
    long *scratch = (long *)p->ints;
    if (!bound_sum(p, cand, h->cells, low, high, p->n, h->ngroups, h->gstart, h->gpos, scratch,
                   NULL))
        return 0;
    if (low == high) {
        word *totals = p->sums;
        /* sums past 63 reach no total below 64: 64 bits do up to 63 */
        if (h->words == 1 || low <= 63) return sum_supports_total(p, cand, h->cells, h->ncells, low);
        if (h->words == 2) return sum_supports_one_128(p, cand, h->cells, h->ncells, low, p->n);
        bs_bit(totals, low, h->words);
        if (!sum_supports(p, cand, h->cells, h->ncells, totals, h->words, totals + h->words))
            return 0;
    }
    return 1;
}

static mask_t mirror(mask_t m, int n)  /* the digits n+1-d of m (of n digits: 16 bits) */
{
    return (mask_t)(byte_mirror[m & 255] << 8 | byte_mirror[m >> 8 & 255]) >> (16 - n);
}

/* SignedSum: plus cells less minus cells, each minus cell read as n+1 less its digit */
static int prune_signed_sum(Plan *p, const Handler *h, mask_t *cand)
{
    int k = h->ncells, plus = h->data[0], n = p->n;
    long total = h->data[1];
    mask_t *view = p->view;
    for (int i = 0; i < k; i++) view[i] = i < plus ? cand[h->cells[i]] : mirror(cand[h->cells[i]], n);
    int start = p->nchanged;
    if (!bound_sum(p, view, NULL, total, total, n, h->ngroups, h->gstart, h->gpos, (long *)p->ints,
                   NULL))
        return 0;
    word *totals = p->sums;
    if (h->words <= 2 || total <= 63) {  /* sums past 63 reach no total below 64 */
        if (!(h->words == 1 || total <= 63 ? sum_supports_total(p, view, NULL, k, total)
                                           : sum_supports_one_128(p, view, NULL, k, total, p->n)))
            return 0;
    } else {
        bs_bit(totals, total, h->words);
        if (!sum_supports(p, view, NULL, k, totals, h->words, totals + h->words)) return 0;
    }
    if (p->nchanged == start) return 1;
    /* the positions seen, in increasing order (the Python side sorts them) */
    int *seen = p->ints;
    memset(seen, 0, k * sizeof(int));
    for (int j = start; j < p->nchanged; j++) seen[p->changed[j]] = 1;
    p->nchanged = start;
    for (int i = 0; i < k; i++) {
        if (!seen[i]) continue;
        int c = h->cells[i];
        mask_t m = i < plus ? view[i] : mirror(view[i], n);
        if (m != cand[c]) cand[c] = m, changed_push(p, c);
    }
    return 1;
}

/* ArrowSum: the shaft adds up to the bulb's number (one digit, or a pill's digits) */
static int prune_arrow_sum(Plan *p, const Handler *h, mask_t *cand)
{
    int n = p->n, nb = h->data[0];
    const int *places = h->data + 1, *bulb = h->cells, *shaft = h->cells + nb;
    int ks = h->ncells - nb;
    long mins[4], maxs[4], low = 0, high = 0;
    for (int i = 0; i < nb; i++) {
        mins[i] = low_digit(cand[bulb[i]]), maxs[i] = bitlen(cand[bulb[i]]);
        low += places[i] * mins[i], high += places[i] * maxs[i];
    }
    long *scratch = (long *)p->ints, bounds[2];
    int start = p->nchanged;
    if (!bound_sum(p, cand, shaft, low, high, n, h->ngroups, h->gstart, h->gpos, scratch, bounds))
        return 0;
    long smin = bounds[0], smax = bounds[1];  /* the shaft's, unless bound_sum narrowed it */
    if (p->nchanged > start) {
        smin = smax = 0;
        for (int g = 0; g < h->ngroups; g++) {
            long a, b;
            if (!group_bounds(cand, shaft, h->gpos + h->gstart[g],
                              h->gstart[g + 1] - h->gstart[g], &a, &b))
                return 0;
            smin += a, smax += b;
        }
    }
    for (int i = 0; i < nb; i++) {
        long w = places[i], rest_low = low - w * mins[i], rest_high = high - w * maxs[i];
        mask_t keep = w == 1 ? span(smin - rest_high, smax - rest_low, n)  /* floordiv by 1 */
                             : span(-floordiv(rest_high - smin, w), floordiv(smax - rest_low, w), n);
        mask_t m = cand[bulb[i]];
        if (m & ~keep) {
            m &= keep;
            if (!m) return 0;
            cand[bulb[i]] = m, changed_push(p, bulb[i]);
        }
    }
    if (nb == 1) {
        int b = bulb[0];
        word *totals = p->sums;
        memset(totals, 0, h->words * sizeof(word));
        totals[0] = (word)cand[b] << 1;
        if (!sum_supports(p, cand, shaft, ks, totals, h->words, totals + h->words)) return 0;
        mask_t keep = cand[b] & (mask_t)(totals[0] >> 1);
        if (keep != cand[b]) cand[b] = keep, changed_push(p, b);
    }
    return 1;
}

static int in_changed(const Plan *p, int from, int c)
{
    for (int j = from; j < p->nchanged; j++) if (p->changed[j] == c) return 1;
    return 0;
}

/* Thermo: digits rise from the bulb (a slow thermometer's may also stay the same) */
static int prune_rising(Plan *p, const Handler *h, mask_t *cand)
{
    int k = h->ncells, step = h->data[0] ? 0 : 1, start = p->nchanged;
    const int *cells = h->cells;
    mask_t below = 0;
    for (int i = 0; i < k; i++) {
        mask_t m = cand[cells[i]], keep = m & ~below;
        if (!keep) return 0;
        if (keep != m) cand[cells[i]] = keep, changed_push(p, cells[i]);
        below = (mask_t)((1ull << (low_digit(keep) - 1 + step)) - 1);
    }
    mask_t upto = ~(mask_t)0;
    for (int i = k - 1; i >= 0; i--) {
        int c = cells[i];
        mask_t m = cand[c], keep = m & upto;
        if (!keep) return 0;
        if (keep != m) {
            cand[c] = keep;
            if (!in_changed(p, start, c)) changed_push(p, c);
        }
        int top = bitlen(keep) - step;
        upto = top > 0 ? (mask_t)((1ull << top) - 1) : 0;
    }
    return 1;
}

/* SandwichSum: the digits between 1 and n add up to the total */
static int sandwich_fits(const Handler *h, const mask_t *cand, int i, int j, mask_t middle, int n)
{
    long k = j - i - 1, total = h->data[0];
    if (!((k + 1) * (k + 2) / 2 - 1 <= total && total <= k * (2 * n - k - 1) / 2)) return 0;
    long smin = 0, smax = 0;
    for (int t = i + 1; t < j; t++) {
        mask_t m = cand[h->cells[t]] & middle;
        if (!m) return 0;
        smin += low_digit(m), smax += bitlen(m);
    }
    return smin <= total && total <= smax;
}

static int prune_sandwich(Plan *p, const Handler *h, mask_t *cand)
{
    int k = h->ncells, n = p->n;
    const int *cells = h->cells;
    mask_t one = 1, big = 1u << (n - 1), middle = big - 2;
    int *fit_one = p->ints, *fit_big = p->ints + k, fits = 0, fi = 0, fj = 0;
    memset(p->ints, 0, 2 * k * sizeof(int));
    for (int i = 0; i < k; i++) {
        if (!(cand[cells[i]] & one)) continue;
        for (int j = 0; j < k; j++) {
            if (!(cand[cells[j]] & big) || i == j) continue;
            int a = i < j ? i : j, b = i < j ? j : i;
            if (sandwich_fits(h, cand, a, b, middle, n)) {
                fit_one[i] = fit_big[j] = 1;
                fits++, fi = a, fj = b;
            }
        }
    }
    if (!fits) return 0;
    for (int i = 0; i < k; i++) {
        int c = cells[i];
        mask_t drop = (fit_one[i] ? 0 : one) | (fit_big[i] ? 0 : big);
        if (cand[c] & drop) {
            cand[c] &= ~drop;
            if (!cand[c]) return 0;
            changed_push(p, c);
        }
    }
    if (fits == 1) {
        int inner = fj - fi - 1, gstart[2] = {0, inner};
        if (!bound_sum(p, cand, cells + fi + 1, h->data[0], h->data[0], n, inner ? 1 : 0,
                       gstart, p->iota, (long *)(p->ints + 2 * k + 2), NULL))
            return 0;
    }
    return 1;
}

/* run_matchings: k cells' digits among k digits (bits 0..k-1); per cell, the digits it takes
 * in some way of giving each cell a different digit, all k used (0: there is none): the same
 * sets as lines.run_matchings, found as Regin's all-different does: one such matching, then
 * a cell's other digit d is kept when the cell that d is matched to can hand its digit on
 * along matched cells back to this one (a cycle of swaps) */
static int augment(int i, const mask_t *masks, mask_t *visited, int *owner, mask_t *digit)
{
    for (mask_t free = masks[i] & ~*visited; free; free &= free - 1) {
        mask_t d = free & -free;
        *visited |= d;
        int j = owner[__builtin_ctz(d)];
        if (j < 0 || augment(j, masks, visited, owner, digit)) {
            owner[__builtin_ctz(d)] = i, digit[i] = d;
            return 1;
        }
    }
    return 0;
}

static int run_matchings(const mask_t *masks, int k, mask_t *kept)
{
    int owner[MAX_SIDE];
    mask_t digit[MAX_SIDE];
    unsigned reach[MAX_SIDE];
    mask_t used = 0;
    for (int i = 0; i < k; i++) {  /* first each cell its least free digit, if any */
        mask_t free = masks[i] & ~used;
        digit[i] = free & -free;
        used |= digit[i];
    }
    for (int d = 0; d < k; d++) owner[d] = -1;
    for (int i = 0; i < k; i++)
        if (digit[i]) owner[__builtin_ctz(digit[i])] = i;
    for (int i = 0; i < k; i++) {  /* then augmenting paths for the cells left out */
        mask_t visited = 0;
        if (!digit[i] && !augment(i, masks, &visited, owner, digit)) return 0;
    }
    for (int j = 0; j < k; j++) {  /* j -> the cells whose matched digit j could take */
        reach[j] = 0;
        for (mask_t m = masks[j] & ~digit[j]; m; m &= m - 1) reach[j] |= 1u << owner[__builtin_ctz(m)];
    }
    for (int m = 0; m < k; m++)  /* closed: Warshall's on bit sets */
        for (int j = 0; j < k; j++)
            if (reach[j] >> m & 1) reach[j] |= reach[m];
    for (int i = 0; i < k; i++) {
        kept[i] = digit[i];
        for (mask_t m = masks[i] & ~digit[i]; m; m &= m - 1)
            if (reach[owner[__builtin_ctz(m)]] >> i & 1) kept[i] |= m & -m;
    }
    return 1;
}

/* Renban: different digits forming a run of consecutive digits; in each run that fits, a
 * cell keeps the digits it takes in some matching of the cells to the run's digits */
static int prune_run(Plan *p, const Handler *h, mask_t *cand)
{
    int k = h->ncells, n = p->n, fits = 0;
    const int *cells = h->cells;
    mask_t required = ~(mask_t)0, keep[MAX_SIDE], kept[MAX_SIDE], masks[MAX_SIDE];
    if (k > n) return 0;  /* no run of k different digits */
    for (int i = 0; i < k; i++) keep[i] = 0;
    mask_t run = (mask_t)((1ull << k) - 1);
    for (int low = 0; low < n - k + 1; low++) {
        mask_t window = run << low, once = 0;
        int i = 0;
        for (; i < k; i++) {
            mask_t m = cand[cells[i]] & window;
            if (!m) break;
            once |= m, masks[i] = (mask_t)(m >> low);
        }
        if (i < k || once != window) continue;
        if (!run_matchings(masks, k, kept)) continue;
        for (i = 0; i < k; i++) keep[i] |= (mask_t)(kept[i] << low);
        required &= window, fits = 1;
    }
    if (!fits) return 0;
    for (int i = 0; i < k; i++)
        if (cand[cells[i]] & ~keep[i]) cand[cells[i]] &= keep[i], changed_push(p, cells[i]);
    return required_places(p, h, cells, k, required, h->data[0], cand);
}

/* Between: the inner cells lie strictly between the ends; `fit` per position */
static int between_fits(const Handler *h, const mask_t *cand, int low_end, mask_t *fit)
{
    int k = h->ncells;
    const int *cells = h->cells;
    int lo = low_end ? k - 1 : 0, hi = low_end ? 0 : k - 1;
    int top = 99, bottom = 0;
    for (int i = 1; i < k - 1; i++) {
        int t = bitlen(cand[cells[i]]), b = low_digit(cand[cells[i]]);
        if (t < top) top = t;
        if (b > bottom) bottom = b;
    }
    mask_t lows = cand[cells[lo]] & (mask_t)((1ull << (top - 1)) - 1);
    mask_t highs = cand[cells[hi]] & ~(mask_t)((1ull << bottom) - 1);
    if (!lows || !highs) return 0;
    int gap = h->data[0], below = bitlen(highs) - gap;  /* the ends `gap` apart at least */
    lows &= (mask_t)((1ull << (below > 0 ? below : 0)) - 1);
    if (!lows) return 0;
    highs &= ~(mask_t)((1ull << (low_digit(lows) + gap - 1)) - 1);
    if (!highs) return 0;
    int floor_ = low_digit(lows), ceiling = bitlen(highs);
    mask_t inside = (mask_t)((1ull << (ceiling - 1)) - 1) & ~(mask_t)((1ull << floor_) - 1);
    fit[lo] = lows, fit[hi] = highs;
    for (int i = 1; i < k - 1; i++) {
        fit[i] = cand[cells[i]] & inside;
        if (!fit[i]) return 0;
    }
    return 1;
}

static int prune_between(Plan *p, const Handler *h, mask_t *cand)
{
    int k = h->ncells;
    mask_t *keep = p->view, *fit = p->view + k;
    memset(keep, 0, k * sizeof(mask_t));
    for (int end = 0; end < 2; end++)
        if (between_fits(h, cand, end, fit))
            for (int i = 0; i < k; i++) keep[i] |= fit[i];
    for (int i = 0; i < k; i++) {  /* the cells in line order, as the Python dict holds them */
        int c = h->cells[i];
        if (!keep[i]) return 0;
        if (keep[i] != cand[c]) cand[c] = keep[i], changed_push(p, c);
    }
    return 1;
}

/* Lockout: the ends differ by at least the gap, and no inner digit lies within their span.
   Each pair of end digits is tried (as lines.Lockout does); the cells change in its order:
   the first end, the last, then the inner cells */
static int prune_outside(Plan *p, const Handler *h, mask_t *cand)
{
    int k = h->ncells, n = p->n, gap = h->data[0];
    const int *cells = h->cells;
    mask_t full = (mask_t)p->full, *keep = p->view, *kept = p->view + k;
    mask_t first = cand[cells[0]], last = cand[cells[k - 1]];
    memset(keep, 0, k * sizeof(mask_t));
    for (int a = 1; a <= n; a++) {
        if (!(first >> (a - 1) & 1)) continue;
        for (int b = 1; b <= n; b++) {
            if (!(last >> (b - 1) & 1) || abs(a - b) < gap) continue;
            int low = a < b ? a : b, high = a < b ? b : a;
            mask_t outside = full & ~(mask_t)(((1ull << high) - 1) & ~((1ull << (low - 1)) - 1));
            int stands = 1;
            for (int i = 1; i < k - 1 && stands; i++)
                stands = (kept[i] = cand[cells[i]] & outside) != 0;
            if (!stands) continue;
            keep[0] |= (mask_t)1 << (a - 1), keep[k - 1] |= (mask_t)1 << (b - 1);
            for (int i = 1; i < k - 1; i++) keep[i] |= kept[i];
        }
    }
    if (!keep[0]) return 0;
    int order[2] = {0, k - 1};
    for (int j = 0; j < k; j++) {
        int i = j < 2 ? order[j] : j - 1, c = cells[i];
        if (cand[c] != keep[i]) cand[c] = keep[i], changed_push(p, c);
    }
    return 1;
}

/* Quadruple: each listed digit appears at least as often as listed (and, `exclude`, leaves
   the cells that see all its places) */
static int prune_quadruple(Plan *p, const Handler *h, mask_t *cand)
{
    int k = h->ncells, needs = h->data[0];
    const int *cells = h->cells, *need = h->data + 1;
    int listed = h->data[1 + 2 * needs], exact = h->data[2 + 2 * needs];
    int exclude = h->data[3 + 2 * needs];
    mask_t required = 0;
    for (int t = 0; t < needs; t++) {
        mask_t bit = need[2 * t];
        int times = need[2 * t + 1], places = 0, placed = 0;
        required |= bit;
        for (int i = 0; i < k; i++) {
            places += !!(cand[cells[i]] & bit);
            placed += cand[cells[i]] == bit;
        }
        if (places < times) return 0;
        if (places == times) {
            for (int i = 0; i < k; i++)
                if (cand[cells[i]] & bit && cand[cells[i]] != bit)
                    cand[cells[i]] = bit, changed_push(p, cells[i]);
        } else if (exact) {  /* placed as often as listed: no other cell holds it */
            if (placed > times) return 0;
            if (placed == times)
                for (int i = 0; i < k; i++)
                    if (cand[cells[i]] & bit && cand[cells[i]] != bit)
                        cand[cells[i]] &= ~bit, changed_push(p, cells[i]);
        }
    }
    int able = 0;
    for (int i = 0; i < k; i++) able += !!(cand[cells[i]] & required);
    if (able == listed)
        for (int i = 0; i < k; i++)
            if (cand[cells[i]] & required && cand[cells[i]] & ~required)
                cand[cells[i]] &= required, changed_push(p, cells[i]);
    return !exclude || required_places(p, h, cells, k, required, 1, cand);
}

/* Automaton: the digits along the line spell a word it accepts (lines.Automaton): states
   reachable forward from the start, then back from the accepting ones */
static uint64_t halves(const int *at) { return (uint64_t)(uint32_t)at[0] | (uint64_t)(uint32_t)at[1] << 32; }

static int prune_automaton(Plan *p, const Handler *h, mask_t *cand)
{
    int k = h->ncells, n = p->n, states = h->data[0];
    const int *cells = h->cells, *table = h->data + 3;
    uint64_t reach[4 * MAX_CELLS + 1];
    uint64_t now = 1, alive;
    reach[0] = 1;
    for (int i = 0; i < k; i++) {
        mask_t m = cand[cells[i]];
        uint64_t next = 0, s = now;
        while (s) {
            int q = __builtin_ctzll(s);
            s &= s - 1;
            for (mask_t d = m; d; d &= d - 1) next |= halves(table + 2 * (q * n + __builtin_ctz(d)));
        }
        if (!next) return 0;
        reach[i + 1] = now = next;
    }
    alive = now & halves(h->data + 1);
    if (!alive) return 0;
    for (int i = k - 1; i >= 0; i--) {
        int c = cells[i];
        mask_t m = cand[c], keep = 0;
        uint64_t before = 0, s = reach[i];
        while (s) {
            int q = __builtin_ctzll(s);
            s &= s - 1;
            for (mask_t d = m; d; d &= d - 1) {
                int v = __builtin_ctz(d);
                if (halves(table + 2 * (q * n + v)) & alive) keep |= (mask_t)1 << v, before |= (uint64_t)1 << q;
            }
        }
        alive = before;
        if (keep != m) cand[c] = keep, changed_push(p, c);
    }
    (void)states;
    return 1;
}

/* Indexer: its digit v names the cell of its house that holds the indexer's own place */
static int prune_indexer(Plan *p, const Handler *h, mask_t *cand)
{
    int cell = h->data[0], digit = h->data[1], n = p->n;
    const int *targets = h->data + 2;
    mask_t bit = 1u << (digit - 1), m = cand[cell], keep = 0;
    for (int v = 1; v <= n; v++) {
        int target = targets[v - 1];
        if (m >> (v - 1) & 1) {
            int fits = target == cell ? v == digit : !!(cand[target] & bit);
            if (fits) keep |= 1u << (v - 1);
        } else if (target != cell && cand[target] & bit) {
            cand[target] &= ~bit;
            if (!cand[target]) return 0;
            changed_push(p, target);
        }
    }
    if (!keep) return 0;
    if (keep != m) cand[cell] = keep, changed_push(p, cell);
    if (single(keep)) {
        int target = targets[bitlen(keep) - 1];
        if (target != cell && cand[target] != bit) {
            if (!(cand[target] & bit)) return 0;  /* never with distinct targets: checked above */
            cand[target] = bit, changed_push(p, target);
        }
    }
    return 1;
}

/* XSum: the first X digits from the clue add up to it, X the first digit */
static int prune_xsum(Plan *p, const Handler *h, mask_t *cand)
{
    int k = h->ncells, start = p->nchanged;
    long total = h->data[0];
    const int *cells = h->cells;
    mask_t *keep = p->view, *rest = p->view + k;
    memset(keep, 0, k * sizeof(mask_t));
    for (mask_t m = cand[cells[0]]; m; m &= m - 1) {
        mask_t bit = m & -m;
        int x = __builtin_ctz(m) + 1, len = (x < k ? x : k) - 1;
        for (int i = 0; i < len; i++) rest[i] = cand[cells[1 + i]];
        if (x > total) continue;
        word *totals = p->sums;
        bs_bit(totals, total - x, h->words);
        int ok = sum_supports(p, rest, NULL, len, totals, h->words, totals + h->words);
        p->nchanged = start;  /* the Python side throws these away */
        if (!ok) continue;
        keep[0] |= bit;
        for (int i = 1; i < k; i++) keep[i] |= i < x ? rest[i - 1] : cand[cells[i]];
    }
    if (!keep[0]) return 0;
    for (int i = 0; i < k; i++)
        if (keep[i] != cand[cells[i]]) cand[cells[i]] = keep[i], changed_push(p, cells[i]);
    return 1;
}

/* Skyscraper: exactly `total` digits seen from the clue, walked both ways (states: per count
 * seen, the tallest digits so far) */
static int prune_skyscraper(Plan *p, const Handler *h, mask_t *cand)
{
    int k = h->ncells, total = h->data[0];
    mask_t last = h->data[1];
    const int *cells = h->cells;
    if (!(0 < total && total <= k)) return 0;
    int T = total + 1;
    mask_t *ahead = p->view;  /* k rows of T */
    mask_t earlier[MAX_SIDE + 2], behind[MAX_SIDE + 2];
    memset(ahead, 0, (size_t)k * T * sizeof(mask_t));
    ahead[1] = cand[cells[0]];
    for (int i = 1; i < k; i++) {
        mask_t *before = ahead + (size_t)(i - 1) * T, *now = ahead + (size_t)i * T;
        mask_t m = cand[cells[i]], taller = -((m & -m) << 1);
        for (int c = 1; c <= total; c++) {
            mask_t tops = before[c];
            if (tops) {
                now[c] |= tops & taller;
                if (c < total) now[c + 1] |= m & -((tops & -tops) << 1);
            }
        }
    }
    mask_t ends = ahead[(size_t)(k - 1) * T + total] & last;
    if (!ends) return 0;
    memset(behind, 0, sizeof behind);
    behind[total] = ends;
    for (int i = k - 1; i > 0; i--) {
        int c = cells[i];
        mask_t m = cand[c], keep = 0, taller = -((m & -m) << 1);
        const mask_t *before = ahead + (size_t)(i - 1) * T;
        memset(earlier, 0, sizeof earlier);
        for (int s = 1; s <= total; s++) {
            mask_t tops = behind[s];
            if (!tops) continue;
            mask_t hidden = before[s] & tops & taller;
            if (hidden) {
                earlier[s] |= hidden;
                keep |= m & (mask_t)((1ull << (bitlen(hidden) - 1)) - 1);
            }
            mask_t seen = tops & m, lower = before[s - 1];
            if (seen && lower) {
                mask_t shorter = lower & (mask_t)((1ull << (bitlen(seen) - 1)) - 1);
                if (shorter) {
                    earlier[s - 1] |= shorter;
                    keep |= seen & -((lower & -lower) << 1);
                }
            }
        }
        if (!keep) return 0;
        if (keep != m) cand[c] = keep, changed_push(p, c);
        memcpy(behind, earlier, sizeof behind);
    }
    mask_t first = behind[1];
    if (!first) return 0;
    if (first != cand[cells[0]]) cand[cells[0]] = first, changed_push(p, cells[0]);
    return 1;
}

/* the sets of `len` different digits within the cells' union, each cell finding one: their
 * sums and digits (how many), their sums in `reach` (w words) */
static int equal_fits(const mask_t *cand, const int *cells, int len, int *fit_total,
                      mask_t *fit_bits, word *reach, int w)
{
    mask_t u = 0;
    int nfit = 0;
    memset(reach, 0, w * sizeof(word));
    for (int i = 0; i < len; i++) u |= cand[cells[i]];
    /* walk every set of len digits from the union's k, in lexicographic order (the sets of
     * n digits that are no subset of the union fit no cells) */
    int digit[MAX_SIDE], k = 0, pick[MAX_SIDE + 1];
    for (mask_t m = u; m; m &= m - 1) digit[k++] = __builtin_ctz(m);
    for (int i = 0; i < len && i <= MAX_SIDE; i++) pick[i] = i;
    while (len <= k) {
        mask_t bits = 0;
        int sum = 0;
        for (int i = 0; i < len; i++)
            bits |= 1u << digit[pick[i]], sum += digit[pick[i]] + 1;
        int i = 0;
        while (i < len && cand[cells[i]] & bits) i++;
        if (i == len) {
            fit_total[nfit] = sum, fit_bits[nfit] = bits, nfit++;
            SET(reach, sum);
        }
        i = len - 1;
        while (i >= 0 && pick[i] == k - len + i) i--;
        if (i < 0) break;
        pick[i]++;
        for (int j = i + 1; j < len; j++) pick[j] = pick[j - 1] + 1;
    }
    return nfit;
}

/* group g's fitting sets (p->fit_sums, fit_sets, fit_count) and sums (`reach`): the memo's
 * when its cells hold what they held when they were walked, else walked (into the memo) */
static void group_fits(Plan *p, const Handler *h, const mask_t *cand, int g, const int *cells,
                       int len, int *nfit, word *reach)
{
    int w = h->words;
    EqualMemo *m = h->memo;
    if (!m) {
        p->fit_count[g] = equal_fits(cand, cells, len, p->fit_total + *nfit,
                                     p->fit_bits + *nfit, reach, w);
        p->fit_sums[g] = p->fit_total + *nfit, p->fit_sets[g] = p->fit_bits + *nfit;
        *nfit += p->fit_count[g];
        return;
    }
    mask_t *held = m->masks + m->first[g];
    int same = 1;
    for (int i = 0; i < len; i++)
        if (held[i] != cand[cells[i]]) held[i] = cand[cells[i]], same = 0;
    word *kept = m->reach + (size_t)g * w;
    if (!same)
        m->nfit[g] = equal_fits(cand, cells, len, m->total + m->start[g], m->bits + m->start[g],
                                kept, w);
    memcpy(reach, kept, w * sizeof(word));
    p->fit_count[g] = m->nfit[g];
    p->fit_sums[g] = m->total + m->start[g], p->fit_sets[g] = m->bits + m->start[g];
}

/* EqualSums: groups of cells with one sum (region-sum segments, zipper pairs, a double
 * arrow); a group of cells that see each other sums only sets of different digits */
static int prune_equal_sums(Plan *p, const Handler *h, mask_t *cand)
{
    int groups = h->data[0], w = h->words, nfit = 0;
    word *totals = p->sums, *reach = totals + w, *scratch = reach + w;
    memset(totals, 0xff, w * sizeof(word));
    const int *at = h->data + 1;
    for (int g = 0; g < groups; g++) {
        int distinct = at[0], pad = at[1], len = at[2];
        const int *cells = at + 3;
        at += 3 + len;
        if (distinct) {
            group_fits(p, h, cand, g, cells, len, &nfit, reach);
        } else {
            /* propagators.sums_of: the sums with digits that may repeat */
            word *row = scratch, *nxt = scratch + w;
            memset(row, 0, w * sizeof(word));
            row[0] = 1;
            for (int i = 0; i < len; i++) {
                memset(nxt, 0, w * sizeof(word));
                for (mask_t m = cand[cells[i]]; m; m &= m - 1)
                    bs_or_shl(nxt, row, __builtin_ctz(m) + 1, w);
                memcpy(row, nxt, w * sizeof(word));
            }
            memcpy(reach, row, w * sizeof(word));
        }
        if (pad) {  /* a shorter group's held sum, padded (lines.EqualSums.pads) */
            word *padded = scratch + 2 * w;
            memset(padded, 0, w * sizeof(word));
            bs_or_shl(padded, reach, pad, w);
            memcpy(reach, padded, w * sizeof(word));
        }
        for (int j = 0; j < w; j++) totals[j] &= reach[j];
        if (!bs_any(totals, w)) return 0;
    }
    at = h->data + 1;
    mask_t *masks = p->view;
    for (int g = 0; g < groups; g++) {
        int distinct = at[0], pad = at[1], len = at[2];
        const int *cells = at + 3;
        at += 3 + len;
        for (int i = 0; i < len; i++) masks[i] = cand[cells[i]];
        int start = p->nchanged;
        if (distinct) {
            mask_t allowed = 0;
            const int *sums = p->fit_sums[g];
            const mask_t *sets = p->fit_sets[g];
            for (int f = 0; f < p->fit_count[g]; f++) {
                int t = sums[f] + pad;
                if (totals[t >> 6] >> (t & 63) & 1) allowed |= sets[f];
            }
            for (int i = 0; i < len; i++)
                if (masks[i] & ~allowed) masks[i] &= allowed, changed_push(p, i);
        }
        word *wanted = scratch;
        bs_shr(wanted, totals, pad, w);
        if (!sum_supports(p, masks, NULL, len, wanted, w, scratch + w)) return 0;
        /* the positions changed, in order, become the cells changed */
        for (int j = start; j < p->nchanged; j++) {
            int i = p->changed[j];
            cand[cells[i]] = masks[i];
            p->changed[j] = cells[i];
        }
    }
    return 1;
}

static int prune_either(Plan *p, const Handler *h, mask_t *cand);

typedef int (*Prune)(Plan *, const Handler *, mask_t *);
static const Prune prunes[SHAPES] = {
    NULL, prune_pair, prune_fitting_sets, prune_bounded_sum, prune_signed_sum, prune_arrow_sum,
    prune_rising, prune_sandwich, prune_run, prune_between, prune_quadruple, prune_indexer,
    prune_xsum, prune_skyscraper, prune_equal_sums, prune_outside, prune_automaton, prune_either,
};

/* custom.Either._stands: one rule's handlers on `trial` to a fixpoint of their own (at most
   EITHER_ROUNDS rounds); 1 when it still stands */
static int either_stands(Plan *p, const Handler *h, int rule, mask_t *trial)
{
    for (int round = 0; round < EITHER_ROUNDS; round++) {
        int narrowed = 0;
        for (int i = h->gstart[rule]; i < h->gstart[rule + 1]; i++) {
            const Handler *s = &p->sub[i];
            p->nchanged = 0;
            if (!prunes[s->kind](p, s, trial) || p->overflow) return 0;
            narrowed |= p->nchanged > 0;
        }
        if (!narrowed) break;
    }
    for (int i = 0; i < h->ncells; i++)
        if (!trial[h->cells[i]]) return 0;
    return 1;
}

/* Either: a cell keeps the digits some rule that still stands leaves it (custom.Either) */
static int prune_either(Plan *p, const Handler *h, mask_t *cand)
{
    mask_t trial[MAX_CELLS], keep[4 * MAX_CELLS];
    int any = 0;
    for (int rule = 0; rule < h->ngroups; rule++) {
        memcpy(trial, cand, p->cells * sizeof(mask_t));
        if (!either_stands(p, h, rule, trial)) {
            if (p->overflow) return 0;
            continue;
        }
        for (int i = 0; i < h->ncells; i++)
            keep[i] = (any ? keep[i] : 0) | trial[h->cells[i]];
        any = 1;
    }
    p->nchanged = 0;
    if (!any) return 0;
    for (int i = 0; i < h->ncells; i++) {
        int c = h->cells[i];
        if (cand[c] != keep[i]) cand[c] = keep[i], changed_push(p, c);
    }
    return 1;
}

/* ---- propagation: engine.propagate step for step ---- */

static int blamed(Plan *p, const int *cells, int k)
{
    for (int i = 0; i < k && p->nblame < p->blame_cap; i++) p->blame[p->nblame++] = cells[i];
    return 0;
}

static void mark_cell(Plan *p, int c, word *houses,
                                                          word *props)
{
    if (p->touch) {  /* a few words or-ed in, not a bit set a house and a handler */
        const word *t = p->touch + (size_t)c * (p->hw + p->pw);
        for (int j = 0; j < p->hw; j++) houses[j] |= t[j];
        for (int j = 0; j < p->pw; j++) props[j] |= t[p->hw + j];
        return;
    }
    for (int i = p->ch_start[c]; i < p->ch_start[c + 1]; i++) SET(houses, p->ch_list[i]);
    for (int i = p->w_start[c]; i < p->w_start[c + 1]; i++) SET(props, p->w_list[i]);
}

static int lowest(word *bits, int w)  /* takes the lowest bit out; -1: none */
{
    for (int i = 0; i < w; i++)
        if (bits[i]) {
            int b = __builtin_ctzll(bits[i]);
            bits[i] &= bits[i] - 1;
            return 64 * i + b;
        }
    return -1;
}

static int any_bit(const word *bits, int w)
{
    for (int i = 0; i < w; i++) if (bits[i]) return 1;
    return 0;
}

/* engine.locked_candidates: 1 done (p->changed holds the cells), 0 a contradiction */
static int locked_candidates(Plan *p, mask_t *cand, int h)
{
    const int *house = p->house[h];
    int n = p->n, cw = p->cw, most = p->most;
    mask_t ones = 0, twos = 0, threes = 0, fours = 0, fives = 0, solved = 0;
    for (int i = 0; i < n; i++) {
        mask_t m = cand[house[i]];
        if (m & (m - 1)) {
            fives |= fours & m, fours |= threes & m, threes |= twos & m, twos |= ones & m;
            ones |= m;
        } else {
            solved |= m;
        }
    }
    mask_t many = most >= 4 ? fives : most == 3 ? fours : threes;
    mask_t todo = twos & ~many & ~solved;
    if (!todo) return 1;
    word seen_by[MAX_SIDE][MAX_CELLS / 64];
    const word *inside = p->house_bits + (size_t)h * cw;
    for (mask_t t = todo; t; t &= t - 1)
        for (int j = 0; j < cw; j++) seen_by[__builtin_ctz(t)][j] = ~inside[j];
    for (int i = 0; i < n; i++) {
        int c = house[i];
        const word *seen = p->peer_bits + (size_t)c * cw;
        for (mask_t m = cand[c] & todo; m; m &= m - 1)
            for (int j = 0; j < cw; j++) seen_by[__builtin_ctz(m)][j] &= seen[j];
    }
    for (mask_t t = todo; t; t &= t - 1)
        if (!take_from_seen(p, seen_by[__builtin_ctz(t)], t & -t, cand)) return 0;
    return 1;
}

/* a cell left with one digit: placed in turn, or with `staged` in the next round */
#define NEW_SINGLE(c_, m_)                                                                  \
    do {                                                                                    \
        if (staged) {                                                                       \
            if (nl >= p->placed_cap) { p->overflow = 1; return blamed(p, NULL, 0); }        \
            p->later[nl++] = (c_);                                                          \
        } else {                                                                            \
            if (top >= p->placed_cap) { p->overflow = 1; return blamed(p, NULL, 0); }       \
            placed[top++] = (c_), p->made[c_] = (m_);                                       \
        }                                                                                   \
    } while (0)

/* 1: a fixpoint; 0: a contradiction (p->blame holds the cells of the rule that failed);
 * `placed`: p->placed[0 .. top). `staged` (the search's branches, engine.propagate's
 * `later`): the cells a round leaves with one digit are placed together in the next round,
 * once the round has nothing left to do; p->made then holds the failed round's cells */
__attribute__((aligned(64)))  /* its hot loops placed alike from build to build */
static int propagate(Plan *p, mask_t *cand, int top, int all, const int *dirty, int ndirty,
                     int staged)
{
    int nl = 0;
    p->round = 0;
    p->calls++;
    word houses[64], props[p->pw], locked[64];
    int hw = p->hw, pw = p->pw;
    mask_t full = p->full;
    memset(houses, 0, hw * sizeof(word)), memset(locked, 0, hw * sizeof(word));
    memset(props, 0, pw * sizeof(word));
    if (all) {
        for (int h = 0; h < p->nhouses; h++) SET(houses, h);
        for (int i = 0; i < p->nprops; i++) SET(props, i);
    }
    int *placed = p->placed;
    for (int i = 0; i < top; i++) mark_cell(p, placed[i], houses, props);
    for (int i = 0; i < ndirty; i++) mark_cell(p, dirty[i], houses, props);
    memcpy(locked, houses, hw * sizeof(word));
    /* a fixpoint comes within this many steps (each removes a digit, or takes one of the
     * rules dirtied since the last removal); a malformed program might not get there */
    long long budget = ((long long)p->cells * p->n + 1) *
                       (p->nprops + 2LL * p->nhouses + p->cells + 2) * 2;
    for (;;) {
        if (--budget < 0) { p->overflow = 2; return 0; }
        while (top) {
            int c = placed[--top];
            mask_t m = cand[c];
            /* a hidden single's other digits left it: its houses again (engine.propagate) */
            for (int i = p->ch_start[c]; i < p->ch_start[c + 1]; i++) SET(houses, p->ch_list[i]);
            for (int i = p->peer_start[c]; i < p->peer_start[c + 1]; i++) {
                int q = p->peers[i];
                mask_t pm = cand[q];
                if (pm & m) {
                    pm ^= m;
                    if (!pm) { int two[2] = {c, q}; return blamed(p, two, 2); }
                    cand[q] = pm;
                    mark_cell(p, q, houses, props);
                    if (single(pm)) NEW_SINGLE(q, pm);
                }
            }
            if (p->f_start[c] < p->f_start[c + 1]) {
                int v = bitlen(m) - 1;
                for (int i = p->f_start[c]; i < p->f_start[c + 1]; i++) {
                    const int *f = p->forbid[i];
                    int q = f[0];
                    mask_t table = f[1 + v], pm = cand[q];
                    if (pm & table) {
                        pm &= ~table;
                        if (!pm) { int two[2] = {c, q}; return blamed(p, two, 2); }
                        cand[q] = pm;
                        mark_cell(p, q, houses, props);
                        if (single(pm)) NEW_SINGLE(q, pm);
                    }
                }
            }
        }
        int h, got = 0;  /* got: a house placed something (staged: placed a round later) */
        while (!top && !got && (h = lowest(houses, hw)) >= 0) {
            SET(locked, h);
            const int *house = p->house[h];
            mask_t once = 0, twice = 0, solved = 0;
#define SCAN(i_) do { mask_t m = cand[house[i_]];                                        \
                      twice |= once & m, once |= m;                                     \
                      if (single(m)) solved |= m; } while (0)
            if (p->n == 9) {  /* the common size, its loop unrolled */
                SCAN(0); SCAN(1); SCAN(2); SCAN(3); SCAN(4); SCAN(5); SCAN(6); SCAN(7); SCAN(8);
            } else {
                for (int i = 0; i < p->n; i++) SCAN(i);
            }
#undef SCAN
            if (once != full) return blamed(p, house, p->n);
            mask_t hidden = once & ~twice & ~solved;
            if (hidden)
                for (int i = 0; i < p->n; i++) {
                    int c = house[i];
                    mask_t x = cand[c] & hidden;
                    if (x) {
                        if (x & (x - 1)) return blamed(p, house, p->n);
                        cand[c] = x;
                        NEW_SINGLE(c, x);
                        got = 1;
                        for (int j = p->w_start[c]; j < p->w_start[c + 1]; j++)
                            SET(props, p->w_list[j]);
                    }
                }
        }
        if (top) continue;
        int i = lowest(props, pw), ok;
        if (i >= 0) {
            const Handler *hd = &p->h[i];
            p->nchanged = 0;
            ok = prunes[hd->kind](p, hd, cand);
            if (p->overflow) return blamed(p, NULL, 0);
            if (!ok) return blamed(p, hd->cells, hd->ncells);
        } else {
            if (nl) {  /* the next round (before locked candidates: ISS has none) */
                memset(p->made, 0, p->cells * sizeof *p->made);
                for (int j = 0; j < nl; j++) {
                    int c = placed[j] = p->later[j];
                    p->made[c] = cand[c];
                }
                top = nl, nl = 0, p->round++;
                continue;
            }
            if (!any_bit(locked, hw)) return 1;
            h = lowest(locked, hw);
            p->nchanged = 0;
            if (!locked_candidates(p, cand, h)) return blamed(p, p->house[h], p->n);
            if (p->overflow) return blamed(p, NULL, 0);
        }
        for (int j = 0; j < p->nchanged; j++) {
            int c = p->changed[j];
            mark_cell(p, c, houses, props);
            if (single(cand[c])) NEW_SINGLE(c, cand[c]);
        }
    }
}

#undef NEW_SINGLE

/* ---- the search: engine.Search step for step ---- */

static void overflowed(const Plan *p)
{
    PyErr_SetString(PyExc_ValueError, p->overflow == 2 ?
                    "program: its propagation does not settle (a malformed handler)" :
                    "program: its propagation ran out of room (a malformed handler)");
}

enum { DONE, STOPPED, FAILED, SWITCHED };

#define DECAY_EVERY (1 << 14)  /* conflicts between two halvings of the scores */

typedef struct {
    Plan *p;
    long limit, nodes, found, keep;
    PyObject *stop, *accept, *solutions;   /* borrowed for the call (stop, accept: or None) */
    long long *score;                      /* per cell: its priority, then its conflicts */
    long long digit_score[MAX_SIDE];       /* per digit: its conflicts */
    long countdown;                        /* conflicts to the next decay */
    mask_t *stack;
    int status;
    /* true candidates (engine.true_candidates, phase 1): cap 0 for a count */
    int cap, skipped, last;     /* skipped: a branch left out; last: the cell last wanted */
    long switch_at, switch_min; /* Tally.switch: at node switch_at, end if found >= switch_min */
    uint8_t *support;           /* per cell, per digit: solutions holding it, up to cap */
    mask_t *done;               /* per cell: the digits at the cap */
    mask_t *prefer;             /* per cell, a digit's bit tried first (NULL: none) */
    int *order, *where;         /* ISS's cell order (Search.order) and each cell's place in it */
    int *lost;                  /* per depth: the cells whose digits the node took out */
} Search;

static int poll(Search *s)
{
    int asked = stop_asked(s->stop);
    return asked < 0 ? FAILED : asked ? STOPPED : DONE;
}

static int record(Search *s, const mask_t *cand)
{
    int cells = s->p->cells;
    PyObject *values = PyTuple_New(cells);
    if (!values) return -1;
    for (int c = 0; c < cells; c++) PyTuple_SET_ITEM(values, c, PyLong_FromLong(bitlen(cand[c])));
    if (s->accept != Py_None) {
        PyObject *answer = PyObject_CallOneArg(s->accept, values);
        int yes = answer ? PyObject_IsTrue(answer) : -1;
        Py_XDECREF(answer);
        if (yes <= 0) {
            Py_DECREF(values);
            return yes;
        }
    }
    if (s->cap) {  /* Tally.credit: remembered before the checkpoint only */
        s->found++;
        for (int c = 0; c < cells; c++) {
            uint8_t *k = &s->support[c * s->p->n + __builtin_ctz(cand[c])];
            if (*k < s->cap && ++*k == s->cap) s->done[c] |= cand[c];
        }
        int failed = s->nodes < s->switch_at ? PyList_Append(s->solutions, values) : 0;
        Py_DECREF(values);
        return failed;
    }
    int failed = 0;
    if (s->found++ < s->keep) failed = PyList_Append(s->solutions, values);
    Py_DECREF(values);
    return failed;
}

/* Tally.wanted: does some cell still hold a digit under the cap? (the cell that last did is
 * asked first: it usually still does) */
static int wanted(Search *s, const mask_t *cand)
{
    if (cand[s->last] & ~s->done[s->last]) return 1;
    for (int c = 0; c < s->p->cells; c++)
        if (cand[c] & ~s->done[c]) {
            s->last = c;
            return 1;
        }
    s->skipped = 1;
    return 0;
}

/* Search.values: the digits in order; under a negative rule, those ruling out the fewest
 * candidates of the tied neighbours first (a stable sort, as Python's) */
static int values(const Search *s, const mask_t *cand, int cell, mask_t *out)
{
    const Plan *p = s->p;
    int k = 0, key[MAX_SIDE];
    for (mask_t m = cand[cell]; m; m &= m - 1) out[k++] = m & -m;
    if (p->f_start[cell] < p->f_start[cell + 1] && k > 1) {
        for (int i = 0; i < k; i++) {
            int v = __builtin_ctz(out[i]), sum = 0;
            for (int j = p->f_start[cell]; j < p->f_start[cell + 1]; j++) {
                const int *f = p->forbid[j];
                sum += popcount(cand[f[0]] & (mask_t)f[1 + v]);
            }
            key[i] = sum;
        }
        for (int i = 1; i < k; i++) {
            mask_t b = out[i];
            int kk = key[i], j = i - 1;
            while (j >= 0 && key[j] > kk) out[j + 1] = out[j], key[j + 1] = key[j], j--;
            out[j + 1] = b, key[j + 1] = kk;
        }
    }
    mask_t first = s->prefer ? s->prefer[cell] : 0;  /* asked for first (phase 2) */
    for (int i = 1; first && i < k; i++)
        if (out[i] == first) {
            memmove(out + 1, out, (size_t)i * sizeof *out);
            out[0] = first;
            break;
        }
    return k;
}


/* the digit failing most lately and its score, when it stands out (Search.hot_digit) */
static void hot_digit(const Search *s, mask_t *digit, long long *score)
{
    long long most = 0, least = 0;
    mask_t bit = 0;
    for (int i = 0; i < s->p->n; i++) {
        long long x = s->digit_score[i];
        if (x > most) most = x, bit = 1u << i;
        if (x && (!least || x < least)) least = x;
    }
    if (most < s->p->n || 2 * most <= 3 * least) *digit = 0, *score = 0;
    else *digit = bit, *score = most;
}

/* Search.branch_cell: the most score per candidate (a fifth of the hot digit's score added
 * to its cells'), the first in the cell order from `front` on a tie, the fewest candidates
 * when nothing scores; -1 when all are decided. `total`: the candidates of every cell added
 * up (those before `front` are decided) */
static int branch_cell(const Search *s, const mask_t *cand, int front, long long *total)
{
    mask_t hot;
    long long bonus;
    hot_digit(s, &hot, &bonus);
    int best = -1, fewest = -1, least = MAX_SIDE + 1;
    long long best_score = -1, best_k = 1, t = front;
    for (int i = front; i < s->p->cells; i++) {
        int c = s->order[i];
        mask_t m = cand[c];
        int k = popcount(m);
        t += k;
        if (k <= 1) continue;
        long long score = 5 * s->score[c] + (m & hot ? bonus : 0);
        if (best < 0 || score * best_k > best_score * k) best = c, best_score = score, best_k = k;
        if (k < least) least = k, fewest = c;
    }
    *total = t;
    return best >= 0 && best_score == 0 ? fewest : best;
}

/* Search.conflict: a branch of `cell` taking `bit` failed */
static void conflict(Search *s, int cell, mask_t bit)
{
    s->score[cell]++;
    s->digit_score[__builtin_ctz(bit)]++;
    if (--s->countdown == 0) {
        for (int c = 0; c < s->p->cells; c++) s->score[c] >>= 1;
        for (int i = 0; i < s->p->n; i++) s->digit_score[i] >>= 2;
        s->countdown = DECAY_EVERY;
    }
}

/* Search.house_pairs: the digits with two places in house `h` whose better scored place's
 * score halved reaches num / den (ties replacing), each the new branch and score */
static int house_pairs(const Search *s, const mask_t *cand, int h, long long *num,
                       long long *den, int *places, mask_t *bits)
{
    const Plan *p = s->p;
    const int *house = p->house[h];
    int n = p->n, found = 0;
    mask_t once = 0, twice = 0, more = 0;
    for (int i = 0; i < n; i++) {
        mask_t m = cand[house[i]];
        more |= twice & m, twice |= once & m, once |= m;
    }
    for (mask_t two = twice & ~more; two; two &= two - 1) {
        mask_t bit = two & -two;
        int a = -1, b = -1;
        for (int i = 0; i < n; i++)
            if (cand[house[i]] & bit) a = b, b = house[i];
        long long top = s->score[a] > s->score[b] ? s->score[a] : s->score[b];
        if (top * *den < 2 * *num) continue;
        *num = top, *den = 2;
        places[0] = s->score[b] > s->score[a] ? b : a;
        places[1] = places[0] == a ? b : a;
        bits[0] = bits[1] = bit;
        found = 1;
    }
    return found;
}

/* Search.house_branch: the houses of the cells in the order from `front`, each once, while
 * a cell's score reaches twice the best score so far (ISS's _findCustomCandidates) */
static int house_branch(const Search *s, const mask_t *cand, int cell, int front, int *places,
                        mask_t *bits)
{
    const Plan *p = s->p;
    int k = popcount(cand[cell]), found = 0;
    if (k <= 2 || s->score[cell] <= 0) return 0;
    long long num = s->score[cell], den = k;   /* the score to reach: num / den */
    word seen[64];
    memset(seen, 0, p->hw * sizeof(word));
    for (int i = front; i < p->cells; i++) {
        int c = s->order[i];
        if (s->score[c] * den < 2 * num) continue;
        for (int j = p->ch_start[c]; j < p->ch_start[c + 1]; j++) {
            int h = p->ch_list[j];
            if (seen[h >> 6] >> (h & 63) & 1) continue;
            SET(seen, h);
            found |= house_pairs(s, cand, h, &num, &den, places, bits);
        }
    }
    return found;
}

static int run(Search *s, int depth, int front, long long expect, int parent);

/* Search.swap_to: `cell` to place `at` of the order, the cell there to where it was */
static void swap_to(Search *s, int at, int cell)
{
    int *order = s->order, *where = s->where, was = where[cell], other = order[at];
    order[was] = other, where[other] = was;
    order[at] = cell, where[cell] = at;
}

/* Search.singles_to_front: the decided cells after `front` moved before it; the new front */
static int singles_to_front(Search *s, const mask_t *cand, int front)
{
    int cells = s->p->cells, *order = s->order, at = front;
    while (at < cells && !single(cand[order[at]])) at++;
    if (at == cells) return front;
    swap_to(s, front, order[at]);
    int end = front + 1;
    for (at++; at == end && at < cells; at++)
        if (single(cand[order[at]])) end++;
    for (; at < cells; at++)
        if (single(cand[order[at]])) swap_to(s, end++, order[at]);
    return end;
}

/* Search.failed: the branch of `cell` to `bit` failed: a conflict for it when its own round
 * failed (p->made empty), else for the first cell in the order of the round that failed */
static void failed(Search *s, int front, int cell, mask_t bit)
{
    if (!s->p->round) {
        conflict(s, cell, bit);
        return;
    }
    for (int i = front + 1; i < s->p->cells; i++) {
        int q = s->order[i];
        if (s->p->made[q]) {
            conflict(s, q, s->p->made[q]);
            return;
        }
    }
}

/* Search.branch: `cell` takes `bit` in a copy of the node's candidates, with the cells the
 * node took digits out of (`lost`); 0 go on, 1 end */
static int branch(Search *s, int depth, int front, int cell, mask_t bit, const int *lost,
                  int nlost, long long expect)
{
    Plan *p = s->p;
    int cells = p->cells, top = 1, nd = 0;
    mask_t *cand = s->stack + (size_t)depth * cells, *child = cand + cells;
    int *dirty = s->lost + (size_t)(depth + 1) * cells;  /* the child's, not in use yet */
    memcpy(child, cand, cells * sizeof *child);
    child[cell] = bit;
    p->placed[0] = cell;
    for (int i = 0; i < nlost; i++)
        if (lost[i] == cell) continue;
        else if (single(child[lost[i]])) p->placed[top++] = lost[i];
        else dirty[nd++] = lost[i];
    p->nblame = 0;
    memset(p->made, 0, cells * sizeof *p->made);
    if (!propagate(p, child, top, 0, dirty, nd, 1)) {
        if (p->overflow) {
            overflowed(p);
            s->status = FAILED;
            return 1;
        }
        failed(s, front, cell, bit);
        return 0;
    }
    if (s->cap && !wanted(s, child)) return 0;  /* all at the cap: not searched */
    if (run(s, depth + 1, front + 1, expect, cell)) return 1;
    return s->found >= s->limit;
}

/* Search.run: 0 go on, 1 end (enough solutions, stopped, or an error: s->status).
 * `front`: the cells before it in the order are decided. `expect`: the candidates left if
 * the branch into this node removed nothing else (its cell `parent` is then demoted), or -1 */
static int run(Search *s, int depth, int front, long long expect, int parent)
{
    Plan *p = s->p;
    mask_t *cand = s->stack + (size_t)depth * p->cells;
    s->nodes++;
    if (s->nodes % STOP_EVERY == 0 && (s->status = poll(s)) != DONE) return 1;
    if (s->cap && s->nodes == s->switch_at && s->found >= s->switch_min) {
        s->status = SWITCHED;  /* Tally.switch */
        return 1;
    }
    front = singles_to_front(s, cand, front);
    long long total;
    int cell = branch_cell(s, cand, front, &total);
    if (expect >= 0 && total == expect) s->score[parent] >>= 1;
    if (cell < 0) {
        if (record(s, cand) < 0) { s->status = FAILED; return 1; }
        return 0;
    }
    int *lost = s->lost + (size_t)depth * p->cells, nlost = 0, places[2];
    mask_t bits[MAX_SIDE];
    if (house_branch(s, cand, cell, front, places, bits)) {
        swap_to(s, front, places[0]);
        if (branch(s, depth, front, places[0], bits[0], lost, 0, -1)) return 1;
        cand[places[0]] &= ~bits[0];
        lost[nlost++] = places[0];
        swap_to(s, front, places[1]);
        return branch(s, depth, front, places[1], bits[1], lost, nlost, -1);
    }
    int k = values(s, cand, cell, bits);
    long long watch = k >= 5 ? total - (k - 1) : -1;
    for (;;) {  /* a digit, else the cell loses it and the best cell is chosen again */
        swap_to(s, front, cell);
        if (branch(s, depth, front, cell, bits[0], lost, nlost, watch)) return 1;
        if (k == 1) return 0;
        watch = -1;
        cand[cell] &= ~bits[0];
        int seen = 0;
        for (int i = 0; i < nlost; i++) seen |= lost[i] == cell;
        if (!seen) lost[nlost++] = cell;
        if (!single(cand[cell])) cell = branch_cell(s, cand, front, &total);
        k = values(s, cand, cell, bits);
    }
}

/* ---- the module ---- */

static Plan *plan_of(PyObject *program)
{
    Py_buffer view;
    if (PyObject_GetBuffer(program, &view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0) return NULL;
    if (view.itemsize != 4 || !view.format || (strcmp(view.format, "i") && strcmp(view.format, "l"))) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_TypeError, "program: an array of 32-bit ints (array('i'))");
        return NULL;
    }
    Plan *p = read_plan(view.buf, view.len / 4);
    PyBuffer_Release(&view);
    return p;
}

static int read_masks(PyObject *seq, mask_t *out, const Plan *p)
{
    PyObject *fast = PySequence_Fast(seq, "candidates: a sequence of masks");
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != p->cells) {
        PyErr_Format(PyExc_ValueError, "candidates: %zd cells, the grid has %d",
                     PySequence_Fast_GET_SIZE(fast), p->cells);
        Py_DECREF(fast);
        return -1;
    }
    for (int c = 0; c < p->cells; c++) {
        PyObject *item = PySequence_Fast_GET_ITEM(fast, c);
        if (!PyLong_Check(item)) {
            PyErr_Format(PyExc_TypeError, "candidates: cell %d is not an int", c);
            Py_DECREF(fast);
            return -1;
        }
        long v = PyLong_AsLong(item);
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(fast); return -1; }
        if (v < 0 || v > (long)p->full) {
            PyErr_Format(PyExc_ValueError, "candidates: cell %d holds %ld, not a mask of %d digits",
                         c, v, p->n);
            Py_DECREF(fast);
            return -1;
        }
        out[c] = (mask_t)v;
    }
    Py_DECREF(fast);
    return 0;
}

/* Search's cell order (at first the cells in order, as ISS's reset) and lost cells */
static int search_arrays(Search *s)
{
    int cells = s->p->cells;
    s->order = malloc(cells * sizeof *s->order);
    s->where = malloc(cells * sizeof *s->where);
    s->lost = malloc((size_t)(cells + 2) * cells * sizeof *s->lost);
    if (!s->order || !s->where || !s->lost) {
        PyErr_NoMemory();
        return -1;
    }
    for (int c = 0; c < cells; c++) s->order[c] = s->where[c] = c;
    return 0;
}

static void free_arrays(Search *s)
{
    free(s->order), free(s->where), free(s->lost);
}

static char *search_keywords[] = {"program", "candidates", "limit", "stop", "accept", "keep",
                                  "prefer", NULL};

/* search() and support(): stop and accept are each a callable or None (TypeError if not) */
static int callbacks_ok(PyObject *stop, PyObject *accept)
{
    if ((stop != Py_None && !PyCallable_Check(stop)) ||
        (accept != Py_None && !PyCallable_Check(accept))) {
        PyErr_SetString(PyExc_TypeError, "stop, accept: a callable or None");
        return 0;
    }
    return 1;
}

/* search(program, candidates, limit, stop=None, accept=None, keep=1000) -> (solutions,
 * found, nodes, stopped): engine.start's propagation of `candidates` (the givens' and the
 * cells' masks), then engine.Search.run. A complete grid counts when accept(values) is true. */
static PyObject *py_search(PyObject *self, PyObject *args, PyObject *kwargs)
{
    PyObject *program, *cand_seq, *stop = Py_None, *accept = Py_None, *prefer = Py_None;
    long limit, keep = 1000;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOl|OOlO", search_keywords, &program,
                                     &cand_seq, &limit, &stop, &accept, &keep, &prefer))
        return NULL;
    if (limit < 1 || keep < 0) {
        PyErr_SetString(PyExc_ValueError, "a limit of at least 1, keep at least 0");
        return NULL;
    }
    if (!callbacks_ok(stop, accept)) return NULL;
    Plan *p = plan_of(program);
    if (!p) return NULL;
    int cells = p->cells;
    Search s = {.p = p, .limit = limit, .keep = keep, .stop = stop, .accept = accept,
                .solutions = PyList_New(0), .countdown = DECAY_EVERY, .status = DONE};
    s.score = malloc(cells * sizeof *s.score);
    s.stack = malloc((size_t)(cells + 2) * cells * sizeof(mask_t));
    if (!s.solutions || !s.score || !s.stack) {
        if (s.solutions) PyErr_NoMemory();
        goto failed;
    }
    if (search_arrays(&s) < 0) goto failed;
    memcpy(s.score, p->priority, cells * sizeof *s.score);
    if (read_masks(cand_seq, s.stack, p) < 0) goto failed;
    if (prefer != Py_None) {
        s.prefer = malloc(cells * sizeof *s.prefer);
        if (!s.prefer) {
            PyErr_NoMemory();
            goto failed;
        }
        if (read_masks(prefer, s.prefer, p) < 0) goto failed;
    }
    int top = 0;
    for (int c = 0; c < cells; c++) {
        if (!s.stack[c]) {
            PyErr_Format(PyExc_ValueError, "candidates: cell %d has none", c);
            goto failed;
        }
        if (single(s.stack[c])) p->placed[top++] = c;
    }
    if (propagate(p, s.stack, top, 1, NULL, 0, 0)) run(&s, 0, 0, -1, -1);
    if (p->overflow && s.status != FAILED) {
        overflowed(p);
        s.status = FAILED;
    }
    if (s.status == FAILED) goto failed;
    free(s.score), free(s.stack), free(s.prefer), free_arrays(&s), plan_free(p);
    return Py_BuildValue("(NllO)", s.solutions, s.found, s.nodes,
                         s.status == STOPPED ? Py_True : Py_False);
failed:
    Py_XDECREF(s.solutions);
    free(s.score), free(s.stack), free(s.prefer), free_arrays(&s), plan_free(p);
    return NULL;
}

/* support(program, candidates, cap, stop, accept, switch_at, switch_min) -> (support,
 * solutions, nodes, stopped, skipped, switched, remembered): phase 1 of
 * engine.true_candidates step for step, Search.run from propagated `candidates`. `support`
 * holds cells * n numbers, cell by cell, digit 1 first: the solutions holding it, up to
 * `cap`; `skipped`: a branch whose candidates were all at the cap was left out; `switched`:
 * ended at node `switch_at` having met `switch_min` solutions, `remembered` (a list). */
static PyObject *py_support(PyObject *self, PyObject *args)
{
    PyObject *program, *cand_seq, *stop, *accept;
    int cap;
    long switch_at, switch_min;
    if (!PyArg_ParseTuple(args, "OOiOOll", &program, &cand_seq, &cap, &stop, &accept,
                          &switch_at, &switch_min))
        return NULL;
    if (cap < 1 || cap > 255 || switch_at < 1 || switch_min < 0) {
        PyErr_Format(PyExc_ValueError, "support %d? from 1 to 255 (a checkpoint past 0)", cap);
        return NULL;
    }
    if (!callbacks_ok(stop, accept)) return NULL;
    Plan *p = plan_of(program);
    if (!p) return NULL;
    int cells = p->cells, n = p->n;
    Search s = {.p = p, .limit = LONG_MAX, .stop = stop, .accept = accept,
                .solutions = PyList_New(0), .countdown = DECAY_EVERY, .status = DONE, .cap = cap,
                .switch_at = switch_at, .switch_min = switch_min};
    PyObject *list = NULL;
    s.score = malloc(cells * sizeof *s.score);
    s.stack = malloc((size_t)(cells + 2) * cells * sizeof(mask_t));
    s.support = calloc((size_t)cells * n, 1);
    s.done = calloc(cells, sizeof(mask_t));
    if (!s.solutions || !s.score || !s.stack || !s.support || !s.done) {
        if (s.solutions) PyErr_NoMemory();
        goto failed;
    }
    if (search_arrays(&s) < 0) goto failed;
    memcpy(s.score, p->priority, cells * sizeof *s.score);
    if (read_masks(cand_seq, s.stack, p) < 0) goto failed;
    for (int c = 0; c < cells; c++)
        if (!s.stack[c]) {
            PyErr_Format(PyExc_ValueError, "candidates: cell %d has none", c);
            goto failed;
        }
    run(&s, 0, 0, -1, -1);
    if (p->overflow && s.status != FAILED) {
        overflowed(p);
        s.status = FAILED;
    }
    if (s.status == FAILED) goto failed;
    list = PyList_New((Py_ssize_t)cells * n);
    for (Py_ssize_t i = 0; list && i < (Py_ssize_t)cells * n; i++) {
        PyObject *k = PyLong_FromLong(s.support[i]);
        if (!k) Py_CLEAR(list);
        else PyList_SET_ITEM(list, i, k);
    }
failed:
    free(s.score), free(s.stack), free(s.support), free(s.done), free_arrays(&s), plan_free(p);
    if (!list) {
        Py_XDECREF(s.solutions);
        return NULL;
    }
    return Py_BuildValue("(NllOOON)", list, s.found, s.nodes,
                         s.status == STOPPED ? Py_True : Py_False, s.skipped ? Py_True : Py_False,
                         s.status == SWITCHED ? Py_True : Py_False, s.solutions);
}

/* propagate(program, candidates) -> list | None: engine.start's propagation of `candidates`
 * (the givens' and the cells' masks) to its fixpoint, None on a contradiction */
static PyObject *py_propagate(PyObject *self, PyObject *args)
{
    PyObject *program, *cand_seq, *out = NULL;
    if (!PyArg_ParseTuple(args, "OO", &program, &cand_seq)) return NULL;
    Plan *p = plan_of(program);
    if (!p) return NULL;
    int cells = p->cells, top = 0;
    mask_t *cand = malloc(cells * sizeof *cand);
    if (!cand) {
        PyErr_NoMemory();
        goto done;
    }
    if (read_masks(cand_seq, cand, p) < 0) goto done;
    for (int c = 0; c < cells; c++) {
        if (!cand[c]) {
            PyErr_Format(PyExc_ValueError, "candidates: cell %d has none", c);
            goto done;
        }
        if (single(cand[c])) p->placed[top++] = c;
    }
    if (!propagate(p, cand, top, 1, NULL, 0, 0)) {
        if (p->overflow) overflowed(p);
        else out = Py_NewRef(Py_None);
        goto done;
    }
    out = PyList_New(cells);
    for (int c = 0; out && c < cells; c++) {
        PyObject *m = PyLong_FromLong((long)cand[c]);
        if (!m) Py_CLEAR(out);
        else PyList_SET_ITEM(out, c, m);
    }
done:
    free(cand), plan_free(p);
    return out;
}

/* check(program) -> None: reads the program as a search would (a ValueError names what is
 * wrong) */
static PyObject *py_check(PyObject *self, PyObject *program)
{
    Plan *p = plan_of(program);
    if (!p) return NULL;
    plan_free(p);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"search", (PyCFunction)(void (*)(void))py_search, METH_VARARGS | METH_KEYWORDS,
     "search(program, candidates, limit, stop=None, accept=None, keep=1000, prefer=None) -> "
     "(the first `keep` solutions, solutions found, nodes, stopped); prefer: per cell, a "
     "digit's bit tried first"},
    {"support", py_support, METH_VARARGS,
     "support(program, candidates, cap, stop, accept, switch_at, switch_min) -> (support: "
     "cells * n numbers, solutions, nodes, stopped, skipped, switched, remembered): the first "
     "phase of true candidates"},
    {"propagate", py_propagate, METH_VARARGS,
     "propagate(program, candidates) -> the candidates at the fixpoint, or None: a "
     "contradiction"},
    {"check", py_check, METH_O, "check(program): a ValueError when the program is malformed"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_variants",
    "The compiled variants engine (core/variants/engine.py is its reference).", -1, methods,
};

PyMODINIT_FUNC PyInit__variants(void)
{
    sum_tables();
    static const char *const names[] = {"STOP_EVERY", "VERSION", "MAX_SIDE", NULL};
    static const long values[] = {STOP_EVERY, VERSION, MAX_SIDE};
    return module_with(&module, names, values);
}
