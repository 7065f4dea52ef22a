// Section `load`: the list of VMs loaded in a tab, with the HTTP cache emptied
// before each load and with it warm, to the shell's first paint and to the
// table's mark.

import { RUNS, TABLE_MARK, figures, newContext, record, stats } from './shared.mjs';

export const name = 'load';

export const FIGURES = figures({
  paint: { name: 'load {cache} cache: shell first paint', unit: 'ms', budget: 150, better: 'lower' },
  table: { name: 'load {cache} cache: table of {rows} VMs', unit: 'ms', budget: 500, better: 'lower' },
});

async function loadOnce(page, url) {
  await page.goto(url);
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, TABLE_MARK, { timeout: 15000 });
  return page.evaluate((mark) => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    table: performance.getEntriesByName(mark)[0].startTime,
    rows: document.querySelectorAll('#vm-table tbody tr').length,
  }), TABLE_MARK);
}

export async function run({ browser, account }) {
  const { sim, state } = await account('list');
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
  const rows = cold[0].rows;
  for (const [cache, runs] of [['cold', cold], ['warm', warm]]) {
    record(FIGURES.paint, stats(runs.map((r) => r.paint)), { slots: { cache } });
    record(FIGURES.table, stats(runs.map((r) => r.table)), { slots: { cache, rows } });
  }
}
