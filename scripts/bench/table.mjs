// Section `table`: 1,000 rows of the VM list drawn by the panel against the
// same rows drawn by plain JS, and how many rows the page touches when one
// VM changes.

import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { DEMO, rebootBehindTheBack, untilIdle } from '../../tests/support/api.mjs';
import { DIST, ROOT } from '../../tests/support/simulator.mjs';
import { RUNS, figures, follow, log, newContext, record, settled, shown, stats } from './shared.mjs';

export const name = 'table';

export const FIGURES = figures({
  panel: { name: 'table: {rows} rows, panel', unit: 'ms' },
  plain: { name: 'table: {rows} rows, plain JS', unit: 'ms' },
  ratio: { name: 'table: panel / plain JS', unit: '×', budget: 1.35, better: 'lower' },
  touched: { name: 'table: rows touched when one VM changes', unit: 'rows', budget: 1, better: 'exact' },
});

export const REFERENCE_MARK = 'reference:vm-table-rendered';

/**
 * A new page of `context` with `scripts/bench-reference.html` on the
 * simulator's origin: same stylesheet, same API, same clock as the panel.
 */
export async function openReference(context, sim) {
  const stylesheet = readdirSync(DIST).find((f) => f.endsWith('.css'));
  const html = readFileSync(path.join(ROOT, 'scripts/bench-reference.html'), 'utf8').replace('STYLESHEET', `/${stylesheet}`);
  const page = await context.newPage();
  await page.route(`${sim.url}/bench/reference`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await page.goto(`${sim.url}/bench/reference`);
  return page;
}

export async function run({ browser, account }) {
  const { sim, state } = await account('list');
  await table(browser, sim, state);
  await oneRowUpdate(browser, sim, state);
}

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

  const refPage = await openReference(context, sim);
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
  const same = sameMarkup(panelMarkup, referenceMarkup);

  const p = stats(panel);
  const r = stats(reference);
  record(FIGURES.panel, p, { slots: { rows: panelRows } });
  record(FIGURES.plain, r, { slots: { rows: panelRows }, note: same ? '(same markup)' : '(MARKUP DIFFERS)' });
  record(FIGURES.ratio, p.median / r.median);
  await context.close();
}

/**
 * The markup of the table (or of `selector` in it) in a canonical form:
 * attributes sorted, comment nodes (anchors a framework may leave) and empty
 * text nodes left out.
 */
export function rowMarkup(page, selector = '#vm-table') {
  return page.evaluate((selector) => {
    const write = (node) => {
      if (node.nodeType === Node.TEXT_NODE) return node.data;
      if (node.nodeType !== Node.ELEMENT_NODE) return '';
      const tag = node.localName;
      const attributes = [...node.attributes].map((a) => `${a.name}="${a.value}"`).sort().join(' ');
      return `<${tag}${attributes ? ' ' + attributes : ''}>${[...node.childNodes].map(write).join('')}</${tag}>`;
    };
    return write(document.querySelector(selector));
  }, selector);
}

/** Whether the panel's and the reference's markup are the same; where they differ is logged. */
export function sameMarkup(panel, reference) {
  if (panel !== reference) log(`markup differs:\n panel:     ${firstDifference(panel, reference)}\n reference: ${firstDifference(reference, panel)}`);
  return panel === reference;
}

function firstDifference(a, b) {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return a.slice(Math.max(0, i - 80), i + 80);
}

/** One VM's status changes in a 1,000-row table: how many rows does the page touch? */
async function oneRowUpdate(browser, sim, state) {
  await untilIdle(sim.api);
  const { context, page } = await newContext(browser, state);
  await page.goto(`${sim.url}/vms/1002`);
  await shown(page, '#vm-title');
  const id = '1001';
  await rebootBehindTheBack(sim.api, id);
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
  // Besides the count: the VM ended its operation, and the one row touched was its own.
  const holds = touched.freed && touched.rowsAddedOrRemoved === 0 && touched.rows[0] === `vm-row-${id}`;
  record(FIGURES.touched, touched.rows.length, {
    holds,
    note: `(${touched.rows.join(' ') || 'none'}; rows added/removed: ${touched.rowsAddedOrRemoved})`,
  });
  await context.close();
}
