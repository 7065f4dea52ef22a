// Section `cls`: the layout shift of a cold load of every page, light and
// dark, wide and narrow; the worst page of each variant.

import { accountPath, apiGet, untilIdle } from '../../tests/support/api.mjs';
import { VM_TABS } from '../../tests/support/pages/vm.mjs';
import { figures, fmt, log, newContext, record, settled } from './shared.mjs';

export const name = 'cls';

export const FIGURES = figures({
  worst: { name: 'layout shift, cold load of each of {pages} pages: worst, {variant}', unit: '', budget: 0.1, better: 'lower' },
});

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
  const { body: vms } = await apiGet(sim.api, accountPath('/virtual_machines?status=online&locked=0'));
  return [
    ['/login', '#login-submit'],
    ['/vms', '#vm-table'],
    ['/vms/new', '#create-form'],
    ...VM_TABS.map(({ path, ready }) => [`/vms/${vms[0].id}${path}`, ready]),
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

export async function run({ browser, account }) {
  const { sim, state } = await account('small');
  await untilIdle(sim.api);
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
    record(FIGURES.worst, worst.total, {
      slots: { pages: pages.length, variant: variant.join(', ') },
      note: worst.total > 0 ? `(${worst.route})` : '(no page shifts)',
    });
  }
}
