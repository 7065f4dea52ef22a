// The VM's ISOs tab: an ISO mounted by URL (the address checked first), then unmounted.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { loggedInPage, useSuite, vmPicker } from './harness.mjs';

const suite = useSuite(['--vms', '60', '--op-ms', '800'], { before, after, afterEach });
const vms = vmPicker(suite);

test('mount an ISO by URL (checked first), then unmount it', async () => {
  const vm = await vms.take({ status: 'offline', where: (v) => v.cdrom === 0 });
  const { page } = await loggedInPage(suite);
  await page.goto(`${suite.sim.url}/vms/${vm.id}/isos`);
  await page.waitForSelector('#iso-none');
  await page.click('#iso-by-url');
  await page.fill('#iso-url', 'file:///etc/passwd');
  await page.locator('#iso-url').blur();
  await page.waitForSelector('#iso-url-error:has-text("http://, https://, ftp:// or ftps://")');
  await page.fill('#iso-url', 'https://mirror.example.org/rescue.iso');
  await page.click('#iso-mount');
  await page.waitForSelector('#iso-name:text("https://mirror.example.org/rescue.iso")');
  assert.match(await page.textContent('#iso-boot-note'), /CD-ROM/);
  await page.click('#iso-unmount');
  await page.waitForSelector('#iso-none');
});
