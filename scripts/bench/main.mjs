// The performance suite of issue #8: measures the built release panel (dist/)
// in headless Chromium against the release simulator, and the core's share of
// the list natively (`cargo bench`), and prints one table.
// It asserts nothing: a budget missed shows as "OVER" in the table. Each
// section is a module of this folder with its figures and their budgets as
// data (see shared.mjs), measured with the end-to-end tests' library
// (tests/support/). Run through scripts/bench.sh, which builds what it needs
// first.
//
// Environment: BENCH_RUNS (runs per figure, default 7), BENCH_LH_RUNS
// (Lighthouse runs per figure, default 3), BENCH_LH_PRESETS (a
// comma-separated choice of Lighthouse's visits: mobile, desktop, warm), BENCH_POLL_SECONDS (window of each
// polling count, default 12), BENCH_TRIPS (memory round trips, default 50),
// BENCH_ONLY (a comma-separated choice of bundle, charts, core, load, table,
// large, polling, memory, lighthouse, cls, slow), BENCH_DEBUG (more figures on
// stderr), CHART_LINE (the chart benchmark's output line), CHROMIUM (the
// browser, default /usr/bin/chromium). Lighthouse must be on PATH
// (scripts/tools.sh --bench).

import { launchBrowser } from '../../tests/support/browser.mjs';
import { accounts, log, printTable } from './shared.mjs';
import * as bundle from './bundle.mjs';
import * as charts from './charts.mjs';
import * as core from './core.mjs';
import * as load from './load.mjs';
import * as table from './table.mjs';
import * as large from './large.mjs';
import * as polling from './polling.mjs';
import * as memory from './memory.mjs';
import * as lighthouse from './lighthouse.mjs';
import * as cls from './cls.mjs';
import * as slow from './slow.mjs';

// In the order they run and print, whatever the order in BENCH_ONLY.
const SECTIONS = [bundle, charts, core, load, table, large, polling, memory, lighthouse, cls, slow];

const names = SECTIONS.map((section) => section.name);
const only = process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',') : names;
const unknown = only.filter((name) => !names.includes(name));
if (unknown.length) throw new Error(`BENCH_ONLY: no section ${unknown.join(', ')} (there are ${names.join(', ')})`);

const browser = await launchBrowser();
const run = accounts(browser);
try {
  for (const section of SECTIONS.filter((s) => only.includes(s.name))) {
    log(section.name);
    await section.run({ browser, account: run.account });
  }
} finally {
  await browser.close();
  await run.stop();
  printTable();
}
