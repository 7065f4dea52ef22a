// The VM's Snapshots tab: all snapshots deleted at once, after saying that they are merged into the disks.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { accountPath, apiGet, loggedInPage, useSuite, vmPicker } from './harness.mjs';

const suite = useSuite(['--vms', '60', '--op-ms', '800'], { before, after, afterEach });
const vms = vmPicker(suite);

test('delete all snapshots', async () => {
  const vm = await vms.take({ where: async (v) => (await apiGet(suite.sim.api, accountPath(`/virtual_machine/${v.id}/snapshots`))).body.length > 0 });
  const { page } = await loggedInPage(suite);
  await page.goto(`${suite.sim.url}/vms/${vm.id}/snapshots`);
  await page.waitForSelector('#snapshot-table');
  await page.click('#open-delete-snapshots');
  assert.match(await page.textContent('#delete-snapshots-dialog'), /merged into the disks/);
  await page.click('#delete-snapshots-dialog #confirm-action');
  await page.waitForSelector('#snapshots-empty');
});
