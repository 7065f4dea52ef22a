// Section `slow`: a cold load of the list and of the login page on a slow
// mobile connection and phone, emulated through CDP.

import { RUNS, TABLE_MARK, figures, newContext, record, stats } from './shared.mjs';

export const name = 'slow';

// A slow mobile connection and phone, as Lighthouse's mobile preset
// simulates them, here for real: CDP throughput is in bytes per second.
const SLOW_NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const SLOW_CPU = 4;

export const FIGURES = figures({
  visit: { name: `slow network, CPU ${SLOW_CPU}×, cold: {what}`, unit: 'ms', budget: 2500, better: 'lower' },
  // What the page the server sent paints (first-paint/), before the app runs.
  painted: { name: `slow network, CPU ${SLOW_CPU}×, cold: {what}`, unit: 'ms', budget: 1500, better: 'lower' },
});

/**
 * One cold load of `url` on the slow network; `until(page)` answers the time
 * it waits for, from navigation start. `reload`: the page is open in the tab
 * already (its login in the tab), and reloaded with the HTTP cache off.
 */
async function slowLoadOnce(browser, url, state, until, reload = false) {
  const { context, page } = await newContext(browser, state);
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (reload) {
      await page.goto(url);
      await until(page);
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    }
    await cdp.send('Network.emulateNetworkConditions', SLOW_NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_CPU });
    if (reload) await page.reload({ waitUntil: 'commit' });
    else await page.goto(url, { waitUntil: 'commit' });
    return await until(page);
  } finally {
    await context.close();
  }
}

// The table: the panel's own mark. The login form: the first frame in which
// its button shows (Playwright checks once a frame): the app's, which works,
// or any, the static page's included, which takes typing.
const shown = (selector) => (page) =>
  page.waitForFunction((s) => document.querySelector(s)?.checkVisibility() && performance.now(), selector, { polling: 'raf', timeout: 30000 })
    .then((h) => h.jsonValue());
// The largest contentful paint as Chrome reports it (its last candidate),
// once the page is complete: what Lighthouse's simulation estimates.
const largestPaint = (complete) => async (page) => {
  await complete(page);
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        let last = NaN;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) last = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(last), 200);
      }),
  );
};
const tableMarked = (page) =>
  page.waitForFunction((mark) => performance.getEntriesByName(mark)[0]?.startTime, TABLE_MARK, { timeout: 30000 }).then((h) => h.jsonValue());

export async function run({ browser, account }) {
  const { sim, state } = await account('small');
  const visits = [
    [FIGURES.visit, '/vms (logged in) → table', '/vms', state, tableMarked],
    // The boot script's first read goes out beside the wasm (a login in the tab).
    [FIGURES.visit, '/vms reloaded in its tab → table', '/vms', state, tableMarked, true],
    [FIGURES.painted, '/vms (logged in) → its frame painted', '/vms', state, shown('main h1')],
    [FIGURES.visit, '/login → form working (the app\'s)', '/login', undefined, shown('#login-submit')],
    [FIGURES.painted, '/login → form painted, taking typing', '/login', undefined, shown('.login-form .button-primary')],
    [FIGURES.painted, '/vms (logged in) → largest contentful paint', '/vms', state, largestPaint(tableMarked)],
    [FIGURES.painted, '/login → largest contentful paint', '/login', undefined, largestPaint(shown('#login-submit'))],
  ];
  for (const [figure, what, route, loggedIn, until, reload] of visits) {
    const times = [];
    for (let i = 0; i < RUNS; i++) times.push(await slowLoadOnce(browser, `${sim.url}${route}`, loggedIn, until, reload));
    record(figure, stats(times), { slots: { what }, note: '(150 ms, 1.6 Mbit/s down, 750 kbit/s up)' });
  }
}
