// The performance suite of issue #8: measures the built release panel (dist/)
// in headless Chromium against the release simulator and prints one table.
// It asserts nothing: a budget missed shows as "over" in the table.
// Run through scripts/bench.sh, which builds what it needs first.
//
// Environment: BENCH_RUNS (runs per figure, default 7), BENCH_LH_RUNS
// (Lighthouse runs per figure, default 3), BENCH_POLL_SECONDS (window of each
// polling count, default 12), BENCH_TRIPS (memory round trips, default 50),
// BENCH_ONLY (a comma-separated choice of bundle, charts, load, table, large,
// polling, memory, lighthouse, cls, slow), CHART_LINE (the chart benchmark's
// output line). Lighthouse must be on PATH (scripts/tools.sh --bench).

import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { ROOT, DEMO, startSim, launchBrowser, logIn, apiGet } from '../tests/e2e/harness.mjs';

const RUNS = Number(process.env.BENCH_RUNS || 7);
const POLL_SECONDS = Number(process.env.BENCH_POLL_SECONDS || 12);
const TRIPS = Number(process.env.BENCH_TRIPS || 50);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LH_RUNS || 3);
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const POLL_INTERVAL_MS = 2000; // the panel's BUSY_POLL_MS (src/hooks/use_poll.rs)
const SEARCH_PAUSE_MS = 300; // longer than the panel's SEARCH_INTERVAL_MS: the next key starts a search at once
const DIST = path.join(ROOT, 'dist');
const TABLE_MARK = 'vmdeck:vm-table-rendered';
const REFERENCE_MARK = 'reference:vm-table-rendered';

const rows = [];
const log = (...args) => console.error('bench:', ...args);

// ---------------------------------------------------------------- figures

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1], n: sorted.length };
}

/** One line of the table. `ok` is true, false, or null when there is no budget. */
function record(what, figure, unit, budget, ok, note = '') {
  rows.push({ what, figure, unit, budget, ok, note });
  const shown = typeof figure === 'object' ? `median ${fmt(figure.median)} (${fmt(figure.min)}–${fmt(figure.max)})` : fmt(figure);
  log(`${what}: ${shown} ${unit} ${note}`);
}

function fmt(value) {
  if (typeof value !== 'number') return String(value);
  if (Number.isInteger(value)) return String(value);
  // Two significant digits below 1: a layout shift of 0.093 is not 0.09.
  if (Math.abs(value) < 1) return value.toPrecision(2);
  return Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(2);
}

function printTable() {
  const header = ['measure', 'median', 'min', 'max', 'unit', 'budget', 'result'];
  const lines = rows.map((r) => {
    const s = typeof r.figure === 'object' ? r.figure : { median: r.figure, min: '', max: '' };
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
  /** Pretends the tab is hidden or shown again, as switching tabs does. */
  bench.setHidden = (hidden) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  };
}

/** A context with `instrument` and any other `scripts` run in its pages; `options` as Playwright's. */
async function newContext(browser, storageState, { scripts = [], ...options } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, storageState, ...options });
  for (const script of [instrument, ...scripts]) await context.addInitScript(script);
  const page = await context.newPage();
  page.on('pageerror', (err) => log(`page error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/Failed to load resource/.test(msg.text())) log(`console error: ${msg.text()}`);
  });
  return { context, page };
}

/** Logs in once and answers the storage that keeps later contexts logged in. */
async function loggedInState(browser, sim) {
  const { context, page } = await newContext(browser);
  await page.goto(`${sim.url}/login`);
  await logIn(page, sim.url, { remember: true });
  await shown(page, '#vm-table');
  const state = await context.storageState();
  await context.close();
  return state;
}

/**
 * Clicks a link the router handles, the way a user follows it. `timed`: wait
 * for the VM table's mark and answer when the click happened and the frame
 * after the table was painted.
 */
async function follow(page, href, timed = false) {
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
function shown(page, selector, state = 'attached') {
  return page.locator(selector).first().waitFor({ state });
}

/** Waits until the page has no loading placeholders. */
async function settled(page) {
  await page
    .waitForFunction(() => !document.querySelector('#main .skeleton, #main [aria-busy="true"]'), null, { timeout: 5000 })
    .catch(() => log(`still loading after 5 s: ${page.url()}`));
}

/** Waits until the simulator has no busy VM (the seeded operations end within seconds). */
async function untilIdle(sim) {
  for (let i = 0; i < 40; i++) {
    const { headers } = await apiGet(sim.api, `/account/${DEMO.account}/virtual_machines?locked=1&limit=1`);
    if (headers.get('x-total') === '0') return;
    await sleep(500);
  }
  throw new Error('the simulator kept busy VMs');
}

async function reboot(sim, id) {
  const response = await fetch(`${sim.api}/account/${DEMO.account}/virtual_machine/${id}/reboot`, {
    method: 'POST',
    headers: { Authorization: DEMO.token, 'Content-Type': 'application/json' },
    body: '{}',
  });
  if (response.status !== 202) throw new Error(`reboot of VM ${id} answered ${response.status}`);
}

// ---------------------------------------------------------------- 1. bundle

// The parts of the panel a first visit to each page needs. This mirrors
// `for_route` in src/parts.rs (the statistics tab is drawn in the VM page):
// change the two together.
const ROUTE_PARTS = {
  '/login': ['part_login'],
  '/vms': [],
  '/vms/new': ['part_vm_create'],
  '/vms/:id': ['part_vm'],
  '/vms/:id/statistics': ['part_vm', 'part_statistics'],
  '/interfaces': ['part_account'],
};
// What every first visit downloads before any part: the bindings, the main
// module (shell and list), the parts loader and the script that starts them.
const MAIN_FILES = ['vmdeck.js', 'vmdeck_bg.wasm', '__wasm_split.js', 'boot.js'];

/**
 * What a file costs as the server sends it: raw, or its `.gz` or `.br` copy
 * (the build writes no copy that would not be smaller, and then the file
 * itself is sent).
 */
function served(file) {
  const size = (f) => (existsSync(f) ? statSync(f).size : null);
  const raw = statSync(file).size;
  return { raw, gzip: size(`${file}.gz`) ?? raw, brotli: size(`${file}.br`) ?? raw };
}

function totalSize(files) {
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const size = served(file);
    for (const k of Object.keys(total)) total[k] += size[k];
  }
  return total;
}

/** The built wasm and js, every folder down; not the copies, nor a dot folder (a build's staging). */
function builtCode() {
  return readdirSync(DIST, { recursive: true })
    .filter((f) => /\.(wasm|js)$/.test(f) && !f.split(path.sep).some((segment) => segment.startsWith('.')))
    .map((f) => path.join(DIST, f));
}

/** The folder of this build's wasm, as `index.html` loads it (an older build's may be there too). */
function appFolder() {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const boot = html.match(/src="\/([^"]+)\/boot\.js"/);
  if (!boot) throw new Error('dist/index.html loads no boot.js: is the panel built?');
  return path.join(DIST, boot[1]);
}

/**
 * The files a part downloads, read from the parts loader: each part and each
 * chunk is a `makeLoad` of one file with the list of loads it needs first,
 * `const NAME = [wrapAsyncCb(]makeLoad(<fetch of "./FILE">, [DEPENDENCY, ...])`.
 */
function partFiles(loader) {
  const loads = new Map();
  for (const m of loader.matchAll(/const (\w+) = (?:wrapAsyncCb\()?makeLoad\([\s\S]*?new URL\("\.\/([^"]+)"[\s\S]*?,\s*\[([^\]]*)\]\)/g)) {
    loads.set(m[1], { file: m[2], needs: m[3].split(',').map((d) => d.trim()).filter(Boolean) });
  }
  const files = (name) => {
    const load = loads.get(name);
    if (!load) throw new Error(`__wasm_split.js has no load ${name}: has its format changed?`);
    return [load.file, ...load.needs.flatMap(files)];
  };
  return (module) => files(`__wasm_split_load_${module}`);
}

function bundle() {
  const all = builtCode();
  const total = totalSize(all);
  record(`bundle: all wasm + js (${all.length} files), raw`, total.raw / 1000, 'KB', '', null);
  record('bundle: all wasm + js, brotli', total.brotli / 1000, 'KB', '', null, `(gzip ${fmt(total.gzip / 1000)} KB)`);

  // A first visit: the main files, then every part of the page with its chunks, each once.
  const folder = appFolder();
  const filesOf = partFiles(readFileSync(path.join(folder, '__wasm_split.js'), 'utf8'));
  for (const [route, parts] of Object.entries(ROUTE_PARTS)) {
    const files = new Set([...MAIN_FILES, ...parts.flatMap(filesOf)]);
    const size = totalSize([...files].map((f) => path.join(folder, f)));
    const budget = route === '/vms' ? ['≤ 150 (at the very least ≤ 200)', size.brotli <= 150_000] : ['', null];
    record(`first visit ${route}: wasm + js, brotli`, size.brotli / 1000, 'KB', ...budget,
      `(raw ${fmt(size.raw / 1000)} KB; ${files.size} files)`);
  }
}

// ---------------------------------------------------------------- 2. load

async function loadOnce(page, url) {
  await page.goto(url);
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, TABLE_MARK, { timeout: 15000 });
  return page.evaluate((mark) => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    table: performance.getEntriesByName(mark)[0].startTime,
    rows: document.querySelectorAll('#vm-table tbody tr').length,
  }), TABLE_MARK);
}

async function load(browser, sim, state) {
  const url = `${sim.url}/vms`;
  const { context, page } = await newContext(browser, state);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await loadOnce(page, url);
  // Cold: the HTTP cache (and with it the compiled wasm kept beside it) emptied before each load.
  const cold = [];
  for (let i = 0; i < RUNS; i++) {
    await cdp.send('Network.clearBrowserCache');
    cold.push(await loadOnce(page, url));
  }
  const warm = [];
  for (let i = 0; i < RUNS; i++) warm.push(await loadOnce(page, url));
  await context.close();
  const rowsShown = cold[0].rows;
  for (const [name, runs] of [['cold', cold], ['warm', warm]]) {
    const paint = stats(runs.map((r) => r.paint));
    const table = stats(runs.map((r) => r.table));
    record(`load ${name} cache: shell first paint`, paint, 'ms', '≤ 150', paint.median <= 150);
    record(`load ${name} cache: table of ${rowsShown} VMs`, table, 'ms', '≤ 500', table.median <= 500);
  }
}

// ---------------------------------------------------------------- 3. table

async function table(browser, sim, state) {
  // Each run goes from a VM's page back to the list, with 1,000 per page.
  const start = '/vms/1002';
  const { context, page } = await newContext(browser, state);
  await page.goto(`${sim.url}${start}`);
  await shown(page, '#vm-title');
  await settled(page);
  const panel = [];
  let panelRows = 0;
  for (let i = 0; i < RUNS + 1; i++) {
    const t = await follow(page, '/vms?limit=1000', true);
    if (i > 0) panel.push(t.painted - t.start); // the first run warms the code up
    panelRows = t.rows;
    await follow(page, start);
    await shown(page, '#vm-title');
    await settled(page);
  }
  await follow(page, '/vms?limit=1000', true);
  const panelMarkup = await rowMarkup(page);

  // The reference on the same origin: same stylesheet, same API, same clock.
  const stylesheet = readdirSync(DIST).find((f) => f.endsWith('.css'));
  const html = readFileSync(path.join(ROOT, 'scripts/bench-reference.html'), 'utf8').replace('STYLESHEET', `/${stylesheet}`);
  const refPage = await context.newPage();
  await refPage.route(`${sim.url}/bench/reference`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await refPage.goto(`${sim.url}/bench/reference`);
  const reference = [];
  for (let i = 0; i < RUNS + 1; i++) {
    const t = await refPage.evaluate(async ({ api, account, token, mark }) => {
      document.getElementById('list-body').replaceChildren();
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
      const start = performance.now();
      const done = __bench.until(mark, start);
      await renderVmTable(api, account, token, 1000);
      return { ...(await done), start };
    }, { api: sim.api, account: DEMO.account, token: DEMO.token, mark: REFERENCE_MARK });
    if (i > 0) reference.push(t.painted - t.start);
  }
  const referenceMarkup = await rowMarkup(refPage);
  const same = panelMarkup === referenceMarkup;
  if (!same) log(`markup differs:\n panel:     ${firstDifference(panelMarkup, referenceMarkup)}\n reference: ${firstDifference(referenceMarkup, panelMarkup)}`);

  const p = stats(panel);
  const r = stats(reference);
  record(`table: ${panelRows} rows, panel`, p, 'ms', '', null);
  record(`table: ${panelRows} rows, plain JS`, r, 'ms', '', null, same ? '(same markup)' : '(MARKUP DIFFERS)');
  record('table: panel / plain JS', p.median / r.median, '×', '≤ 1.35', p.median / r.median <= 1.35);
  await context.close();
}

/**
 * The table's markup in a canonical form: attributes sorted, comment nodes
 * (anchors a framework may leave) and empty text nodes left out.
 */
function rowMarkup(page) {
  return page.evaluate(() => {
    const write = (node) => {
      if (node.nodeType === Node.TEXT_NODE) return node.data;
      if (node.nodeType !== Node.ELEMENT_NODE) return '';
      const tag = node.localName;
      const attributes = [...node.attributes].map((a) => `${a.name}="${a.value}"`).sort().join(' ');
      return `<${tag}${attributes ? ' ' + attributes : ''}>${[...node.childNodes].map(write).join('')}</${tag}>`;
    };
    return write(document.querySelector('#vm-table'));
  });
}

function firstDifference(a, b) {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return a.slice(Math.max(0, i - 80), i + 80);
}

/** One VM's status changes in a 1,000-row table: how many rows does the page touch? */
async function oneRowUpdate(browser, sim, state) {
  await untilIdle(sim);
  const { context, page } = await newContext(browser, state);
  await page.goto(`${sim.url}/vms/1002`);
  await shown(page, '#vm-title');
  const id = '1001';
  await reboot(sim, id);
  await follow(page, '/vms?limit=1000', true);
  const touched = await page.evaluate(async (id) => {
    const body = document.querySelector('#vm-table tbody');
    const rowsTouched = new Set();
    let rowsAddedOrRemoved = 0;
    const observer = new MutationObserver((records) => {
      for (const r of records) {
        if (r.target === body) rowsAddedOrRemoved += r.addedNodes.length + r.removedNodes.length;
        const node = r.target.nodeType === Node.ELEMENT_NODE ? r.target : r.target.parentElement;
        const row = node && node.closest('tr');
        if (row) rowsTouched.add(row.id);
      }
    });
    observer.observe(body, { subtree: true, childList: true, attributes: true, characterData: true });
    const row = () => document.getElementById(`vm-row-${id}`);
    const started = performance.now();
    while (row() && row().classList.contains('is-busy') && performance.now() - started < 20000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 2500)); // one more poll interval
    observer.disconnect();
    return { rows: [...rowsTouched], rowsAddedOrRemoved, freed: row() !== null && !row().classList.contains('is-busy') };
  }, id);
  const ok = touched.freed && touched.rowsAddedOrRemoved === 0 && touched.rows.length === 1 && touched.rows[0] === `vm-row-${id}`;
  record('table: rows touched when one VM changes', touched.rows.length, 'rows', '1', ok,
    `(${touched.rows.join(' ') || 'none'}; rows added/removed: ${touched.rowsAddedOrRemoved})`);
  await context.close();
}

// ---------------------------------------------------------------- 4. large account

/** Search strings whose first page differs from the unfiltered one, so the rows change. */
async function searchLetters(sim) {
  const ids = async (query) => (await apiGet(sim.api, `/account/${DEMO.account}/virtual_machines?limit=50${query}`)).body.map((vm) => vm.id).join();
  const all = await ids('');
  const letters = [];
  for (const letter of 'qzxjkvwybgpfhumcldrtnoeias') {
    if (letters.length === RUNS) break;
    const found = await ids(`&hostname=${letter}`);
    if (found !== '' && found !== all) letters.push(letter);
  }
  return letters;
}

async function largeAccount(browser, sim, state) {
  await untilIdle(sim);
  const { context, page } = await newContext(browser, state);
  await page.goto(`${sim.url}/vms`);
  await shown(page, '#vm-table');
  await settled(page);

  // Keystroke: one letter in the empty search box, the table of that search.
  const keystroke = [];
  const keyApi = [];
  const keyLongTasks = [];
  for (const letter of await searchLetters(sim)) {
    await follow(page, '/vms');
    await page.waitForFunction(() => document.querySelector('#vm-search')?.value === '');
    await settled(page);
    await page.focus('#vm-search');
    await sleep(SEARCH_PAUSE_MS); // a keystroke after a pause, not one within a burst
    // The clock starts when the key goes down, before the panel sees it.
    await page.evaluate((mark) => {
      window.__keyTiming = new Promise((resolve, reject) => {
        document.addEventListener('keydown', () => {
          const start = performance.now();
          __bench.until(mark, start).then((t) => resolve({ ...t, start }), reject);
        }, { capture: true, once: true });
      });
    }, TABLE_MARK);
    await page.keyboard.press(letter);
    const t = await page.evaluate(() => window.__keyTiming);
    keystroke.push(t.painted - t.start);
    keyApi.push(await apiTime(page, t.start));
    if (process.env.BENCH_DEBUG) log(`keystroke ${letter}: ${fmt(t.painted - t.start)} ms, marked at ${fmt(t.marked - t.start)}, api ${fmt(keyApi.at(-1))}`);
    keyLongTasks.push(...(await longTasksBetween(page, t.start, t.painted)));
  }
  const k = stats(keystroke);
  record('large account (10,000 VMs): keystroke → table', k, 'ms', '≤ 100', k.median <= 100,
    `(of which the API request ${fmt(stats(keyApi).median)} ms)`);

  // Typing a word at a brisk pace: long tasks on the main thread until the table settles.
  await follow(page, '/vms');
  await settled(page);
  await page.focus('#vm-search');
  await sleep(SEARCH_PAUSE_MS);
  const typingStart = await page.evaluate(() => {
    window.__lastKey = 0;
    document.addEventListener('keydown', () => (window.__lastKey = performance.now()), { capture: true });
    return performance.now();
  });
  await page.keyboard.type('media-web', { delay: 120 });
  const lastKey = await page.evaluate(() => window.__lastKey);
  const burst = await page.evaluate(({ mark, lastKey }) => __bench.until(mark, lastKey), { mark: TABLE_MARK, lastKey });
  await settled(page);
  await sleep(300);
  const typingEnd = await page.evaluate(() => performance.now());
  record('large account: typing a word, last keystroke → table', burst.painted - lastKey, 'ms', '≤ 100', burst.painted - lastKey <= 100,
    '(at most one search per 100 ms while typing)');
  const typingLong = await longTasksBetween(page, typingStart, typingEnd);
  const longest = Math.max(0, ...typingLong, ...keyLongTasks);
  record('large account: long tasks (> 50 ms) while typing', typingLong.length + keyLongTasks.length, 'tasks', '0',
    typingLong.length + keyLongTasks.length === 0, longest ? `(longest ${fmt(longest)} ms)` : '');

  // Sort: each run picks another field in the sort menu.
  await follow(page, '/vms');
  await settled(page);
  const fields = ['label', 'memory', 'status', 'cpus', 'disks_size', 'location_id', 'operating_system_distro', 'identifier'];
  const sort = [];
  const sortApi = [];
  const sortLongTasks = [];
  for (let i = 0; i < RUNS; i++) {
    const field = fields[i % fields.length];
    const t = await page.evaluate(({ field, mark }) => {
      const select = document.querySelector('#vm-sort');
      select.value = field;
      const start = performance.now();
      const done = __bench.until(mark, start);
      select.dispatchEvent(new Event('change', { bubbles: true }));
      return done.then((t) => ({ ...t, start }));
    }, { field, mark: TABLE_MARK });
    sort.push(t.painted - t.start);
    sortApi.push(await apiTime(page, t.start));
    sortLongTasks.push(...(await longTasksBetween(page, t.start, t.painted)));
    await settled(page);
  }
  const s = stats(sort);
  record('large account: sort change → table', s, 'ms', '≤ 100', s.median <= 100,
    `(of which the API request ${fmt(stats(sortApi).median)} ms` +
      (sortLongTasks.length ? `; ${sortLongTasks.length} long tasks, longest ${fmt(Math.max(...sortLongTasks))} ms)` : ')'));
  await context.close();
}

/** How long the list request made after `from` took, from its start to its last byte. */
async function apiTime(page, from) {
  return page.evaluate((from) => {
    const entry = performance.getEntriesByType('resource').find((e) => e.startTime >= from && e.name.includes('/virtual_machines'));
    return entry ? entry.responseEnd - entry.startTime : NaN;
  }, from);
}

async function longTasksBetween(page, from, to) {
  return page.evaluate(({ from, to }) => __bench.longTasks.filter((t) => t.start + t.duration >= from && t.start <= to).map((t) => t.duration), { from, to });
}

// ---------------------------------------------------------------- 5. polling

/** API requests a page makes in the window, per minute. */
async function apiRequestsPerMinute(page, sim) {
  let count = 0;
  const onRequest = (request) => {
    if (request.url().startsWith(sim.api)) count++;
  };
  page.on('request', onRequest);
  await sleep(POLL_SECONDS * 1000);
  page.off('request', onRequest);
  return (count * 60) / POLL_SECONDS;
}

async function polling(browser, idleSim, busySim, state, busyState) {
  await untilIdle(idleSim);
  const idle = await newContext(browser, state);
  await idle.page.goto(`${idleSim.url}/vms`);
  await shown(idle.page, '#vm-table');
  await settled(idle.page);
  record('polling, nothing busy: list', await apiRequestsPerMinute(idle.page, idleSim), 'req/min', '0', null);
  await follow(idle.page, '/vms/1002');
  await shown(idle.page, '#vm-title');
  await settled(idle.page);
  record('polling, nothing busy: VM page', await apiRequestsPerMinute(idle.page, idleSim), 'req/min', '0', null);
  await idle.context.close();

  const perInterval = 60_000 / POLL_INTERVAL_MS;
  await untilIdle(busySim);
  await reboot(busySim, '1001'); // busy for the whole run (--op-ms)
  const busy = await newContext(browser, busyState);
  await busy.page.goto(`${busySim.url}/vms`);
  await shown(busy.page, '#vm-row-1001.is-busy');
  record(`polling, one VM busy: list (poll every ${POLL_INTERVAL_MS / 1000} s)`, await apiRequestsPerMinute(busy.page, busySim), 'req/min', `≤ ${perInterval}`, null);
  await busy.page.evaluate(() => __bench.setHidden(true));
  record('polling, one VM busy, tab hidden: list', await apiRequestsPerMinute(busy.page, busySim), 'req/min', '0', null);
  await busy.page.evaluate(() => __bench.setHidden(false));
  await follow(busy.page, '/vms/1001');
  await shown(busy.page, '#vm-title');
  record('polling, one VM busy: VM page', await apiRequestsPerMinute(busy.page, busySim), 'req/min', `≤ ${perInterval}`, null);
  await busy.page.evaluate(() => __bench.setHidden(true));
  record('polling, one VM busy, tab hidden: VM page', await apiRequestsPerMinute(busy.page, busySim), 'req/min', '0', null);
  await busy.context.close();

  for (const r of rows.filter((r) => r.what.startsWith('polling'))) {
    r.ok = r.budget === '0' ? r.figure === 0 : r.figure <= perInterval;
  }
}

// ---------------------------------------------------------------- 6. charts

function charts() {
  const line = process.env.CHART_LINE || '';
  const m = line.match(/median ([\d.]+) ms, min ([\d.]+) ms, max ([\d.]+) ms \((\d+) draws\)/);
  if (!m) {
    record('charts: 2 × 8,760 points', 'not run', '', '≤ 16', false, '(no chart benchmark output)');
    return;
  }
  const figure = { median: Number(m[1]), min: Number(m[2]), max: Number(m[3]) };
  record('charts: 2 × 8,760 points on a canvas', figure, 'ms', '≤ 16', figure.median <= 16, `(${m[4]} draws)`);
}

// ---------------------------------------------------------------- 7. memory

async function memory(browser, sim, state) {
  await untilIdle(sim);
  const { context, page } = await newContext(browser, state);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(`${sim.url}/vms`);
  await shown(page, '#vm-table');
  const tabs = ['disks', 'isos', 'snapshots', 'network', 'firewall', 'statistics', 'settings'];
  const measure = async () => {
    // The page's timeline keeps every request and mark: this suite's instrument, not the panel's memory.
    await page.evaluate(() => performance.clearResourceTimings());
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const js = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN;
    const wasm = await page.evaluate(() => __bench.wasm?.memory?.buffer.byteLength ?? NaN);
    return { js, wasm, total: js + wasm };
  };
  const at = {};
  for (let trip = 1; trip <= TRIPS; trip++) {
    await page.click('#vm-row-1002 a.vm-link');
    await shown(page, '#vm-title');
    await settled(page);
    for (const tab of tabs) {
      await page.click(`#tab-${tab}`);
      await page.waitForURL(`**/vms/1002/${tab}`);
      await settled(page);
    }
    await page.click('nav.nav a[href="/vms"]');
    await shown(page, '#vm-table');
    await settled(page);
    if (trip === 5 || trip === TRIPS || (process.env.BENCH_DEBUG && trip % 5 === 0)) at[trip] = await measure();
  }
  const mb = (bytes) => bytes / 1e6;
  for (const trip of Object.keys(at)) {
    record(`memory after ${trip} round trips: JS heap`, mb(at[trip].js), 'MB', '', null);
    record(`memory after ${trip} round trips: wasm memory`, mb(at[trip].wasm), 'MB', '', null);
    record(`memory after ${trip} round trips: total`, mb(at[trip].total), 'MB', '', null);
  }
  if (at[5] && at[TRIPS]) {
    const growth = at[TRIPS].total / at[5].total;
    record(`memory: ${TRIPS} trips / 5 trips`, growth, '×', '≤ 1.10', growth <= 1.1);
  }
  await context.close();
}

// ---------------------------------------------------------------- 8. lighthouse

// The flags Lighthouse starts Chromium with: headless, and none of the
// browser's own traffic (updates, sync, QUIC probes) in the page's network.
const LIGHTHOUSE_CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// Each figure of a Lighthouse report: [name, value from the report, unit, budget per preset].
const audit = (id, scale = 1) => (lhr) => lhr.audits[id].numericValue / scale;
const LIGHTHOUSE_FIGURES = [
  ['performance score', (lhr) => lhr.categories.performance.score * 100, '', { mobile: ['≥ 95 (at the very least 90)', (v) => v >= 95] }],
  ['first contentful paint', audit('first-contentful-paint'), 'ms', {}],
  ['largest contentful paint', audit('largest-contentful-paint'), 'ms', { mobile: ['≤ 2500', (v) => v <= 2500] }],
  ['total blocking time', audit('total-blocking-time'), 'ms', { mobile: ['≤ 200', (v) => v <= 200] }],
  ['cumulative layout shift', audit('cumulative-layout-shift'), '', { mobile: ['≤ 0.1', (v) => v <= 0.1], desktop: ['≤ 0.1', (v) => v <= 0.1] }],
  ['bytes transferred', audit('total-byte-weight', 1000), 'KB', {}],
];

/**
 * Lighthouse and the Chrome launcher it comes with, from where
 * `scripts/tools.sh --bench` installed them (on PATH; not in package.json, so
 * that the tests' `npm ci` does not fetch them). Null when it is not there.
 */
async function lighthouseModules() {
  const bin = (process.env.PATH || '').split(path.delimiter).map((dir) => path.join(dir, 'lighthouse')).find(existsSync);
  if (!bin) return null;
  const require = createRequire(realpathSync(bin));
  const load = (name) => import(pathToFileURL(require.resolve(name)).href);
  const [lighthouse, launcher] = await Promise.all([load('lighthouse'), load('chrome-launcher')]);
  return { run: lighthouse.default, desktopConfig: lighthouse.desktopConfig, launch: launcher.launch };
}

/** Logs in with "remember me" in the Chromium profile `dir`, so that its visits are logged in. */
async function rememberedProfile(dir, sim) {
  const context = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  const page = context.pages()[0] ?? (await context.newPage());
  await logIn(page, sim.url, { remember: true });
  await shown(page, '#vm-table');
  // Closed, not killed: the token must be written to the profile's localStorage.
  await context.close();
}

/**
 * One cold Lighthouse visit in the profile `dir`: the HTTP cache and the
 * compiled code cache are deleted first, and Lighthouse keeps its hands off
 * the storage (which holds the login).
 */
async function lighthouseOnce(lh, url, dir, preset) {
  for (const cache of ['Cache', 'Code Cache']) rmSync(path.join(dir, 'Default', cache), { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const chrome = await lh.launch({ chromePath: CHROMIUM, chromeFlags: LIGHTHOUSE_CHROME_FLAGS, userDataDir: dir, logLevel: 'silent' });
  try {
    const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true };
    const { lhr } = await lh.run(url, flags, preset === 'desktop' ? lh.desktopConfig : undefined);
    if (lhr.runtimeError) throw new Error(`lighthouse on ${url}: ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    const exited = chrome.process.exitCode === null ? once(chrome.process, 'exit') : null;
    chrome.kill();
    await exited; // the next run takes over the profile
  }
}

async function lighthouseSection(sim) {
  const lh = await lighthouseModules();
  if (!lh) {
    record('lighthouse', 'not run', '', '', false, '(not on PATH: source scripts/tools.sh --test --bench)');
    return;
  }
  process.env.CHROME_PATH = CHROMIUM;
  const profiles = mkdtempSync(path.join(tmpdir(), 'vmdeck-lighthouse-'));
  try {
    const loggedOut = path.join(profiles, 'logged-out');
    const loggedIn = path.join(profiles, 'logged-in');
    await rememberedProfile(loggedIn, sim);
    for (const [route, dir] of [['/login', loggedOut], ['/vms', loggedIn]]) {
      for (const preset of ['mobile', 'desktop']) {
        const reports = [];
        for (let i = 0; i < LIGHTHOUSE_RUNS; i++) reports.push(await lighthouseOnce(lh, `${sim.url}${route}`, dir, preset));
        // A visit that ends on another page (the login, for a lost token) measured the wrong thing.
        const elsewhere = reports.map((r) => new URL(r.finalDisplayedUrl).pathname).filter((p) => p !== route);
        if (elsewhere.length) log(`lighthouse ${route}: ${elsewhere.length} visits ended at ${elsewhere[0]}`);
        for (const [name, value, unit, budgets] of LIGHTHOUSE_FIGURES) {
          const figure = stats(reports.map(value));
          const [budget, met] = budgets[preset] ?? ['', null];
          record(`lighthouse ${route}${route === '/vms' ? ' (logged in)' : ''}, ${preset}: ${name}`, figure, unit, budget,
            met && met(figure.median), elsewhere.length ? `(${elsewhere.length} visits ended at ${elsewhere[0]})` : '');
        }
      }
    }
  } finally {
    rmSync(profiles, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- 9. layout shift

const LAYOUT_VARIANTS = [
  ['light', 'wide'],
  ['light', 'narrow'],
  ['dark', 'wide'],
  ['dark', 'narrow'],
];
const VIEWPORTS = { wide: { width: 1280, height: 800 }, narrow: { width: 390, height: 844 } };
const SHIFT_QUIET_MS = 1000;
const SHIFT_REPORTED = 0.05; // pages shifting more than this have their shifted elements printed

/** Every page as [path, what shows once it is there], the login page first (opened logged out). */
async function everyPage(sim) {
  const { body: vms } = await apiGet(sim.api, `/account/${DEMO.account}/virtual_machines?status=online&locked=0`);
  const vm = `/vms/${vms[0].id}`;
  return [
    ['/login', '#login-submit'],
    ['/vms', '#vm-table'],
    ['/vms/new', '#create-form'],
    [vm, '#vm-fields'],
    [`${vm}/disks`, '#disk-table'],
    [`${vm}/isos`, '#iso-none, #iso-name'],
    [`${vm}/snapshots`, '#snapshot-table, #snapshots-empty'],
    [`${vm}/network`, '.nic, #nic-empty'],
    [`${vm}/firewall`, '#rule-default'],
    [`${vm}/statistics`, '#cpu-canvas, #cpu-no-data'],
    [`${vm}/settings`, '#card-edit'],
    ['/interfaces', '#nics-table'],
    ['/ip-addresses', '#ips-table'],
    ['/no/such/page', '#not-found'],
  ];
}

/**
 * Runs in the page before its scripts: adds up the layout shifts not caused
 * by input (as CLS counts them), each with the elements that moved, named
 * when it happens (they may be gone by the time the benchmark asks).
 */
function collectLayoutShifts() {
  const shifts = { total: 0, last: 0, entries: [] };
  window.__shifts = shifts;
  const name = (node) => {
    if (!node) return '(removed)';
    if (node.nodeType !== Node.ELEMENT_NODE) return `text in ${name(node.parentElement)}`;
    return node.localName + (node.id ? `#${node.id}` : '') + [...node.classList].map((c) => `.${c}`).join('');
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      shifts.total += entry.value;
      shifts.last = performance.now();
      shifts.entries.push({ value: entry.value, at: entry.startTime, moved: entry.sources.map((s) => name(s.node)) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** In the page: waits until nothing has shifted or changed for `quietMs` (10 s at most), then answers the shifts. */
async function shiftsOnceQuiet(quietMs) {
  let changed = performance.now();
  new MutationObserver(() => (changed = performance.now())).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const deadline = performance.now() + 10000;
  const quietFor = () => performance.now() - Math.max(changed, window.__shifts.last);
  while (quietFor() < quietMs && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  return { ...window.__shifts, quiet: quietFor() >= quietMs };
}

/** The layout shift of one cold load of `route` (a fresh context has an empty cache). */
async function shiftsOfColdLoad(browser, sim, state, [route, ready], [scheme, width]) {
  const loggedOut = route === '/login';
  const { context, page } = await newContext(browser, loggedOut ? undefined : state, {
    viewport: VIEWPORTS[width],
    colorScheme: scheme,
    scripts: [collectLayoutShifts],
  });
  try {
    await page.goto(`${sim.url}${route}`);
    await page.locator(ready).first().waitFor({ state: 'visible', timeout: 15000 });
    await settled(page);
    const shifts = await page.evaluate(shiftsOnceQuiet, SHIFT_QUIET_MS);
    if (!shifts.quiet) log(`layout shift: ${route} (${scheme}, ${width}) kept changing for 10 s`);
    return shifts;
  } finally {
    await context.close();
  }
}

async function layoutShift(browser, sim, state) {
  await untilIdle(sim);
  const pages = await everyPage(sim);
  for (const variant of LAYOUT_VARIANTS) {
    let worst = { total: -1 };
    for (const pageToVisit of pages) {
      const shifts = await shiftsOfColdLoad(browser, sim, state, pageToVisit, variant);
      if (shifts.total > SHIFT_REPORTED) {
        // For the developer who fixes it: what moved, when and by how much.
        log(`layout shift ${fmt(shifts.total)} on ${pageToVisit[0]} (${variant.join(', ')}):`);
        for (const e of shifts.entries) log(`  ${fmt(e.value)} at ${fmt(e.at)} ms: ${e.moved.join(', ') || '(no element named)'}`);
      }
      if (shifts.total > worst.total) worst = { ...shifts, route: pageToVisit[0] };
    }
    record(`layout shift, cold load of each of ${pages.length} pages: worst, ${variant.join(', ')}`, worst.total, '', '≤ 0.1',
      worst.total <= 0.1, worst.total > 0 ? `(${worst.route})` : '(no page shifts)');
  }
}

// ---------------------------------------------------------------- 10. slow network

// A slow mobile connection and phone, as Lighthouse's mobile preset
// simulates them, here for real: CDP throughput is in bytes per second.
const SLOW_NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const SLOW_CPU = 4;

/** One cold load of `url` on the slow network; `until(page)` answers the time it waits for, from navigation start. */
async function slowLoadOnce(browser, url, state, until) {
  const { context, page } = await newContext(browser, state);
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_CPU });
    await page.goto(url, { waitUntil: 'commit' });
    return await until(page);
  } finally {
    await context.close();
  }
}

// The table: the panel's own mark. The login form: the first frame in which
// its button shows (Playwright checks once a frame).
const tableMarked = (page) =>
  page.waitForFunction((mark) => performance.getEntriesByName(mark)[0]?.startTime, TABLE_MARK, { timeout: 30000 }).then((h) => h.jsonValue());
const loginShown = (page) =>
  page.waitForFunction(() => document.querySelector('#login-submit')?.checkVisibility() && performance.now(), null, { polling: 'raf', timeout: 30000 })
    .then((h) => h.jsonValue());

async function slowNetwork(browser, sim, state) {
  const visits = [
    ['/vms (logged in) → table', '/vms', state, tableMarked],
    ['/login → form', '/login', undefined, loginShown],
  ];
  for (const [what, route, loggedIn, until] of visits) {
    const times = [];
    for (let i = 0; i < RUNS; i++) times.push(await slowLoadOnce(browser, `${sim.url}${route}`, loggedIn, until));
    const t = stats(times);
    record(`slow network, CPU ${SLOW_CPU}×, cold: ${what}`, t, 'ms', '≤ 2500', t.median <= 2500, '(150 ms, 1.6 Mbit/s down, 750 kbit/s up)');
  }
}

// ---------------------------------------------------------------- main

const only = (process.env.BENCH_ONLY || 'bundle,charts,load,table,large,polling,memory,lighthouse,cls,slow').split(',');
const sims = [];
// The account of 50 VMs that Lighthouse, the layout shift and the slow network visit, started once if needed.
let small;
async function smallAccount() {
  if (!small) {
    const sim = await startSim(['--vms', '50']);
    sims.push(sim);
    small = { sim, state: await loggedInState(browser, sim) };
  }
  return small;
}
const browser = await launchBrowser();
try {
  if (only.includes('bundle')) bundle();
  if (only.includes('charts')) charts();
  const list = await startSim(['--vms', '1000', '--op-ms', '4000']);
  sims.push(list);
  const state = await loggedInState(browser, list);
  if (only.includes('load')) {
    log('load');
    await load(browser, list, state);
  }
  if (only.includes('table')) {
    log('table');
    await table(browser, list, state);
    await oneRowUpdate(browser, list, state);
  }
  if (only.includes('large')) {
    log('large account');
    const large = await startSim(['--vms', '10000']);
    sims.push(large);
    await largeAccount(browser, large, await loggedInState(browser, large));
  }
  if (only.includes('polling')) {
    log('polling');
    const busy = await startSim(['--vms', '50', '--op-ms', '600000']);
    sims.push(busy);
    await polling(browser, list, busy, state, await loggedInState(browser, busy));
  }
  if (only.includes('memory')) {
    log('memory');
    await memory(browser, list, state);
  }
  if (only.includes('lighthouse')) {
    log('lighthouse');
    await lighthouseSection((await smallAccount()).sim);
  }
  if (only.includes('cls')) {
    log('layout shift');
    const { sim, state } = await smallAccount();
    await layoutShift(browser, sim, state);
  }
  if (only.includes('slow')) {
    log('slow network');
    const { sim, state } = await smallAccount();
    await slowNetwork(browser, sim, state);
  }
} finally {
  await browser.close();
  for (const sim of sims) await sim.stop();
  printTable();
}
