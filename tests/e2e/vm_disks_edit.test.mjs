// The VM's Disks tab, a disk at a time: resized only larger (a running VM rebooted by the provider when allowed), automatic backups turned on and off, the mount point changed, formatted and deleted after the typed hostname.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { accountPath, apiGet, vmPicker } from '../support/api.mjs';
import { leaveField } from '../support/pages/forms.mjs';
import { openVm, untilFree } from '../support/pages/vm.mjs';
import { recordWrites } from '../support/requests.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '60', '--op-ms', '800'], { before, after, afterEach });
// Each test takes its own VM, so that they do not meet.
const vms = vmPicker(suite);

/** The VM's disks as the API lists them. */
const disksOf = async (vm) => (await apiGet(suite.sim.api, accountPath(`/virtual_machine/${vm.id}/disks`))).body;
/** One disk as the API gives it. */
const diskOf = async (disk) => (await apiGet(suite.sim.api, accountPath(`/disk/${disk.id}`))).body;
/** The system disk: OnApp's `primary` where sent, else (as documented) the one not swap mounted at the root. */
const isSystem = (disk) => disk.primary ?? (!disk.is_swap && ['/', 'C:'].includes(disk.mount_point));
/** A 0/1 or true/false flag of the API. */
const flag = (value) => value === true || value === 1 || value === '1' || value === 'true';
/** The button of `action` on the disk's row. */
const button = (disk, action) => `#disk-${disk.id} [data-action="${action}"]`;
/** One turn of the event loop, for a request to show if one was sent. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
/** The writes as [method, path, body]. */
const sent = (writes) => writes.list().map((w) => [w.method, new URL(w.url).pathname.replace(/^.*\/account\//, '/account/'), w.body ? JSON.parse(w.body) : null]);

test('a disk resized larger: sent once, the VM busy then free, and the API has the new size', async () => {
  const vm = await vms.take({ status: 'offline' });
  const disk = (await disksOf(vm)).find(isSystem);
  const size = Number(disk.disk_size) + 10;
  const { page } = await openVm(suite, vm, 'disks', { ready: '#disk-table' });
  assert.equal(await page.getAttribute(button(disk, 'resize'), 'title'), 'No restart', 'a stopped VM takes a larger disk without a restart');
  const writes = recordWrites(page);
  await page.click(button(disk, 'resize'));
  await page.waitForSelector('#resize-impact:text("No restart")');
  assert.equal(await page.$('#resize-force-reboot'), null, 'no reboot to allow on a stopped VM');
  await page.fill('#resize-disk-size', String(size));
  await page.dblclick('#resize-disk-dialog #confirm-action');
  await page.waitForSelector('.vm-state .busy');
  await untilFree(page);
  await page.waitForSelector(`#disk-${disk.id} td.num:text("${size} GB")`);
  assert.deepEqual(sent(writes), [['PUT', accountPath(`/disk/${disk.id}`), { disk_size: String(size) }]], 'a double click sends one request');
  assert.equal(Number((await diskOf(disk)).disk_size), size);
});

test('a running VM\'s disk resized: the provider is let reboot it, unless unticked', async () => {
  const vm = await vms.take({ status: 'online' });
  const disk = (await disksOf(vm)).find(isSystem);
  const size = Number(disk.disk_size) + 5;
  const { page } = await openVm(suite, vm, 'disks', { ready: '#disk-table' });
  assert.equal(await page.getAttribute(button(disk, 'resize'), 'title'), 'Restarts the VM');
  const writes = recordWrites(page);
  await page.click(button(disk, 'resize'));
  await page.waitForSelector('#resize-impact:text("Restarts the VM")');
  assert.ok(await page.isChecked('#resize-force-reboot'), 'on from the start for a running VM');
  await page.uncheck('#resize-force-reboot');
  await page.waitForSelector('#resize-impact:text("may be busy or restart")');
  await page.check('#resize-force-reboot');
  await page.fill('#resize-disk-size', String(size));
  await page.click('#resize-disk-dialog #confirm-action');
  await page.waitForSelector('.vm-state .busy');
  await untilFree(page);
  assert.deepEqual(sent(writes), [['PUT', accountPath(`/disk/${disk.id}`), { disk_size: String(size), force_reboot: '1' }]]);
  assert.equal(Number((await diskOf(disk)).disk_size), size);
});

test('a size no larger than now is refused in the form, and nothing is sent', async () => {
  const vm = await vms.look({ status: 'offline' });
  const disk = (await disksOf(vm)).find(isSystem);
  const { page } = await openVm(suite, vm, 'disks', { ready: '#disk-table' });
  const writes = recordWrites(page);
  await page.click(button(disk, 'resize'));
  await page.fill('#resize-disk-size', String(Number(disk.disk_size) - 1));
  await page.click('#resize-disk-dialog #confirm-action');
  await page.waitForSelector('#resize-disk-size-error:has-text("a disk cannot shrink")');
  assert.ok(await page.isDisabled('#resize-disk-dialog #confirm-action'), 'held while the size is wrong');
  // Tried once, every change is checked at once: the same size is no larger either.
  await page.fill('#resize-disk-size', String(disk.disk_size));
  await page.waitForSelector(`#resize-disk-size-error:has-text("${disk.disk_size} GB: a disk cannot shrink")`);
  await page.fill('#resize-disk-size', '12.5');
  await page.waitForSelector('#resize-disk-size-error:has-text("whole number")');
  await settle();
  assert.deepEqual(writes.list(), []);
  assert.equal(Number((await diskOf(disk)).disk_size), Number(disk.disk_size));
});

test('automatic backups turned the other way, at once and without a restart', async () => {
  const vm = await vms.take({ status: 'offline' });
  const disk = (await disksOf(vm)).find(isSystem);
  const was = flag(disk.autobackup);
  const { page } = await openVm(suite, vm, 'disks', { ready: '#disk-table' });
  await page.waitForSelector(`#disk-${disk.id} .disk-autobackup-state:text-is("${was ? 'on' : 'off'}")`);
  assert.equal(await page.getAttribute(button(disk, 'autobackup'), 'title'), 'No restart');
  const writes = recordWrites(page);
  await page.click(button(disk, 'autobackup'));
  await page.waitForSelector(`#disk-${disk.id} .disk-autobackup-state:text-is("${was ? 'off' : 'on'}")`);
  assert.deepEqual(sent(writes), [['PUT', accountPath(`/disk/${disk.id}`), { autobackup: was ? '0' : '1' }]]);
  assert.equal(flag((await diskOf(disk)).autobackup), !was);
  assert.equal(await page.$('.vm-state .busy'), null, 'a 200: the VM was never busy');
});

test('a data disk\'s mount point changed, and the API has it', async () => {
  let data;
  const vm = await vms.take({
    where: async (v) => {
      data = (await disksOf(v)).find((d) => !d.is_swap && d.mount_point === '/data');
      return data !== undefined;
    },
  });
  const system = (await disksOf(vm)).find(isSystem);
  const { page } = await openVm(suite, vm, 'disks', { ready: '#disk-table' });
  assert.equal(await page.$(button(system, 'mount')), null, 'the system disk stays where the system lives');
  const writes = recordWrites(page);
  await page.click(button(data, 'mount'));
  assert.equal(await page.inputValue('#mount-mount-point'), '/data');
  await leaveField(page, '#mount-mount-point', 'srv', 'starts with /');
  await page.fill('#mount-mount-point', '/srv/data');
  await page.click('#mount-disk-dialog #confirm-action');
  await page.waitForSelector('#mount-disk-dialog:not([open])', { state: 'attached' });
  await page.waitForSelector(`#disk-${data.id} .disk-mount-point:text("/srv/data")`);
  const [[method, path, body]] = sent(writes);
  assert.deepEqual([method, path, body.mount_point], ['PUT', accountPath(`/disk/${data.id}`), '/srv/data']);
  assert.equal((await diskOf(data)).mount_point, '/srv/data');
});

test('format after the typed hostname: one request, the VM busy then free', async () => {
  const vm = await vms.take({ status: 'offline' });
  const disk = (await disksOf(vm)).find(isSystem);
  const { page } = await openVm(suite, vm, 'disks', { ready: '#disk-table' });
  const writes = recordWrites(page);
  await page.click(button(disk, 'format'));
  await page.waitForSelector(`#format-disk-warning:has-text("of ${vm.label || vm.hostname}")`);
  assert.ok(await page.isDisabled('#format-disk-dialog #confirm-action'), 'not before the hostname is typed');
  await page.fill('#format-disk-typed', vm.hostname);
  await page.dblclick('#format-disk-dialog #confirm-action');
  await page.waitForSelector('.vm-state .busy');
  await untilFree(page);
  assert.deepEqual(sent(writes), [['POST', accountPath(`/disk/${disk.id}/build`), {}]]);
});

test('a format left at the typed confirmation sends nothing', async () => {
  const vm = await vms.look({ status: 'offline' });
  const disk = (await disksOf(vm)).find(isSystem);
  const { page } = await openVm(suite, vm, 'disks', { ready: '#disk-table' });
  const writes = recordWrites(page);
  await page.click(button(disk, 'format'));
  await page.fill('#format-disk-typed', `${vm.hostname}x`);
  assert.ok(await page.isDisabled('#format-disk-dialog #confirm-action'), 'the wrong word holds the button');
  await page.press('#format-disk-typed', 'Enter');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#format-disk-dialog:not([open])', { state: 'attached' });
  await settle();
  assert.deepEqual(writes.list(), []);
  assert.equal(await page.$('.vm-state .busy'), null);
});

test('a secondary disk deleted after the typed hostname is gone; the system disk has no Delete', async () => {
  let secondary;
  const vm = await vms.take({
    status: 'offline',
    where: async (v) => {
      secondary = (await disksOf(v)).find((d) => !isSystem(d));
      return secondary !== undefined;
    },
  });
  const system = (await disksOf(vm)).find(isSystem);
  const { page } = await openVm(suite, vm, 'disks', { ready: '#disk-table' });
  assert.equal(await page.$(button(system, 'delete')), null);
  const writes = recordWrites(page);
  await page.click(button(secondary, 'delete'));
  assert.ok(await page.isDisabled('#delete-disk-dialog #confirm-action'));
  await page.fill('#delete-disk-typed', vm.hostname);
  await page.click('#delete-disk-dialog #confirm-action');
  await page.waitForSelector('.vm-state .busy');
  await untilFree(page);
  await page.waitForSelector(`#disk-${secondary.id}`, { state: 'detached' });
  assert.deepEqual(sent(writes), [['DELETE', accountPath(`/disk/${secondary.id}`), null]]);
  assert.ok(!(await disksOf(vm)).some((d) => d.id === secondary.id));
  assert.equal((await apiGet(suite.sim.api, accountPath(`/disk/${secondary.id}`))).status, 404);
});
