// What the provider documents, as the simulator sends it by default: addresses found through their interface and the VM's own address list, the system disk named by its mount point, snapshots that failed, and queued work called done only once its effect is seen.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { accountPath, addressesOf, apiGet, nicsOf, vmPicker } from '../support/api.mjs';
import { loggedInPage, logIn } from '../support/pages/login.mjs';
import { leaveField } from '../support/pages/forms.mjs';
import { gotoVm, openVm } from '../support/pages/vm.mjs';
import { recordRequests } from '../support/requests.mjs';
import { startSim } from '../support/simulator.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '40', '--op-ms', '1500'], { before, after, afterEach });
const vms = vmPicker(suite);

test('a VM\'s addresses show on the list (two reads a page), its page, Connect and the destroy dialog', async () => {
  const { page } = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
  const reads = recordRequests(page, (url) => url.includes('/ip_addresses') || url.includes('/network_interfaces'));
  await page.goto(`${suite.sim.url}/vms?limit=25`);
  const [first] = (await apiGet(suite.sim.api, accountPath('/virtual_machines?limit=1'))).body;
  assert.equal(first.ip_addresses, undefined, 'the documented VM lists no addresses');
  const addresses = await addressesOf(suite.sim.api, first);
  assert.ok(addresses.length > 0);
  const cell = page.locator(`#vm-row-${first.id} td[data-label="IP addresses"]`);
  await page.waitForFunction((sel) => document.querySelector(sel)?.textContent.includes('.'), `#vm-row-${first.id} td[data-label="IP addresses"]`);
  assert.equal(await cell.textContent(), addresses.join(', '));
  const paths = reads.list().map((r) => new URL(r.url).pathname.replace(/^.*\/account\/\d+/, ''));
  assert.deepEqual(paths.sort(), ['/ip_addresses', '/network_interfaces'], 'the account\'s addresses and interfaces, once each; nothing per VM');

  const vm = await vms.look({ status: 'online' });
  const [address] = await addressesOf(suite.sim.api, vm);
  await gotoVm(page, suite.sim.url, vm, '', '#vm-primary-ip');
  assert.equal(await page.textContent('#vm-primary-ip'), address);
  assert.match(await page.textContent('#vm-connect-text'), new RegExp(address.replace(/\./g, '\\.')));
  assert.match(await page.textContent('#vm-fields'), new RegExp(address.replace(/\./g, '\\.')));
  await gotoVm(page, suite.sim.url, vm, 'settings', '#open-destroy');
  await page.click('#open-destroy');
  await page.waitForSelector(`#destroy-list li:has-text("${address}")`);
});

test('an address shows under its interface and is removed by its own id', async () => {
  const vm = await vms.take({ status: 'offline', where: async (v) => (await nicsOf(suite.sim.api, v)).length === 1 });
  const [nic] = await nicsOf(suite.sim.api, vm);
  const { page } = await openVm(suite, vm, 'network', { ready: '.nic .nic-ips li' });
  const card = page.locator('.nic').first();
  const before = await addressesOf(suite.sim.api, vm);
  assert.deepEqual(await card.locator('.nic-ips li .mono').allTextContents(), before);

  await card.locator('button:text("Add IP")').click();
  await page.click('#add-ip-dialog #confirm-action');
  await page.waitForFunction((n) => document.querySelectorAll('.nic .nic-ips li').length === n, before.length + 1);
  const listed = (await apiGet(suite.sim.api, accountPath(`/virtual_machine/${vm.id}/ip_addresses`))).body;
  const added = listed.find((ip) => !before.includes(ip.address));
  assert.equal(added.interface_id, nic.id);

  const deletes = recordRequests(page, (url, method) => method === 'DELETE');
  await card.locator(`.nic-ips li:has-text("${added.address}") button:text("Remove")`).click();
  await page.click('#remove-ip-dialog #confirm-action');
  await page.waitForFunction((n) => document.querySelectorAll('.nic .nic-ips li').length === n, before.length);
  assert.deepEqual(deletes.list().map((r) => new URL(r.url).pathname.split('/').slice(-2).join('/')), [`ip_address/${added.id}`]);
  assert.deepEqual(await addressesOf(suite.sim.api, vm), before);
});

test('the system disk is named so, and the Edit dialog starts from its size and will not shrink it', async () => {
  const vm = await vms.look({ status: 'offline' });
  const disks = (await apiGet(suite.sim.api, accountPath(`/virtual_machine/${vm.id}/disks`))).body;
  assert.ok(disks.every((d) => d.primary === undefined && d.label === undefined), 'documented disks have no primary and no label');
  const system = disks.find((d) => !d.is_swap && ['/', 'C:'].includes(d.mount_point));
  const { page } = await openVm(suite, vm, 'disks', { ready: '#disk-table' });
  const kinds = await page.$$eval('#disk-table tbody tr', (rows) => rows.map((r) => r.children[2].textContent));
  assert.equal(kinds.filter((k) => k === 'system').length, 1, kinds.join());
  assert.equal(kinds[disks.indexOf(system)], 'system');

  await gotoVm(page, suite.sim.url, vm, 'settings', '#open-edit');
  await page.click('#open-edit');
  await page.waitForFunction((size) => document.querySelector('#edit-primary-disk-size')?.value === size, String(system.disk_size));
  await leaveField(page, '#edit-primary-disk-size', String(system.disk_size - 1), 'cannot shrink');
});

test('a failed snapshot is marked failed, beside healthy ones', async () => {
  const snapshotsOf = async (v) => (await apiGet(suite.sim.api, accountPath(`/virtual_machine/${v.id}/snapshots`))).body;
  const vm = await vms.look({ where: async (v) => (await snapshotsOf(v)).some((s) => Number(s.error) === 1) });
  const snapshots = await snapshotsOf(vm);
  assert.deepEqual(Object.keys(snapshots[0]).sort(), ['error', 'id', 'identifier', 'in_use', 'label', 'locked', 'virtual_machine_id']);
  const { page } = await openVm(suite, vm, 'snapshots', { ready: '#snapshot-table' });
  assert.equal(await page.locator('#snapshot-table tr.snapshot-failed').count(), snapshots.filter((s) => Number(s.error) === 1).length);
  assert.match(await page.textContent('#snapshots-failed'), /error/);
  assert.equal(await page.locator('#snapshot-table tr.snapshot-failed .badge-failed').first().textContent(), 'failed');
  const headers = await page.$$eval('#snapshot-table th', (ths) => ths.map((th) => th.textContent));
  assert.deepEqual(headers, ['Snapshot', 'Status'], 'no size or date columns when the service sends neither');
});

test('work the service marks busy a moment after its 202 is done only once the VM was seen busy and free again', async () => {
  // The lock comes 2.5 s after the answer and lasts 2 s: a first look finds the VM free.
  const late = await startSim(['--vms', '5', '--op-ms', '2000', '--lock-delay-ms', '2500']);
  try {
    const { page } = await loggedInPage(suite, { base: late.url });
    const [vm] = (await apiGet(late.api, accountPath('/virtual_machines?status=online&locked=0&limit=1'))).body;
    await gotoVm(page, late.url, vm, '', '.vm-state .badge-online');
    await page.click('#action-reboot');
    await page.click('#reboot-dialog #confirm-action');
    await page.waitForSelector('.vm-state .busy');
    await page.waitForTimeout(2000);
    assert.equal((await apiGet(late.api, accountPath(`/virtual_machine/${vm.id}`))).body.locked, 0, 'the service has not marked it busy yet');
    await page.click('#task-tray-toggle');
    assert.equal(await page.locator('.tray-list .task').first().getAttribute('class'), 'task task-running', 'not done on a first look at a free VM');
    assert.ok(await page.isDisabled('#action-stop'), 'the VM is busy for the panel meanwhile');
    await page.waitForSelector('.tray-list .task-done', { timeout: 15000 });
    await page.waitForSelector('.vm-state .busy', { state: 'detached' });
  } finally {
    await late.stop();
  }
});

test('work never seen to start or end is said to be unconfirmed after two minutes', async () => {
  // A lock ten minutes late: nothing of the work shows while the test looks.
  const never = await startSim(['--vms', '5', '--op-ms', '1000', '--lock-delay-ms', '600000']);
  try {
    const { page } = await suite.open();
    await page.clock.install();
    await logIn(page, never.url);
    await page.waitForSelector('#vm-table');
    const [vm] = (await apiGet(never.api, accountPath('/virtual_machines?status=online&locked=0&limit=1'))).body;
    await gotoVm(page, never.url, vm, 'settings', '#open-rebuild-network');
    await page.click('#open-rebuild-network');
    await page.click('#rebuild-network-dialog #confirm-action');
    await page.waitForSelector('.vm-state .busy');
    await page.clock.runFor(60_000);
    await page.click('#task-tray-toggle');
    await page.waitForSelector('.tray-list .task-running');
    await page.clock.runFor(65_000);
    await page.waitForSelector('.tray-list .task-unconfirmed');
    assert.match(await page.textContent('.tray-list .task-unconfirmed'), /not seen to finish/);
    await page.waitForSelector('.vm-state .busy', { state: 'detached' });
  } finally {
    await never.stop();
  }
});
