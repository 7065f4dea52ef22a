// A plan in config.json with its monthly transfer: the VM's overview shows this month's transfer of its public interfaces against it, computed here again from the API's statistics, the pace to the month's end, and a warning from 80 % and at 100 %; the list's transfer column says the same in short; a VM on no such plan shows nothing and asks for no statistics.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { accountPath, apiGet } from '../support/api.mjs';
import { loggedInPage } from '../support/pages/login.mjs';
import { gotoVm } from '../support/pages/vm.mjs';
import { recordRequests } from '../support/requests.mjs';
import { deployedCopy } from '../support/simulator.mjs';
import { useSuite } from '../support/suite.mjs';

const GB = 1e9;
// The counting month began some ten days ago, whatever today is.
const today = new Date().getUTCDate();
const STARTS_ON = today > 10 ? today - 10 : 28;

/** Bytes in and out of the VM's public interfaces since the month's start, as the panel counts them. */
async function usedThisMonth(api, vm) {
  const { body } = await apiGet(api, accountPath(`/virtual_machine/${vm.id}/bw_stats?period=-1M`));
  const report = body.network_usage ?? body;
  const now = new Date();
  let start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), STARTS_ON) / 1000;
  if (now.getUTCDate() < STARTS_ON) start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, STARTS_ON) / 1000;
  let used = 0;
  for (const entry of report.traffic.flat()) {
    const traffic = entry.network_usage_traffic ?? entry;
    if (traffic.is_public === false) continue;
    const samples = Object.entries(traffic.data);
    const length = Math.max(...samples.map(([i]) => Number(i))) + 1;
    const step = (report.date_to - report.date_from) / length;
    for (const [i, sample] of samples) {
      const at = report.date_from + Math.trunc((Number(i) + 1) * step);
      if (at > start) used += (sample.traffic_in ?? 0) + (sample.traffic_out ?? 0);
    }
  }
  return used;
}

const gigabytes = (bytes) => `${(bytes / GB).toLocaleString('en-US', { maximumFractionDigits: bytes >= 100 * GB ? 0 : 1 })} GB`;

// The plans are written once the VMs and their statistics are known; the server reads config.json anew for each page.
const deployed = deployedCopy('transfer', (built) => built);
const suite = useSuite(['--vms', '3', '--dist', deployed.dir], { before, after, afterEach });
after(deployed.remove);

/** Plans for the first two VMs' sizes, with their transfer near (90 %) and over (200 %); the third VM on neither. */
async function plansWritten() {
  const [near, over, fine] = (await apiGet(suite.sim.api, accountPath('/virtual_machines?limit=3'))).body;
  const used = { near: await usedThisMonth(suite.sim.api, near), over: await usedThisMonth(suite.sim.api, over) };
  assert.ok(used.near > 0 && used.over > 0, 'the simulator reports traffic this month');
  const plan = (vm, name, transfer) => ({ name, memory: vm.memory, cpus: vm.cpus, disk: vm.total_disk_size, transfer });
  const plans = [
    plan(near, 'Near', { included_gb: used.near / 0.905 / GB, month_starts_on: STARTS_ON }),
    plan(over, 'Over', { included_gb: used.over / 2.005 / GB, month_starts_on: STARTS_ON }),
  ];
  const sizes = (vm) => `${vm.memory}/${vm.cpus}/${vm.total_disk_size}`;
  assert.equal(new Set([near, over, fine].map(sizes)).size, 3, 'three VMs of sizes of their own');
  writeFileSync(path.join(deployed.dir, 'config.json'), JSON.stringify({ ...deployed.config, catalogue: { ...deployed.config.catalogue, plans } }));
  return { near, over, fine, used };
}

test("the overview shows this month's transfer against the plan's, the pace, and a warning from 80 % and at 100 %", async () => {
  const { near, over, fine, used } = await plansWritten();
  const { page } = await loggedInPage(suite);
  const reads = recordRequests(page, (url) => url.includes('/bw_stats'));
  await gotoVm(page, suite.sim.url, near, '', '#vm-transfer-pace:has-text("At this pace")');
  const nearIncluded = used.near / 0.905;
  assert.match(await page.textContent('#vm-transfer-used'), new RegExp(`^${gigabytes(used.near)} of ${gigabytes(nearIncluded)} \\(90 %\\) since `));
  assert.match(await page.textContent('#vm-transfer-warning'), /80 % or more of this month's transfer is used/);
  assert.equal(Number(await page.getAttribute('#vm-transfer-meter', 'value')).toFixed(0), used.near.toFixed(0));
  assert.match(await page.textContent('#vm-transfer-pace'), /^At this pace, about [\d,.]+ GB by /);

  await gotoVm(page, suite.sim.url, over, '', '#vm-transfer-warning');
  assert.match(await page.textContent('#vm-transfer-used'), /\(200 %\)/);
  assert.match(await page.textContent('#vm-transfer-warning'), /This month's transfer is used up/);

  const before = reads.list().length;
  await gotoVm(page, suite.sim.url, fine, '', '#vm-fields');
  await page.waitForTimeout(300);
  assert.equal(await page.locator('#vm-transfer').count(), 0, 'no plan with a transfer, nothing shown');
  assert.equal(reads.list().length, before, 'and no statistics asked for');
});

test("the list's transfer column shows each VM's month against its plan, reading statistics only while it is shown", async () => {
  const { near, over, fine, used } = await plansWritten();
  const { page } = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
  const reads = recordRequests(page, (url) => url.includes('/bw_stats'));
  await page.waitForTimeout(300);
  assert.equal(reads.list().length, 0, 'no statistics read while the column is not shown');

  await page.click('#columns-open');
  await page.check('#column-transfer');
  assert.match(page.url(), /cols=[^&]*transfer/);
  const cell = (vm) => page.locator(`#vm-row-${vm.id} .cell-transfer`);
  await cell(over).locator('.transfer-cell').waitFor();
  assert.equal((await cell(near).textContent()).trim(), `90 % of ${gigabytes(used.near / 0.905)}, nearly used`);
  assert.equal((await cell(over).textContent()).trim(), `200 % of ${gigabytes(used.over / 2.005)}, used up`);
  assert.equal(await cell(over).locator('.transfer-cell.is-over').count(), 1);
  assert.equal((await cell(fine).textContent()).trim(), '—', 'a VM on no plan with a transfer');
  const asked = reads.list().map((r) => r.url);
  assert.equal(asked.length, 2, `one read a VM with a plan: ${asked.join(', ')}`);
  assert.ok(asked.every((url) => url.includes('period=-1M')) && !asked.some((url) => url.includes(`/${fine.id}/`)));

  // Unticked, nothing more is read.
  await page.uncheck('#column-transfer');
  await page.waitForTimeout(300);
  assert.equal(await page.locator('.cell-transfer').count(), 0);
  assert.equal(reads.list().length, 2);
});
