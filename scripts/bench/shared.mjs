// What the sections of the performance suite share: the figures with their
// budgets and the one table they end in, and the pages and accounts they
// measure with (built on tests/support/, the end-to-end tests' library).

import { cpus, loadavg } from 'node:os';
import { settled as settledWithin, newPage } from '../../tests/support/browser.mjs';
import { rememberedLogin } from '../../tests/support/pages/login.mjs';
import { startSim } from '../../tests/support/simulator.mjs';

export const RUNS = Number(process.env.BENCH_RUNS || 7);
export const TABLE_MARK = 'vmdeck:vm-table-rendered';

export const log = (...args) => console.error('bench:', ...args);

// ---------------------------------------------------------------- figures

// A figure is data, written once: `name` (its `{slot}`s filled in when it is
// recorded), `unit`, and, when it has a budget, `budget` with `better`, the
// side of it that passes ('lower': at most, 'higher': at least, 'exact': just
// that), and optionally `floor`, the limit it must keep at the very least
// (shown beside the budget, not checked). A figure measured in variants with
// budgets of their own keeps them in `variants`, each keyed by its variant.
// The table shows the budget from this data and checks the figure against it.

const SIGNS = { lower: '≤ ', higher: '≥ ', exact: '' };
const PASSES = { lower: (value, budget) => value <= budget, higher: (value, budget) => value >= budget, exact: (value, budget) => value === budget };

/** Throws at a budget that cannot be checked, when a section is loaded rather than at the end of a run. */
function checkBudget(where, { budget, better, floor }) {
  if (budget === undefined && floor === undefined) return;
  if (typeof budget !== 'number' || !(better in PASSES) || !['number', 'undefined'].includes(typeof floor)) {
    throw new Error(`${where}: a budget is a number with better: ${Object.keys(PASSES).join(', ')} (and a number as floor)`);
  }
}

/** A section's figures, checked: every name and unit a string, every budget one that can be checked. */
export function figures(defs) {
  for (const [key, figure] of Object.entries(defs)) {
    if (typeof figure.name !== 'string' || typeof figure.unit !== 'string') throw new Error(`figure ${key}: needs a name and a unit`);
    checkBudget(figure.name, figure);
    for (const [variant, budget] of Object.entries(figure.variants ?? {})) checkBudget(`${figure.name} (${variant})`, budget);
  }
  return defs;
}

/** The budget as the table shows it: '≤ 150', '≥ 95 (at the very least ≥ 90)', '0'. */
function budgetText({ budget, better, floor }) {
  if (budget === undefined) return '';
  const sign = SIGNS[better];
  return floor === undefined ? `${sign}${budget}` : `${sign}${budget} (at the very least ${sign}${floor})`;
}

/**
 * Met (true), over (false), or null without a budget. A figure that was not
 * measured (a word instead of a number) is over, budget or not.
 */
function verdict({ budget, better }, value, holds) {
  const measured = typeof value === 'object' ? value.median : value;
  if (typeof measured !== 'number') return false;
  if (budget === undefined) return null;
  return holds && PASSES[better](measured, budget);
}

/** A figure as the table shows it: integers as they are, two significant digits below 1, two decimals below 100. */
export function fmt(value) {
  if (typeof value !== 'number') return String(value);
  if (Number.isInteger(value)) return String(value);
  // Two significant digits below 1: a layout shift of 0.093 is not 0.09.
  if (Math.abs(value) < 1) return value.toPrecision(2);
  return Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(2);
}

/** The median, min and max of several runs (`n` of them). */
export function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1], n: sorted.length };
}

const rows = [];

/**
 * One line of the table: `figure` as `figures` takes it, `value` a number,
 * the `stats` of several runs, or a word when it was not measured. `slots`
 * fill in the name, `variant` picks the budget in `figure.variants`, `holds`
 * is whatever else a verdict of met needs besides the budget.
 */
export function record(figure, value, { slots = {}, variant, note = '', holds = true } = {}) {
  const what = figure.name.replace(/\{(\w+)\}/g, (_, slot) => {
    if (!(slot in slots)) throw new Error(`figure ${figure.name}: no value for {${slot}}`);
    return slots[slot];
  });
  const budget = variant === undefined ? figure : (figure.variants?.[variant] ?? {});
  rows.push({ what, value, unit: figure.unit, budget: budgetText(budget), ok: verdict(budget, value, holds), note });
  const shown = typeof value === 'object' ? `median ${fmt(value.median)} (${fmt(value.min)}–${fmt(value.max)})` : fmt(value);
  log(`${what}: ${shown} ${figure.unit} ${note}`);
}

/** Prints every line recorded, under the date, the number of runs and how busy the machine was. */
export function printTable() {
  const header = ['measure', 'median', 'min', 'max', 'unit', 'budget', 'result'];
  const lines = rows.map((r) => {
    const s = typeof r.value === 'object' ? r.value : { median: r.value, min: '', max: '' };
    const result = r.ok === null ? '' : r.ok ? 'met' : 'OVER';
    return [r.what, fmt(s.median), fmt(s.min), fmt(s.max), r.unit, r.budget, [result, r.note].filter(Boolean).join(' ')];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => String(l[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  // Other work on the machine slows the browser down: say how busy it was.
  const load = loadavg().map((l) => l.toFixed(2)).join(' ');
  console.log(`\nvmdeck benchmarks, ${new Date().toISOString().slice(0, 10)}, ${RUNS} runs per figure (median, min, max),`);
  console.log(`${cpus().length} CPUs, load average ${load} at the end\n`);
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const l of lines) console.log(line(l));
}

// ---------------------------------------------------------------- browser

/**
 * Runs in every page before its own scripts: records long tasks, the wasm
 * instance, and each performance mark the moment it is made, so that a
 * benchmark can wait for a mark and for the frame painted after it.
 */
function instrument() {
  const bench = { longTasks: [], waiters: [], marks: [] };
  window.__bench = bench;
  performance.setResourceTimingBufferSize(100000);
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  addEventListener('TrunkApplicationStarted', (event) => {
    bench.wasm = event.detail && event.detail.wasm;
  });
  const mark = performance.mark.bind(performance);
  performance.mark = (name, options) => {
    const entry = mark(name, options);
    // Each mark and the frame painted after it (rows laid out and painted),
    // kept so that a wait that starts late still finds a mark already made.
    const made = { name, marked: performance.now(), painted: null, rows: document.querySelectorAll('#vm-table tbody tr').length };
    bench.marks.push(made);
    if (bench.marks.length > 500) bench.marks.shift();
    requestAnimationFrame(() => setTimeout(() => {
      made.painted = performance.now();
      for (const waiter of bench.waiters.filter((w) => w.name === name && made.marked >= w.after)) {
        bench.waiters.splice(bench.waiters.indexOf(waiter), 1);
        waiter.resolve({ marked: made.marked, painted: made.painted, rows: made.rows });
      }
    }));
    return entry;
  };
  /** Resolves at the first frame painted after a mark `name` made at or after `after`. */
  bench.until = (name, after, timeoutMs = 15000) =>
    new Promise((resolve, reject) => {
      const done = bench.marks.find((m) => m.name === name && m.marked >= after && m.painted !== null);
      if (done) return resolve({ marked: done.marked, painted: done.painted, rows: done.rows });
      bench.waiters.push({ name, after, resolve });
      setTimeout(() => reject(new Error(`no mark ${name} within ${timeoutMs} ms`)), timeoutMs);
    });
}

/**
 * A context with `instrument` and any other `scripts` run in its pages, its
 * page's panics and console errors logged; `options` as Playwright's.
 */
export function newContext(browser, storageState, { scripts = [], ...options } = {}) {
  return newPage(browser, { ...options, storageState, scripts: [instrument, ...scripts], report: log });
}

/** Logs in once and answers the storage that keeps later contexts logged in. */
export async function loggedInState(browser, sim) {
  const { context, page } = await newContext(browser);
  const state = await rememberedLogin(page, sim.url);
  await context.close();
  return state;
}

/**
 * Clicks a link the router handles, the way a user follows it. `timed`: wait
 * for the VM table's mark and answer when the click happened and the frame
 * after the table was painted.
 */
export async function follow(page, href, timed = false) {
  return page.evaluate(({ href, mark, timed }) => {
    const link = document.createElement('a');
    link.href = href;
    document.body.append(link);
    const start = performance.now();
    const done = timed ? __bench.until(mark, start) : null;
    link.click();
    link.remove();
    return done && done.then((t) => ({ ...t, start }));
  }, { href, mark: TABLE_MARK, timed });
}

/**
 * Waits for an element (or its absence) without keeping a handle to it: a
 * handle would keep a page's detached DOM alive and read as a leak.
 */
export function shown(page, selector, state = 'attached') {
  return page.locator(selector).first().waitFor({ state });
}

/** Waits until the page has no loading placeholders, 5 s at most (said on stderr). */
export async function settled(page) {
  await settledWithin(page, 5000).catch(() => log(`still loading after 5 s: ${page.url()}`));
}

// ---------------------------------------------------------------- simulator

// The accounts the sections visit, each a simulator of its own.
const ACCOUNTS = {
  // 1,000 VMs whose operations take 4 s: load, the table, polling while idle, memory.
  list: ['--vms', '1000', '--op-ms', '4000'],
  // 10,000 VMs: search and sort.
  large: ['--vms', '10000'],
  // 50 VMs whose operations outlast the run: polling while one is busy.
  busy: ['--vms', '50', '--op-ms', '600000'],
  // 50 VMs: Lighthouse, the layout shift and the slow network.
  small: ['--vms', '50'],
};

/**
 * The accounts of one run: `account(name)` answers `{ sim, state }` (the
 * simulator, and the storage that keeps a context logged in to it), started
 * and logged in to on first use only; `stop()` ends every simulator started.
 */
export function accounts(browser) {
  const started = new Map();
  return {
    async account(name) {
      if (!ACCOUNTS[name]) throw new Error(`no account ${name}`);
      if (!started.has(name)) {
        const sim = await startSim(ACCOUNTS[name]);
        started.set(name, { sim });
        started.get(name).state = await loggedInState(browser, sim);
      }
      return started.get(name);
    },
    async stop() {
      for (const { sim } of started.values()) await sim.stop();
    },
  };
}
