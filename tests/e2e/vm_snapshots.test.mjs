// The VM's Snapshots tab: all snapshots deleted at once, after saying that they are merged into the disks.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { accountPath, apiGet, vmPicker } from '../support/api.mjs';
import { openVm } from '../support/pages/vm.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '60', '--op-ms', '800'], { before, after, afterEach });
const vms = vmPicker(suite);

test('delete all snapshots', async () => {
  const vm = await vms.take({ where: async (v) => (await apiGet(suite.sim.api, accountPath(`/virtual_machine/${v.id}/snapshots`))).body.length > 0 });
  const { page } = await openVm(suite, vm, 'snapshots', { ready: '#snapshot-table' });
  await page.click('#open-delete-snapshots');
  assert.match(await page.textContent('#delete-snapshots-dialog'), /merged into the disks/);
  await page.click('#delete-snapshots-dialog #confirm-action');
  await page.waitForSelector('#snapshots-empty');
});
