// The Interactive Sudoku Solver (github.com/sigh/Interactive-Sudoku-Solver, MIT) run headless
// for bench/: our code, importing ISS's modules from a checkout given as the first argument.
//
//   node bench/iss_peer.mjs ISS_DIR serve   one JSON line in per puzzle {"input", "limit"};
//                                           one JSON line out: {"solutions": ["123...", ...],
//                                           "build_ms", "search_ms", "guesses", "nodes"} or
//                                           {"error"}. Prints {"ready": ms} once loaded.
//                                           {"input", "support"}: all possibilities instead,
//                                           {"counts", "solutions" (met), "build_ms", ...}.
//                                           {"input", "root": true}: the candidates when it
//                                           is about to make its first guess (forced steps
//                                           taken): {"root": [mask per cell, bit 0 the least
//                                           value], "ok": false on a contradiction first}.
//                                           With "cands": [mask per cell] the grid starts
//                                           from those candidates (a state of our search),
//                                           so the reply is ISS's propagation of them.
//   node bench/iss_peer.mjs ISS_DIR dump    every example and collection puzzle that carries a
//                                           solution, as one JSON list: {"name", "group",
//                                           "src", "solution", "input"}, the input in ISS's own
//                                           canonical constraint string.
//   node bench/iss_peer.mjs ISS_DIR all     the same for every such puzzle, with a solution or
//                                           not (solution: null), and "raw": its input as
//                                           ISS's file gives it.
import { createInterface } from 'node:readline';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const started = performance.now();
const [dir, mode] = process.argv.slice(2);
const iss = (path) => pathToFileURL(join(resolve(dir), path)).href;

const { ensureGlobalEnvironment } = await import(iss('tests/helpers/test_env.js'));
ensureGlobalEnvironment();
const { SudokuParser } = await import(iss('js/sudoku_parser.js'));
const { SudokuBuilder } = await import(iss('js/solver/sudoku_builder.js'));

const digits = (grid, size, offset) => {
  let text = '';
  for (let i = 0; i < size; i++) {
    const m = grid[i];
    const v = 31 - Math.clz32(m) + 1 + offset;
    text += v.toString(36);
  }
  return text;
};

const solve = (input, limit) => {
  const t0 = performance.now();
  const constraint = SudokuParser.parseText(input);
  const resolved = SudokuBuilder.resolveConstraint(constraint);
  const solver = SudokuBuilder.build(resolved);
  const internal = solver._internalSolver;
  const geometry = internal._geometry;
  const t1 = performance.now();
  const solutions = [];
  internal.run({ maxSolutions: limit }, (grid) => {
    solutions.push(digits(grid, geometry.numGridCells, geometry.valueOffset));
  });
  const t2 = performance.now();
  const counters = internal.counters;
  return {
    solutions, build_ms: t1 - t0, search_ms: t2 - t1,
    guesses: counters.guesses, nodes: counters.nodesSearched,
    exhausted: internal.state === internal.constructor.STATE_EXHAUSTED,
  };
};

// All possibilities with candidate support up to `support` (ISS's solveAllPossibilities, as
// its app calls it): each cell's support, numValues numbers a cell, value 1 first.
const candidates = (input, support) => {
  const t0 = performance.now();
  const constraint = SudokuParser.parseText(input);
  const resolved = SudokuBuilder.resolveConstraint(constraint);
  const solver = SudokuBuilder.build(resolved);
  const t1 = performance.now();
  const counts = solver.solveAllPossibilities(support);
  const t2 = performance.now();
  const counters = solver._internalSolver.counters;
  return {
    counts: Array.from(counts), build_ms: t1 - t0, search_ms: t2 - t1,
    guesses: counters.guesses, nodes: counters.nodesSearched, solutions: counters.solutions,
  };
};

// The candidates where ISS is about to make its first guess: its propagation of the givens
// and the forced steps after it (cells left one value, hidden singles: its run loop takes
// those without a guess), one mask per grid cell; ok false on a contradiction first.
const root = (input, cands) => {
  const constraint = SudokuParser.parseText(input);
  const resolved = SudokuBuilder.resolveConstraint(constraint);
  const solver = SudokuBuilder.build(resolved);
  const internal = solver._internalSolver;
  const cells = internal._geometry.numGridCells;
  if (cands) {
    for (let i = 0; i < cells; i++) internal._initialGridState[i] &= cands[i];
  }
  let found = null;
  internal.run({ step: { n: 1, stepGuides: new Map(), onStep: (r) => {
    found = { root: Array.from(r.grid.subarray(0, cells)), ok: !r.hasConflict };
  } } }, () => { });
  return found ?? { root: [], ok: false };
};

// ISS's first `n` search events from the root: ["g", cell, value mask, count, custom] a
// guess (count > 1; custom: a digit in one of a house's places), ["c", cell, value] a
// conflict charged, ["d", cell] a cell demoted; and the conflict scores it starts from
// (bench/iss_search_compare.py).
const enough = new Error('enough');
const trace = (input, n) => {
  const constraint = SudokuParser.parseText(input);
  const resolved = SudokuBuilder.resolveConstraint(constraint);
  const solver = SudokuBuilder.build(resolved);
  const internal = solver._internalSolver;
  const selector = internal._candidateSelector;
  const scores = Array.from(internal._conflictScores.scores);
  const found = [];
  const add = (event) => {
    found.push(event);
    if (found.length >= n) throw enough;
  };
  const select = selector.selectNextCandidate.bind(selector);
  selector.selectNextCandidate = (cellDepth, grid, stepState, isNewNode) => {
    const conflicts = selector._conflictScores;
    if (conflicts && !conflicts.traced) {
      const increment = conflicts.increment.bind(conflicts);
      const demote = conflicts.demote.bind(conflicts);
      conflicts.increment = (cell, value) => { increment(cell, value); add(['c', cell, value]); };
      conflicts.demote = (cell) => { demote(cell); add(['d', cell]); };
      conflicts.traced = true;
    }
    const r = select(cellDepth, grid, stepState, isNewNode);
    if (r.count > 1) {
      add(['g', selector.getCellAtDepth(cellDepth), r.value, r.count,
        selector._candidateSelectionFlags[cellDepth] === 1]);
    }
    return r;
  };
  try {
    internal.run({ maxSolutions: 2 }, () => { });
  } catch (e) {
    if (e !== enough) throw e;
  }
  return { trace: found, scores };
};

if (mode === 'serve') {
  console.log(JSON.stringify({ ready: performance.now() - started }));
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    if (!line.trim()) continue;
    let reply;
    try {
      const { input, limit, support, root: atRoot, cands, trace: steps } = JSON.parse(line);
      reply = steps ? trace(input, steps) : atRoot ? root(input, cands)
        : support ? candidates(input, support) : solve(input, limit ?? 2);
    } catch (e) {
      reply = { error: String(e && e.message || e) };
    }
    console.log(JSON.stringify(reply));
  }
} else if (mode === 'dump' || mode === 'all') {
  const { DISPLAYED_EXAMPLE_GROUPS } = await import(iss('data/example_puzzles.js'));
  const Collections = await import(iss('data/collections.js'));
  const { resolvePuzzleConfig } = await import(iss('data/example_puzzles.js'));
  const found = [];
  const seen = new Set();
  const add = (config, group) => {
    if (!config || typeof config.input !== 'string') return;
    if (!config.solution && mode === 'dump') return;
    if (config.input.startsWith('/')) return;  // sandbox scripts and .iss files
    if (seen.has(config.name || config.input)) return;
    seen.add(config.name || config.input);
    let input;
    try {
      input = SudokuParser.parseText(config.input).toString();
    } catch (e) {
      return;
    }
    const src = [].concat(config.src || []);
    const entry = { name: config.name || '', group, src, solution: config.solution || null, input };
    if (mode === 'all') entry.raw = config.input;
    found.push(entry);
  };
  for (const group of DISPLAYED_EXAMPLE_GROUPS) {
    for (const p of group.puzzles) add(p, group.name);
  }
  for (const [name, value] of Object.entries(Collections)) {
    if (!Array.isArray(value)) continue;
    for (const entry of value) {
      const config = typeof value.configFor === 'function'
        ? value.configFor(entry) : resolvePuzzleConfig(entry);
      add(config, name);
    }
  }
  console.log(JSON.stringify(found));
} else {
  console.error('usage: node bench/iss_peer.mjs ISS_DIR serve|dump|all');
  process.exit(2);
}
