// The backups: a VM's on its Backups tab and the account's on their page, as the API lists them; one restored after typing the VM's word (and one not, when the word is not confirmed), one made into a template, one deleted.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { accountPath, apiGet, untilLocked, vmOf, vmPicker } from '../support/api.mjs';
import { loggedInPage } from '../support/pages/login.mjs';
import { openVm, untilFree } from '../support/pages/vm.mjs';
import { recordWrites } from '../support/requests.mjs';
import { useSuite } from '../support/suite.mjs';

// A restore keeps its VM and its backup locked for 3 s: long enough to see them so.
const suite = useSuite(['--vms', '40', '--op-ms', '3000'], { before, after, afterEach });
// Each test that writes takes its own VM, so that they do not meet.
const vms = vmPicker(suite);

/** The account's backups as the API lists them, with `query` (`?locked=1`). */
const allBackups = async (query = '') => (await apiGet(suite.sim.api, accountPath(`/backups${query}`))).body;

/** The VM's backups as the API has them: those of its disks. */
async function backupsOf(vm) {
  const disks = (await apiGet(suite.sim.api, accountPath(`/virtual_machine/${vm.id}/disks`))).body;
  const ids = new Set(disks.map((d) => String(d.id)));
  return (await allBackups()).filter((b) => ids.has(String(b.disk_id)));
}

/** A backup that can be restored: made, and not locked. */
const usable = (b) => b.status === 'built' && Number(b.locked) === 0;

/** An idle VM (of `status`, if given) taken for a test, with a backup of it that can be restored. */
async function vmWithBackup(status) {
  let backup;
  const vm = await vms.take({
    status,
    where: async (v) => {
      backup = (await backupsOf(v)).find(usable);
      return backup !== undefined;
    },
  });
  return { vm, backup };
}

/** The kind the panel shows for an API's `backup_type`. */
const kindOf = (b) => ({ gigas: 'manual', 'gigas-automatic': 'automatic' })[b.backup_type];

test('the Backups tab lists the VM\'s backups as the API has them, newest first', async () => {
  // A VM with a backup made by hand besides the automatic ones.
  let listed;
  const vm = await vms.look({
    where: async (v) => {
      listed = await backupsOf(v);
      return listed.some((b) => b.backup_type === 'gigas') && listed.some((b) => b.backup_type === 'gigas-automatic');
    },
  });
  const { page } = await openVm(suite, vm, 'backups', { ready: '#backup-table' });
  assert.equal(await page.textContent('#backup-table-count'), `${listed.length} backups`);
  const newest = [...listed].sort((a, b) => (a.date_created < b.date_created ? 1 : -1));
  const rows = await page.$$eval('#backup-table tbody tr', (trs) => trs.map((tr) => tr.id));
  assert.deepEqual(rows, newest.map((b) => `backup-${b.id}`));
  const kinds = await page.$$eval('#backup-table tbody .backup-kind', (tds) => tds.map((td) => td.textContent.trim()));
  assert.deepEqual(kinds, newest.map(kindOf));
  // Its own VM is no column of its tab.
  assert.equal(await page.$('#backup-table tbody a[href^="/vms/"]'), null);
});

test('restore, after typing the VM\'s word: the VM is busy, then free, and the history says so', async () => {
  const { vm, backup } = await vmWithBackup('online');
  const { page } = await openVm(suite, vm, 'backups', { ready: '#backup-table' });
  await page.click(`#backup-restore-${backup.id}`);
  await page.waitForSelector('#restore-dialog #restore-what');
  assert.match(await page.textContent('#restore-what'), /is written back to .*; everything written to it since then is lost\./);
  assert.ok(await page.isDisabled('#restore-dialog #confirm-action'), 'not before the word is typed');
  await page.fill('#restore-typed', vm.hostname);
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(accountPath(`/backup/${backup.id}/restore`))),
    page.click('#restore-dialog #confirm-action'),
  ]);
  assert.equal(answer.status(), 202);
  await page.waitForSelector('.vm-state .busy');
  // The service's VM is locked while its disk is written back, and so is the backup.
  await untilLocked(suite.sim.api, vm.id);
  assert.equal(Number((await apiGet(suite.sim.api, accountPath(`/backup/${backup.id}`))).body.locked), 1);
  await untilFree(page);
  assert.equal(Number((await vmOf(suite.sim.api, vm)).locked), 0);
  await page.click('#tab-activity');
  await page.waitForSelector('#vm-activity-table tbody tr:has-text("Restore backup")');
});

test('a restore cancelled at the typed word sends nothing', async () => {
  const { vm, backup } = await vmWithBackup();
  const { page } = await openVm(suite, vm, 'backups', { ready: '#backup-table' });
  const writes = recordWrites(page);
  await page.click(`#backup-restore-${backup.id}`);
  await page.fill('#restore-typed', `${vm.hostname}-not`);
  assert.ok(await page.isDisabled('#restore-dialog #confirm-action'));
  // Enter in the field submits the form: with the wrong word, nothing goes.
  await page.press('#restore-typed', 'Enter');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#restore-dialog', { state: 'hidden' });
  await sleep(500);
  assert.deepEqual(writes.list(), []);
  assert.equal(Number((await vmOf(suite.sim.api, vm)).locked), 0);
  assert.equal(await page.$('.vm-state .busy'), null);
});

test('make a template from a backup: it is listed with its label and the backup', async () => {
  const { vm, backup } = await vmWithBackup();
  const { page } = await openVm(suite, vm, 'backups', { ready: '#backup-table' });
  await page.click(`#backup-template-${backup.id}`);
  await page.waitForSelector('#backup-template-label');
  // The label is required, by the rule of a VM's template label.
  await page.click('#backup-template-dialog #confirm-action');
  await page.waitForSelector('#backup-template-label[aria-invalid="true"]');
  const label = `From backup ${backup.id}`;
  await page.fill('#backup-template-label', label);
  await page.click('#backup-template-dialog #confirm-action');
  await page.waitForSelector('#backup-template-dialog', { state: 'hidden' });
  const made = (await apiGet(suite.sim.api, accountPath('/templates'))).body.filter((t) => t.label === label);
  assert.equal(made.length, 1);
  assert.equal(String(made[0].backup_id), String(backup.id));
});

test('delete a backup: one request, and it is gone from the API and the tab', async () => {
  const { vm, backup } = await vmWithBackup();
  const { page } = await openVm(suite, vm, 'backups', { ready: '#backup-table' });
  const writes = recordWrites(page);
  await page.click(`#backup-delete-${backup.id}`);
  assert.match(await page.textContent('#backup-delete-what'), /is deleted for good/);
  await page.dblclick('#backup-delete-dialog #confirm-action');
  await page.waitForSelector(`#backup-${backup.id}`, { state: 'detached', timeout: 10000 });
  assert.deepEqual(writes.list().map((w) => `${w.method} ${w.path}`), [`DELETE /api${accountPath(`/backup/${backup.id}`)}`]);
  assert.ok(!(await allBackups()).some((b) => String(b.id) === String(backup.id)));
});

test('the account page lists every backup with its VM, restores one, and filters by locked', async () => {
  const all = await allBackups();
  const { page } = await loggedInPage(suite);
  await page.goto(`${suite.sim.url}/backups`);
  await page.waitForSelector(`#backup-table-count:text-is("${all.length} backups")`);
  // Each backup's VM, found through its disk, links to the VM's page.
  const disks = (await apiGet(suite.sim.api, accountPath('/disks'))).body;
  for (const b of all.slice(0, 5)) {
    const disk = disks.find((d) => String(d.id) === String(b.disk_id));
    assert.equal(await page.getAttribute(`#backup-${b.id} a`, 'href'), `/vms/${disk.virtual_machine_id}`);
  }
  // A failed backup cannot be restored, and says why.
  const failed = all.find((b) => b.status === 'failed');
  assert.ok(failed, 'the seeded account has a failed backup');
  assert.ok(await page.isDisabled(`#backup-restore-${failed.id}`));
  assert.match(await page.getAttribute(`#backup-restore-${failed.id}`, 'title'), /failed backup cannot be restored/);

  // Nothing is locked yet.
  await page.selectOption('#backups-filter-locked', '1');
  await page.waitForURL(/locked=1/);
  await page.waitForSelector('#backups-empty');
  await page.selectOption('#backups-filter-locked', '');
  await page.waitForSelector(`#backup-table-count:text-is("${all.length} backups")`);

  // Restored from here: recorded against its VM, which is locked meanwhile.
  const { vm, backup } = await vmWithBackup('online');
  await page.click(`#backup-restore-${backup.id}`);
  await page.fill('#restore-typed', vm.hostname);
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/backup/${backup.id}/restore`)),
    page.click('#restore-dialog #confirm-action'),
  ]);
  assert.equal(answer.status(), 202);
  await untilLocked(suite.sim.api, vm.id);
  await page.selectOption('#backups-filter-locked', '1');
  await page.waitForSelector(`#backup-table-count:text-is("1 backup")`);
  assert.deepEqual(await page.$$eval('#backup-table tbody tr', (trs) => trs.map((tr) => tr.id)), [`backup-${backup.id}`]);
  assert.equal(await page.textContent(`#backup-${backup.id} .badge`), 'in progress');
  await page.click('#task-tray-toggle');
  await page.waitForSelector(`#task-tray li.task:has-text("Restore backup") a[href="/vms/${vm.id}"]`);
});
