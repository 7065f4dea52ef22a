// The VM's Statistics tab: CPU and traffic charts drawn on canvas for each period, with tables of the API's values.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { accountPath, apiGet, vmPicker } from '../support/api.mjs';
import { openVm } from '../support/pages/vm.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '20'], { before, after, afterEach });
const vms = vmPicker(suite);

/** How many pixels of a canvas differ from its top-left (background) pixel. */
const inkedPixels = (page, selector) =>
  page.$eval(selector, (canvas) => {
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    let count = 0;
    for (let i = 4; i < data.length; i += 4) {
      if (data[i] !== data[0] || data[i + 1] !== data[1] || data[i + 2] !== data[2]) count += 1;
    }
    return count;
  });

test('CPU and traffic charts for each period, drawn, with a table of the same values', async () => {
  const vm = await vms.look({ status: 'online' });
  const { page } = await openVm(suite, vm, 'statistics', { ready: '#cpu-canvas', deviceScaleFactor: 2 });
  await page.waitForFunction(() => document.querySelector('#cpu-canvas').width > 600);
  assert.ok((await inkedPixels(page, '#cpu-canvas')) > 1000, 'the CPU chart has drawn');
  const { width, clientWidth } = await page.$eval('#cpu-canvas', (c) => ({ width: c.width, clientWidth: c.clientWidth }));
  assert.equal(width, clientWidth * 2, 'sharp on a 2x screen');
  assert.match(await page.textContent('#cpu-meaning'), /100 %/);

  await page.click('#cpu-period-30days');
  await page.waitForURL(/cpu=-30days/);
  const month = (await apiGet(suite.sim.api, accountPath(`/virtual_machine/${vm.id}/cpu_stats?period=-30days`))).body;
  await page.click('#cpu-stats .chart button');
  await page.waitForFunction((n) => document.querySelectorAll('#cpu-table tbody tr').length === n, month.data.length);
  const shown = await page.$$eval('#cpu-table tbody tr td.mono', (tds) => tds.map((t) => t.textContent));
  assert.deepEqual(shown, month.data.map((v) => `CPU ${v.toFixed(1)} %`));

  for (const period of ['-1day', '-1M', '-1Y', '-1H']) {
    await page.click(`#bw-period${period}`);
    await page.waitForURL(new RegExp(`bw=${period}`));
    const api = (await apiGet(suite.sim.api, accountPath(`/virtual_machine/${vm.id}/bw_stats?period=${period}`))).body;
    const samples = Math.max(...Object.keys(api.traffic[0][0].data).map(Number)) + 1;
    await page.click('#bw-stats .chart button');
    await page.waitForFunction((n) => document.querySelectorAll('#bw-0-table tbody tr').length === n, samples);
    const first = Object.keys(api.traffic[0][0].data).map(Number).sort((a, b) => a - b)[0];
    const row = await page.$eval(`#bw-0-table tbody tr:nth-child(${first + 1}) td.mono`, (td) => td.textContent);
    assert.match(row, /^In .* · Out /, period);
    assert.ok((await inkedPixels(page, '#bw-0-canvas')) > 1000, `the ${period} traffic chart has drawn`);
    await page.click('#bw-stats .chart button');
  }

  // Hovering the plot shows the nearest sample.
  await page.hover('#cpu-canvas');
  await page.waitForSelector('#cpu-stats .chart-tip');
});

test('an unbuilt VM says it has no data, never a flat line', async () => {
  // The first unbuilt VM, if the seed made one: without, there is nothing to check.
  const list = (await apiGet(suite.sim.api, accountPath('/virtual_machines?status=unbuilt&limit=1'))).body;
  if (list.length === 0) return;
  const { page } = await openVm(suite, list[0], 'statistics', { ready: '#bw-no-data' });
  await page.waitForSelector('#cpu-no-data');
});
