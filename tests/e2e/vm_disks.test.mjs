// The VM's Disks tab: applying the disks with formatting, sent once the hostname is typed.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { vmPicker } from '../support/api.mjs';
import { openVm } from '../support/pages/vm.mjs';
import { recordWrites } from '../support/requests.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '60', '--op-ms', '800'], { before, after, afterEach });
const vms = vmPicker(suite);

test('apply disks with formatting asks for the hostname', async () => {
  const vm = await vms.take({ status: 'offline' });
  const { page } = await openVm(suite, vm, 'disks', { ready: '#disk-table' });
  const writes = recordWrites(page);
  await page.click('#open-apply-disks');
  await page.check('#apply-disks-format');
  assert.ok(await page.isDisabled('#apply-disks-dialog #confirm-action'));
  await page.fill('#apply-disks-typed', vm.hostname);
  await page.click('#apply-disks-dialog #confirm-action');
  await page.waitForSelector('#apply-disks-dialog:not([open])', { state: 'attached' });
  // One turn of the event loop, for a second request to show if one was sent.
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(writes.list().map((w) => [w.path.split('/').pop(), JSON.parse(w.body)]), [['apply_disks', { required_format_disk: true }]]);
});
