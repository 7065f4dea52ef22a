// The VM list's columns: chosen and ordered in the toolbar's chooser (ticked, moved with the keyboard), in the URL and remembered for the account, followed by the CSV export and the cards of a narrow screen, back to the default, and the default columns on a laptop screen; a hand-edited `cols=` opens the list all the same, and the columns are never sent to the API.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { axeProblems } from '../support/accessibility.mjs';
import { loggedInPage } from '../support/pages/login.mjs';
import { recordRequests } from '../support/requests.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '60'], { before, after, afterEach });

const DEFAULT = ['Name', 'Status', 'Memory', 'CPUs', 'Disk', 'Operating system', 'IP addresses', 'Location', 'Type', 'Tags'];
const headings = (page) => page.$$eval('#vm-table thead th:not(.cell-actions)', (ths) => ths.map((th) => th.textContent.replace(/[▲▼↕]/g, '').trim()).filter(Boolean));
const focused = (page) => page.evaluate(() => document.activeElement?.id);

async function expectHeadings(page, want) {
  await page.waitForFunction(
    (want) => [...document.querySelectorAll('#vm-table thead th:not(.cell-actions)')].map((th) => th.textContent.replace(/[▲▼↕]/g, '').trim()).filter(Boolean).join('|') === want.join('|'),
    want,
  );
}

/** The text of the file a click on `selector` downloads. */
async function downloaded(page, selector) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  return readFile(await file.path(), 'utf8');
}

test('columns chosen and moved by keyboard are in the URL, remembered, exported, and reset', async () => {
  const { page } = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
  const reads = recordRequests(page);
  assert.deepEqual(await headings(page), DEFAULT);

  await page.click('#columns-open');
  assert.equal(await page.isChecked('#column-note'), false);
  assert.equal(await page.locator('#column-transfer').count(), 0, 'no plan states a transfer: not offered');
  await page.check('#column-note');
  await page.waitForURL(/cols=/);
  await expectHeadings(page, [...DEFAULT, 'Note']);
  assert.equal(await focused(page), 'column-note', 'the focus stays on the box ticked');
  await page.uncheck('#column-type');
  await expectHeadings(page, ['Name', 'Status', 'Memory', 'CPUs', 'Disk', 'Operating system', 'IP addresses', 'Location', 'Tags', 'Note']);

  // Moved up twice with the keyboard: the focus stays on the arrow, a live region says where it is.
  await page.focus('#column-up-note');
  await page.keyboard.press('Enter');
  await expectHeadings(page, ['Name', 'Status', 'Memory', 'CPUs', 'Disk', 'Operating system', 'IP addresses', 'Location', 'Note', 'Tags']);
  assert.equal(await focused(page), 'column-up-note');
  await page.keyboard.press('Enter');
  await expectHeadings(page, ['Name', 'Status', 'Memory', 'CPUs', 'Disk', 'Operating system', 'IP addresses', 'Note', 'Location', 'Tags']);
  assert.equal(await page.textContent('#columns-moved'), 'Note is now 7 of 9.');
  // At the end, the focus goes to the arrow that is still enabled.
  await page.focus('#column-down-location');
  await page.keyboard.press('Enter');
  await expectHeadings(page, ['Name', 'Status', 'Memory', 'CPUs', 'Disk', 'Operating system', 'IP addresses', 'Note', 'Tags', 'Location']);
  assert.equal(await focused(page), 'column-up-location');
  assert.equal(await page.isDisabled('#column-down-location'), true);
  assert.deepEqual(await axeProblems(page, 'the column chooser'), []);
  // Escape closes the chooser, the focus back on its button; so does a press outside it.
  await page.keyboard.press('Escape');
  assert.equal(await page.getAttribute('#columns-menu', 'open'), null);
  assert.equal(await focused(page), 'columns-open');
  await page.click('#columns-open');
  await page.click('h1');
  assert.equal(await page.getAttribute('#columns-menu', 'open'), null);
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('cols'), 'status,memory,cpus,disk,os,ip,note,tags,location');
  assert.ok(reads.list().every((r) => !r.path.includes('cols') && !r.path.includes('note')), 'the columns are the panel\'s: never sent');

  // The cells are the VMs' own: a note where the API gives one, a dash where not.
  const notes = await page.$$eval('#vm-table tbody td.cell-note', (tds) => tds.map((td) => td.textContent));
  assert.equal(notes.length, await page.locator('#vm-table tbody tr').count());

  // The export writes the same columns, in the same order, as data.
  const csv = await downloaded(page, '#vms-export-csv');
  assert.equal(csv.split('\r\n')[0], '"id","label","hostname","status","busy","suspended","memory_mb","cpus","disk_gb","operating_system","ip_addresses","note","tags","location_id"');

  // Remembered for the account: the list without `cols` in its address shows them, and a sort keeps them in the URL.
  await page.goto(`${suite.sim.url}/vms`);
  await expectHeadings(page, ['Name', 'Status', 'Memory', 'CPUs', 'Disk', 'Operating system', 'IP addresses', 'Note', 'Tags', 'Location']);
  await page.click('#sort-memory');
  await page.waitForURL(/sort=memory/);
  assert.equal(new URL(page.url()).searchParams.get('cols'), 'status,memory,cpus,disk,os,ip,note,tags,location');

  // A shared address with other columns shows those, and leaves the remembered ones as they are.
  await page.goto(`${suite.sim.url}/vms?cols=template,cpu_shares,created`);
  await expectHeadings(page, ['Name', 'Template', 'CPU shares', 'Created']);
  await page.goto(`${suite.sim.url}/vms`);
  await expectHeadings(page, ['Name', 'Status', 'Memory', 'CPUs', 'Disk', 'Operating system', 'IP addresses', 'Note', 'Tags', 'Location']);

  // Back to the default: the URL names no columns, nothing is kept.
  await page.click('#columns-open');
  await page.waitForSelector('#columns-reset:not([disabled])');
  await page.click('#columns-reset');
  await expectHeadings(page, DEFAULT);
  assert.equal(new URL(page.url()).searchParams.get('cols'), null);
  assert.equal(await focused(page), 'columns-open');
  assert.deepEqual(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('vmdeck.columns.'))), []);
  await page.reload();
  await expectHeadings(page, DEFAULT);
});

test('the last column shown cannot be hidden, and a hand-edited cols= opens the list', async () => {
  const { page } = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
  await page.goto(`${suite.sim.url}/vms?cols=price,note,,note`);
  await expectHeadings(page, ['Name', 'Note']);
  await page.click('#columns-open');
  assert.equal(await page.isDisabled('#column-note'), true, 'the name alone would say little');
  await page.goto(`${suite.sim.url}/vms?cols=price,%3Cscript%3E`);
  await expectHeadings(page, DEFAULT);
});

test('a narrow screen shows a card per VM with the columns chosen', async () => {
  const { page } = await loggedInPage(suite, { ready: '#vm-table tbody tr', viewport: { width: 360, height: 740 } });
  await page.goto(`${suite.sim.url}/vms?cols=note,status`);
  await page.waitForSelector('#vm-table tbody tr td.cell-note');
  const labels = await page.$eval('#vm-table tbody tr', (tr) => [...tr.querySelectorAll('td[data-label]')].map((td) => getComputedStyle(td, '::before').content));
  assert.deepEqual(labels, ['"Note"', '"Status"']);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= 360, `no sideways scroll (${wide} px)`);
});

// The narrowest laptop, in both languages (Spanish headings are longer); a wider window gives the table more room.
for (const locale of ['en-US', 'es-ES']) {
  test(`the default columns fit a laptop screen: no sideways scroll, room for the name, every row menu on screen (${locale})`, async () => {
    const width = 1280;
    const { page } = await loggedInPage(suite, { ready: '#vm-table tbody tr', viewport: { width, height: 800 }, locale });
    // Spanish once its catalogue is in: the last default heading, Tags, says so.
    await page.waitForFunction((last) => document.querySelector('#vm-table thead th:nth-last-child(2)')?.textContent.trim() === last, locale === 'en-US' ? 'Tags' : 'Etiquetas');
    if (locale === 'en-US') await expectHeadings(page, DEFAULT);
    const fit = await page.evaluate(() => {
      const wrap = document.querySelector('.table-wrap');
      return {
        overflow: wrap.scrollWidth - wrap.clientWidth,
        headings: document.querySelectorAll('#vm-table thead th').length,
        name: document.querySelector('#vm-table tbody .cell-name').getBoundingClientRect().width,
        rem: parseFloat(getComputedStyle(document.documentElement).fontSize),
        menus: [...document.querySelectorAll('#vm-table .row-menu > summary')].map((s) => s.getBoundingClientRect().right),
      };
    });
    assert.equal(fit.headings, DEFAULT.length + 2, 'the default columns, with the selection and the menu');
    assert.ok(fit.overflow <= 0, `the table scrolls sideways by ${fit.overflow} px`);
    assert.ok(fit.name >= 13 * fit.rem, `the name column is ${fit.name} px`);
    assert.ok(fit.menus.length > 0 && fit.menus.every((right) => right <= width), `row menus end at ${Math.max(...fit.menus)} px`);
  });
}
