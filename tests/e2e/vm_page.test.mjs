// The VM page around its tabs: power actions, busy state and the task tray, what its dialogs show before they send, and copying from its header.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { accountPath, addressesOf, apiGet, apiSend, untilLocked, vmPicker } from '../support/api.mjs';
import { loggedInPage } from '../support/pages/login.mjs';
import { leaveField } from '../support/pages/forms.mjs';
import { gotoVm, openVm, untilFree } from '../support/pages/vm.mjs';
import { recordWrites, shownRequests } from '../support/requests.mjs';
import { startSim } from '../support/simulator.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '40', '--op-ms', '1200'], { before, after, afterEach });
// Each test takes its own VM, so that they do not meet.
const vms = vmPicker(suite);

test('stop then start: busy, offline, busy, online, without a reload; no polling when idle', async () => {
  const vm = await vms.take({ status: 'online' });
  const { page, counts } = await openVm(suite, vm);
  await page.click('#action-stop');
  await page.click('#stop-dialog #force-yes');
  await page.click('#stop-dialog #confirm-action');
  await page.waitForSelector('.vm-state .busy');
  await page.waitForSelector('.vm-state .badge-offline:not(:has(+ .busy))');
  await untilFree(page);
  await page.click('#action-start');
  await page.waitForSelector('.vm-state .busy');
  await page.waitForFunction(() => document.querySelector('.vm-state .badge-online') && !document.querySelector('.vm-state .busy'), null, { timeout: 10000 });
  assert.deepEqual(counts.writes, ['PUT /', 'PUT /'], 'one request per action');
  const reads = counts.get;
  await page.waitForTimeout(3000);
  assert.equal(counts.get, reads, 'nothing is polled while the VM is idle');
  // The tray lists both, done, and said so to screen readers.
  await page.click('#task-tray-toggle');
  await page.waitForSelector('#task-tray .task-done:has-text("Start")');
  await page.waitForSelector('#task-tray .task-done:has-text("Stop")');
  assert.match(await page.textContent('#task-announcement'), /Start on .*: done, now online/);
  await page.reload();
  await page.click('#task-tray-toggle');
  await page.waitForSelector('#task-tray .task-done:has-text("Stop")');
});

test('a locked VM has its actions disabled, saying why', async () => {
  const slow = await startSim(['--vms', '5', '--op-ms', '8000']);
  try {
    const { page } = await loggedInPage(suite, { base: slow.url });
    const [vm] = (await apiGet(slow.api, accountPath('/virtual_machines?status=online&locked=0&limit=1'))).body;
    const stop = await apiSend(slow.api, 'PUT', accountPath(`/virtual_machine/${vm.id}`), { status: 'offline' });
    assert.equal(stop.status, 202);
    await untilLocked(slow.api, vm.id);
    await gotoVm(page, slow.url, vm, 'settings', '.vm-state .busy');
    for (const id of ['#action-stop', '#action-reboot', '#open-edit', '#open-destroy', '#open-rebuild', '#open-clone']) {
      assert.ok(await page.isDisabled(id), id);
      assert.match(await page.getAttribute(id, 'title'), /busy/, id);
    }
  } finally {
    await slow.stop();
  }
});

test('"Show as API request" in a dialog is what its button then sends', async () => {
  const vm = await vms.take({ status: 'online' });
  const { page } = await openVm(suite, vm, 'settings');
  const writes = recordWrites(page);
  const sent = async (count) => {
    for (let waited = 0; writes.list().length < count && waited < 10000; waited += 50) await page.waitForTimeout(50);
    assert.equal(writes.list().length, count);
    const { method, url, body } = writes.list()[count - 1];
    return { method, url, body: body ? JSON.parse(body) : null };
  };
  const vmUrl = `${suite.sim.url}/api${accountPath(`/virtual_machine/${vm.id}`)}`;

  // The choice made in the dialog is in the request shown, and sent as shown.
  await page.click('#action-reboot');
  assert.deepEqual(await shownRequests(page, 'dialog-request', '#reboot-dialog'), [{ method: 'POST', url: `${vmUrl}/reboot`, body: { force: false } }]);
  await page.check('#force-yes');
  await page.waitForSelector('#reboot-dialog #dialog-request-curl:has-text(\'"force":true\')');
  const [reboot] = await shownRequests(page, 'dialog-request', '#reboot-dialog');
  await page.click('#reboot-dialog #confirm-action');
  assert.deepEqual(await sent(1), reboot);
  await page.waitForSelector('.vm-state .busy');
  await untilFree(page);

  // An edit shows only the fields changed; a mistake shows no request at all.
  await page.click('#open-edit');
  await page.fill('#edit-label', 'Shown, then sent');
  await leaveField(page, '#edit-hostname', '9bad');
  await page.click('#edit-dialog #dialog-request > summary');
  await page.waitForSelector('#edit-dialog #dialog-request-pending');
  await page.fill('#edit-hostname', vm.hostname);
  const [edit] = await shownRequests(page, 'dialog-request', '#edit-dialog');
  assert.deepEqual(edit, { method: 'PUT', url: vmUrl, body: { label: 'Shown, then sent' } });
  await page.click('#edit-dialog #confirm-action');
  assert.deepEqual(await sent(2), edit);
});

test('copy puts the hostname, the connect line and an address on the clipboard', async () => {
  const vm = await vms.look({ status: 'online' });
  const { page } = await openVm(suite, vm, '', { ready: '#copy-hostname', permissions: ['clipboard-read', 'clipboard-write'] });
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

  await page.click('#copy-hostname');
  await page.waitForSelector('#copy-hostname:has-text("Copied")');
  assert.equal(await clipboard(), vm.hostname);
  assert.ok((await page.locator('[role="status"]:has-text("Copied: the hostname")').count()) >= 1, 'announced');

  const connect = (await page.textContent('#vm-connect-text')).trim();
  const windows = /windows/i.test(`${vm.operating_system_distro} ${vm.template_label ?? ''}`);
  const [address] = await addressesOf(suite.sim.api, vm);
  assert.equal(connect, windows ? `${address}:3389` : `ssh root@${address}`);
  await page.click('#copy-connect');
  await page.waitForSelector('#copy-connect:has-text("Copied")');
  assert.equal(await clipboard(), connect);

  await page.click('#tab-network');
  const copyIp = page.locator('.nic-ips button[aria-label="Copy the address"]').first();
  await copyIp.click();
  const shown = (await page.locator('.nic-ips li .mono').first().textContent()).trim();
  await page.waitForFunction(() => document.querySelector('.nic-ips button[aria-label="Copy the address"]')?.textContent.includes('Copied'));
  assert.equal(await clipboard(), shown);
});
