// What happened: the activity history (what the panel sent, on the VM's Activity tab and the account's Activity page, kept across reloads and tabs, never with a secret), and what changed since the last visit.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { accountPath, apiSend, untilIdle, vmOf, vmPicker } from '../support/api.mjs';
import { setHidden } from '../support/browser.mjs';
import { fillBasics } from '../support/pages/create.mjs';
import { loggedInPage } from '../support/pages/login.mjs';
import { gotoVm, openVm, rebootFromPage } from '../support/pages/vm.mjs';
import { storedValues } from '../support/requests.mjs';
import { useSuite } from '../support/suite.mjs';

// Operations take long enough (3.5 s) to be worth a notification.
const suite = useSuite(['--vms', '30', '--op-ms', '3500'], { before, after, afterEach });
const vms = vmPicker(suite);

/** The Activity table's rows as [action, VM, result] . */
const rowsOf = (page, table) =>
  page.$$eval(`${table} tbody tr`, (rows) => rows.map((r) => [...r.querySelectorAll('td')].slice(1, 4).map((td) => td.querySelector('.badge')?.textContent ?? td.textContent.trim())));

test('an action shows on the VM\'s Activity tab and the account\'s page, survives a reload, and exports', async () => {
  const vm = await vms.take({ status: 'online' });
  const { page } = await openVm(suite, vm, '', { remember: true });
  await rebootFromPage(page);

  await page.click('#tab-activity');
  await page.waitForSelector('#vm-activity-table');
  assert.deepEqual((await rowsOf(page, '#vm-activity-table'))[0], ['Reboot', vm.label ?? vm.hostname, 'running']);
  assert.match(await page.textContent('#vm-activity-table .activity-request'), new RegExp(`^POST ${accountPath(`/virtual_machine/${vm.id}/reboot`)} force=false$`));
  // Done once the VM is free again, without a reload.
  await page.waitForSelector('#vm-activity-table .badge-online', { timeout: 10000 });

  await page.reload();
  await page.waitForSelector('#vm-activity-table');
  assert.equal((await rowsOf(page, '#vm-activity-table'))[0][2], 'done');

  await page.click('nav a[href="/activity"]');
  await page.waitForSelector('#activity-table');
  const [first] = await rowsOf(page, '#activity-table');
  assert.deepEqual(first.slice(0, 1), ['Reboot']);
  await page.selectOption('#activity-result', 'refused');
  await page.waitForSelector('#activity-empty');
  await page.selectOption('#activity-result', '');
  await page.waitForSelector('#activity-table');

  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#activity-export-csv')]);
  const csv = await readFile(await download.path(), 'utf8');
  assert.match(csv.split('\r\n')[0], /^"started","action","vm_id","vm","interface","result","message","seconds","request"$/);
  assert.match(csv, new RegExp(`,"Reboot","${vm.id}",.*,"done",`));
});

test('in Spanish, an action shows and is found by its Spanish name, and exports under its English one', async () => {
  const vm = await vms.take({ status: 'online' });
  const { page } = await loggedInPage(suite);
  await page.evaluate(() => localStorage.setItem('vmdeck.lang', JSON.stringify('es')));
  await gotoVm(page, suite.sim.url, vm, '', 'html[lang="es"]');
  await rebootFromPage(page);

  await page.goto(`${suite.sim.url}/activity?search=reiniciar`);
  await page.waitForSelector('#activity-table');
  assert.deepEqual((await rowsOf(page, '#activity-table')).map((row) => row[0]), ['Reiniciar']);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#activity-export-csv')]);
  assert.match(await readFile(await download.path(), 'utf8'), new RegExp(`\\r\\n"[^"]*","Reboot","${vm.id}",`));
});

test('a second tab of the browser sees an entry as it is made', async () => {
  const vm = await vms.take({ status: 'online' });
  const { page, context } = await loggedInPage(suite, { remember: true });
  const other = await context.newPage();
  await other.goto(`${suite.sim.url}/activity`);
  await other.waitForSelector('#activity-count, #activity-empty');
  const before = (await other.$$('#activity-table tbody tr')).length;

  await gotoVm(page, suite.sim.url, vm, 'settings');
  await page.click('#open-edit');
  await page.fill('#edit-label', 'Seen from another tab');
  await page.click('#edit-dialog #confirm-action');
  await page.waitForSelector('#edit-dialog', { state: 'hidden' });

  await other.waitForFunction((n) => document.querySelectorAll('#activity-table tbody tr').length > n, before);
  const [newest] = await rowsOf(other, '#activity-table');
  assert.equal(newest[0], 'Edit');
  assert.match(await other.textContent('#activity-table tbody tr .activity-request'), /label="Seen from another tab"/);
});

test('a created VM\'s password is never in the history, nor anywhere in storage', async () => {
  const { page } = await loggedInPage(suite, { remember: true });
  await page.goto(`${suite.sim.url}/vms/new`);
  await fillBasics(page, { label: 'Secretive', hostname: 'secret-01', template: '1' });
  await page.fill('#create-initial-root-password', 'Never-Stored-42');
  await page.click('#create-submit');
  await page.waitForURL(/\/vms\/\d+$/);
  await page.click('#tab-activity');
  await page.waitForSelector('#vm-activity-table');
  const request = await page.textContent('#vm-activity-table .activity-request');
  assert.match(request, /initial_root_password=\(not kept\)/);
  for (const [store, key, value] of await storedValues(page)) {
    assert.ok(!value.includes('Never-Stored-42'), `${store} ${key} holds the password`);
  }
});

test('a VM changed through the API between two visits is reported, with a link to it', async () => {
  // Work left by the tests before (a VM being built) would end between the two visits and be reported too.
  await untilIdle(suite.sim.api);
  const vm = await vms.take({ status: 'online' });
  const { page } = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
  // The whole account on one page: what is gone can be told too.
  await page.goto(`${suite.sim.url}/vms?limit=100`);
  await page.waitForSelector(`#vm-row-${vm.id}`);
  assert.equal(await page.$('#since-last-visit'), null, 'nothing to compare on a first visit');

  await page.goto(`${suite.sim.url}/interfaces`);
  const stop = await apiSend(suite.sim.api, 'PUT', accountPath(`/virtual_machine/${vm.id}`), { status: 'offline' });
  assert.equal(stop.status, 202);
  for (let waited = 0; (await vmOf(suite.sim.api, vm)).status !== 'offline'; waited += 100) {
    assert.ok(waited < 10000, 'the VM stops');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  await page.goto(`${suite.sim.url}/vms?limit=100`);
  await page.waitForSelector('#since-last-visit');
  const name = vm.label || vm.hostname;
  const link = page.locator(`#since-last-visit a[href="/vms/${vm.id}"]`);
  assert.equal(await link.textContent(), `${name} was stopped`);
  await page.click('#since-dismiss');
  await page.waitForSelector('#since-last-visit', { state: 'detached' });
  // The record is up to date: the next visit has nothing to say.
  await page.reload();
  await page.waitForSelector(`#vm-row-${vm.id}`);
  await page.waitForTimeout(300);
  assert.equal(await page.$('#since-last-visit'), null);
});

/** Records the notifications the page shows, and shows them as the browser would. */
const recordNotifications = (page) =>
  page.evaluate(() => {
    window.shownNotifications = [];
    const Shown = window.Notification;
    window.Notification = class extends Shown {
      constructor(title, options) {
        super(title, options);
        window.shownNotifications.push({ title, body: options?.body });
      }
    };
  });

test('a long task that ends while the tab is hidden is told in a notification, turned on with a click', async () => {
  const vm = await vms.take({ status: 'online' });
  const { page } = await loggedInPage(suite, { permissions: ['notifications'] });
  await recordNotifications(page);
  await page.click('#task-tray-toggle');
  assert.equal(await page.getAttribute('#tray-notify', 'aria-pressed'), 'false', 'off until asked for');
  await page.click('#tray-notify');
  await page.waitForSelector('#tray-notify[aria-pressed="true"]');
  await page.click('#task-tray-toggle');

  await gotoVm(page, suite.sim.url, vm);
  await recordNotifications(page);
  await rebootFromPage(page);
  await setHidden(page, true);
  await page.waitForFunction(() => window.shownNotifications.length > 0, null, { timeout: 15000 });
  const [shown] = await page.evaluate(() => window.shownNotifications);
  assert.equal(shown.title, 'Task ended');
  assert.equal(shown.body, `Reboot on ${vm.label || vm.hostname}: done, now online.`);
  await setHidden(page, false);
});

test('a reboot from this browser is marked on the VM\'s CPU chart, and the period summed up', async () => {
  const vm = await vms.take({ status: 'online' });
  const { page } = await openVm(suite, vm);
  await rebootFromPage(page);
  await page.click('#tab-statistics');
  await page.waitForSelector('#cpu-stats canvas');
  await page.click('#cpu-stats button[aria-controls="cpu-table"]');
  await page.waitForSelector('#cpu-table');
  // The mark is on the sample of now, the last one.
  assert.match(await page.textContent('#cpu-table tbody tr:last-child'), /Reboot \(from this browser\)/);
  assert.equal(await page.locator('#cpu-table tbody tr', { hasText: 'Reboot' }).count(), 1);
});

test('a full storage keeps the history in memory, and says so', async () => {
  const vm = await vms.take({ status: 'offline' });
  const { page } = await openVm(suite, vm, 'settings', { ready: '#open-edit' });
  // From now on the browser's storage refuses every write, as a full one does.
  await page.evaluate(() => {
    Storage.prototype.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  await page.click('#open-edit');
  await page.fill('#edit-label', 'Kept in memory');
  await page.click('#edit-dialog #confirm-action');
  await page.waitForSelector('#edit-dialog', { state: 'hidden' });
  await page.click('#tab-activity');
  await page.waitForSelector('#vm-activity-memory-only');
  assert.match(await page.textContent('#vm-activity-table .activity-request'), /label="Kept in memory"/);
});
