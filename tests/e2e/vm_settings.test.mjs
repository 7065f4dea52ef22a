// The VM's Settings tab: edit, rebuild, clone, segregation, destroy, and the maintenance actions (reset password, rebuild network, apply firewall rules, template).

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { accountPath, apiGet, vmOf, vmPicker } from '../support/api.mjs';
import { fillIn, leaveField } from '../support/pages/forms.mjs';
import { openVm, untilFree } from '../support/pages/vm.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '40', '--op-ms', '1200'], { before, after, afterEach });
// Each test takes its own VM, so that they do not meet.
const vms = vmPicker(suite);

test('edit a label; reloading a tab URL opens that tab', async () => {
  const vm = await vms.take({ status: 'offline' });
  const { page, counts } = await openVm(suite, vm, 'settings');
  assert.equal(await page.getAttribute('#tab-settings', 'aria-current'), 'page');
  await page.reload();
  await page.waitForSelector('#card-edit');
  await page.click('#open-edit');
  await page.fill('#edit-label', 'Renamed by a test');
  await leaveField(page, '#edit-hostname', '9bad', 'may not start with a digit');
  await page.fill('#edit-hostname', vm.hostname);
  await page.fill('#edit-memory', String(vm.memory * 2));
  await page.waitForSelector('#edit-consequences:has-text("resized")');
  await page.click('#edit-dialog #confirm-action');
  await page.waitForSelector('#vm-title:text("Renamed by a test")');
  assert.deepEqual(counts.writes, ['PUT /']);
  const after = await vmOf(suite.sim.api, vm);
  assert.equal(after.label, 'Renamed by a test');
  assert.equal(after.memory, vm.memory * 2);
  // The answer said no more than done, and the tray says it once.
  await page.click('#task-tray-toggle');
  const state = await page.textContent('#task-tray .task-done:has-text("Edit") .task-line.muted span:first-child');
  assert.equal(state.trim(), 'done');
});

test('rebuild from another template, after typing the hostname', async () => {
  const vm = await vms.take({ status: 'online' });
  const { page } = await openVm(suite, vm, 'settings');
  await page.click('#open-rebuild');
  await page.selectOption('#rebuild-template-id', '2');
  assert.ok(await page.isDisabled('#rebuild-dialog #confirm-action'), 'not before the hostname is typed');
  await page.fill('#rebuild-typed', vm.hostname);
  await page.click('#rebuild-dialog #confirm-action');
  await page.waitForSelector('.vm-state .busy');
  await untilFree(page);
  await page.click('#tab-overview');
  await page.waitForSelector('#vm-fields dd:text("Ubuntu 24.04")');
});

test('clone, and find the clone', async () => {
  const vm = await vms.take({ status: 'online' });
  const { page } = await openVm(suite, vm, 'settings');
  await page.click('#open-clone');
  await page.waitForSelector('#clone-hostname');
  await fillIn(page, { '#clone-hostname': 'clone-of-test', '#clone-label': 'Clone of a test VM', '#clone-clone-disk-size-0': '999' });
  await page.click('#clone-add-disk');
  await page.fill('#clone-secondary-disk-size-0', '15');
  await page.click('#clone-dialog #confirm-action');
  const link = await page.waitForSelector('#clone-created a');
  await link.click();
  await page.waitForSelector('#vm-title:text("Clone of a test VM")');
  const cloneId = page.url().split('/').pop();
  const disks = (await apiGet(suite.sim.api, accountPath(`/virtual_machine/${cloneId}/disks`))).body;
  assert.equal(disks[0].disk_size, 999);
  assert.equal(disks.at(-1).disk_size, 15);
});

test('segregate from another VM, then remove it', async () => {
  const vm = await vms.take({ status: 'online' });
  const other = await vms.take({ status: 'offline' });
  const { page } = await openVm(suite, vm, 'settings');
  await page.waitForSelector('#segregation-none');
  await page.fill('#segregation-hostname', other.hostname);
  await page.press('#segregation-hostname', 'Enter');
  await page.click(`#segregation-candidates li:has-text("${other.hostname}") button`);
  await page.waitForSelector(`#segregation-list li:has-text("${other.hostname}")`);
  assert.equal((await vmOf(suite.sim.api, vm)).strict_virtual_machine_id, other.id);
  await page.click(`#segregation-list li:has-text("${other.hostname}") button`);
  await page.waitForSelector('#segregation-none');
});

test('destroy with the typed hostname, and land on the list without it', async () => {
  const vm = await vms.take({ status: 'offline' });
  const { page, counts } = await openVm(suite, vm, 'settings');
  await page.click('#open-destroy');
  await page.waitForSelector('#destroy-list li:has-text("backups")');
  await page.fill('#destroy-typed', 'not-the-hostname');
  assert.ok(await page.isDisabled('#destroy-dialog #confirm-action'));
  await page.fill('#destroy-typed', vm.hostname);
  await page.dblclick('#destroy-dialog #confirm-action');
  await page.waitForURL(/\/vms$/);
  await page.goto(`${suite.sim.url}/vms?id=${vm.id}`);
  await page.waitForSelector('#vm-list-no-match', { timeout: 10000 });
  assert.deepEqual(counts.writes, ['DELETE /'], 'a double click sends one request');
});

test('reset password, rebuild network, apply firewall rules and template each send one request', async () => {
  const vm = await vms.take({ status: 'online' });
  const { page, counts } = await openVm(suite, vm, 'settings');
  for (const [open, dialog] of [
    ['#open-reset-password', '#reset-password-dialog'],
    ['#open-rebuild-network', '#rebuild-network-dialog'],
    ['#open-apply-firewall', '#apply-firewall-dialog'],
    ['#open-template', '#template-dialog'],
  ]) {
    await page.waitForFunction((id) => !document.querySelector(id).disabled, open, { timeout: 10000 });
    await page.click(open);
    await page.dblclick(`${dialog} #confirm-action`);
    await page.waitForSelector('.vm-state .busy');
    await untilFree(page);
  }
  assert.deepEqual(counts.writes.map((w) => w.split(' ')[1]), ['/reset_password', '/rebuild_network', '/apply_firewall_rules', '/template']);
});
