// Section `memory`: the JS heap and the wasm memory after round trips from
// the list to a VM, through every tab, and back, and how much they grew.

import { untilIdle } from '../../tests/support/api.mjs';
import { VM_TABS } from '../../tests/support/pages/vm.mjs';
import { figures, newContext, record, settled, shown } from './shared.mjs';

export const name = 'memory';

const TRIPS = Number(process.env.BENCH_TRIPS || 50);
const EARLY = 5; // the trips after which the memory is compared with the end

export const FIGURES = figures({
  js: { name: 'memory after {trips} round trips: JS heap', unit: 'MB' },
  wasm: { name: 'memory after {trips} round trips: wasm memory', unit: 'MB' },
  total: { name: 'memory after {trips} round trips: total', unit: 'MB' },
  growth: { name: `memory: ${TRIPS} trips / ${EARLY} trips`, unit: '×', budget: 1.1, better: 'lower' },
});

export async function run({ browser, account }) {
  const { sim, state } = await account('list');
  await untilIdle(sim.api);
  const { context, page } = await newContext(browser, state);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(`${sim.url}/vms`);
  await shown(page, '#vm-table');
  const tabs = VM_TABS.map(({ tab }) => tab).filter((tab) => tab !== 'overview');
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
    if (trip === EARLY || trip === TRIPS || (process.env.BENCH_DEBUG && trip % 5 === 0)) at[trip] = await measure();
  }
  const mb = (bytes) => bytes / 1e6;
  for (const trips of Object.keys(at)) {
    record(FIGURES.js, mb(at[trips].js), { slots: { trips } });
    record(FIGURES.wasm, mb(at[trips].wasm), { slots: { trips } });
    record(FIGURES.total, mb(at[trips].total), { slots: { trips } });
  }
  if (at[EARLY] && at[TRIPS]) record(FIGURES.growth, at[TRIPS].total / at[EARLY].total);
  await context.close();
}
