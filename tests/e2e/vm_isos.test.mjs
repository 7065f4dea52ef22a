// The VM's ISOs tab: an ISO mounted by URL (the address checked first), then unmounted; the rescue flow there and back.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { accountPath, apiGet, vmOf, vmPicker } from '../support/api.mjs';
import { leaveField } from '../support/pages/forms.mjs';
import { openVm } from '../support/pages/vm.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '60', '--op-ms', '800'], { before, after, afterEach });
const vms = vmPicker(suite);

test('mount an ISO by URL (checked first), then unmount it', async () => {
  const vm = await vms.take({ status: 'offline', where: (v) => v.cdrom === 0 });
  const { page } = await openVm(suite, vm, 'isos', { ready: '#iso-none' });
  await page.click('#iso-by-url');
  await leaveField(page, '#iso-iso-url', 'file:///etc/passwd', 'http://, https://, ftp:// or ftps://');
  await page.fill('#iso-iso-url', 'https://mirror.example.org/rescue.iso');
  await page.click('#iso-mount');
  await page.waitForSelector('#iso-name:text("https://mirror.example.org/rescue.iso")');
  assert.match(await page.textContent('#iso-boot-note'), /CD-ROM/);
  await page.click('#iso-unmount');
  await page.waitForSelector('#iso-none');
});

test('the rescue flow boots from an ISO and back to normal, step by step, each in the task tray', async () => {
  const vm = await vms.take({ status: 'online', where: (v) => v.cdrom === 0 && v.boot_type === 'default' });
  const readVm = () => vmOf(suite.sim.api, vm);
  const mountedIsos = async () => (await apiGet(suite.sim.api, accountPath(`/virtual_machine/${vm.id}/isos`))).body;
  const { page } = await openVm(suite, vm, 'isos', { ready: '#iso-none' });
  await page.selectOption('#rescue-iso-id', '1');
  await page.click('#rescue-start');
  await page.waitForSelector('#rescue-steps');
  await page.waitForSelector('#rescue-status:text("All steps done.")', { timeout: 30_000 });
  assert.equal(await page.locator('#rescue-steps .step-done').count(), 3);
  const rescued = await readVm();
  assert.equal(rescued.boot_type, 'cdrom');
  assert.equal(rescued.status, 'online');
  assert.ok(JSON.stringify(await mountedIsos()).length > 2, 'an ISO is mounted');

  await page.click('#rescue-back');
  await page.waitForSelector('#rescue-status:text("All steps done.")', { timeout: 30_000 });
  const back = await readVm();
  assert.equal(back.boot_type, 'default');
  await page.waitForSelector('#iso-none');

  await page.click('#task-tray-toggle');
  for (const step of ['Mount the ISO', 'Set the boot device to CD-ROM', 'Unmount the ISO', 'Set the boot device back to the disk']) {
    await page.waitForSelector(`#task-tray .task:has-text("${step}")`);
  }
  assert.equal(await page.locator('#task-tray .task:has-text("Reboot")').count(), 2);
});
