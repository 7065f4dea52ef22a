// The time zone setting: every moment on the VM page, a chart's readout and the exports follow the zone chosen (the browser's, UTC or a named one), which is named where times are shown.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { accountPath, apiGet, vmPicker } from '../support/api.mjs';
import { gotoVm, rebootFromPage } from '../support/pages/vm.mjs';
import { logIn } from '../support/pages/login.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '8'], { before, after, afterEach });
const vms = vmPicker(suite);

/** The page's own Intl, as the panel's: `ms` written in `zone` with `options`. */
const written = (page, ms, zone, options) => page.evaluate(([ms, zone, options]) => new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone }).format(new Date(ms)), [ms, zone, options]);
const FULL = { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' };

/** The overview's "Created" value. */
const created = (page) => page.$$eval('dt', (dts) => dts.find((dt) => dt.textContent === 'Created')?.nextElementSibling?.textContent);

/** Chooses a zone in the header's menu, which reloads the page. */
async function chooseZone(page, zone) {
  // The long list of zones is written when the menu first opens, not with every page.
  assert.ok((await page.$$('#time-zone option')).length <= 3, 'the browser\'s, UTC and the chosen one');
  await page.click('#header-menu summary');
  await page.waitForFunction(() => document.querySelectorAll('#time-zone option').length > 100);
  await Promise.all([page.waitForEvent('load'), page.selectOption('#time-zone', zone)]);
  await page.waitForSelector('#time-zone', { state: 'attached' });
}

test('the VM page, a chart\'s readout and an export in the browser\'s zone, in UTC and in Asia/Tokyo', async () => {
  const vm = await vms.look({ status: 'online' });
  const { page } = await suite.open({ timezoneId: 'America/New_York', locale: 'en-US' });
  await logIn(page, suite.sim.url);
  await page.waitForSelector('#vm-table');
  const api = (await apiGet(suite.sim.api, accountPath(`/virtual_machine/${vm.id}`))).body;
  const at = Date.parse(`${api.created_at.replace(' ', 'T')}${/Z|[+-]\d\d:\d\d$/.test(api.created_at) ? '' : 'Z'}`);
  assert.ok(Number.isFinite(at), `the simulator gives a date: ${api.created_at}`);

  await gotoVm(page, suite.sim.url, vm, '', '#vm-title');
  await page.waitForFunction(() => [...document.querySelectorAll('dt')].some((dt) => dt.textContent === 'Created'));
  assert.equal(await created(page), `${await written(page, at, 'America/New_York', FULL)} (America/New_York)`, "the browser's zone by default");
  assert.match(await page.$eval('#time-zone option:checked', (o) => o.textContent), /America\/New_York/);

  for (const zone of ['UTC', 'Asia/Tokyo']) {
    await chooseZone(page, zone);
    await page.waitForFunction(() => [...document.querySelectorAll('dt')].some((dt) => dt.textContent === 'Created'));
    assert.equal(await created(page), `${await written(page, at, zone, FULL)} (${zone})`, zone);
    assert.equal(await page.$eval('#time-zone', (s) => s.value), zone, 'remembered through the reload');
  }

  // The traffic chart's readout (its table) and export, in Tokyo.
  await page.goto(`${suite.sim.url}/vms/${vm.id}/statistics?bw=-1day`);
  await page.waitForSelector('#bw-0-canvas');
  assert.equal(await page.textContent('#bw-zone'), 'Times in Asia/Tokyo');
  const bw = (await apiGet(suite.sim.api, accountPath(`/virtual_machine/${vm.id}/bw_stats?period=-1day`))).body;
  assert.equal(typeof bw.date_from, 'number', 'the report starts at a UNIX time');
  const from = bw.date_from * 1000;
  await page.click('#bw-stats .chart button');
  await page.waitForSelector('#bw-0-table tbody tr');
  const firstTime = await page.$eval('#bw-0-table tbody tr td', (td) => td.textContent);
  assert.equal(firstTime, await written(page, from, 'Asia/Tokyo', { hour: '2-digit', minute: '2-digit' }));

  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#bw-export-csv')]);
  const [header, row] = (await readFile(await download.path(), 'utf8')).split('\r\n');
  assert.equal(header, '"interface_id","sample","start_unix","start","bytes_in","bytes_out"');
  const [, , unix, start] = row.split(',').map((cell) => cell.replace(/^"|"$/g, ''));
  const tokyo = new Date((Number(unix) + 9 * 3600) * 1000).toISOString().slice(0, 19);
  assert.equal(start, `${tokyo}+09:00`);
  assert.equal(Date.parse(start), Number(unix) * 1000, 'the same moment');

  // The activity history and its export, in Tokyo.
  await gotoVm(page, suite.sim.url, vm);
  await rebootFromPage(page);
  await page.goto(`${suite.sim.url}/activity`);
  await page.waitForSelector('#activity-table');
  assert.equal(await page.$eval('#activity-table th', (th) => th.textContent), 'When (Asia/Tokyo)');
  const [history] = await Promise.all([page.waitForEvent('download'), page.click('#activity-export-csv')]);
  const started = (await readFile(await history.path(), 'utf8')).split('\r\n')[1].split(',')[0].replace(/"/g, '');
  assert.match(started, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+09:00$/);
  assert.ok(Math.abs(Date.parse(started) - Date.now()) < 10 * 60 * 1000, `${started} is now`);
});
