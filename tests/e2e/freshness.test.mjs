// Data that stays fresh: reads again on focus and on Refresh, the opt-in auto-refresh, no request at all from an idle or hidden page, and the age line.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { accountPath, apiSend, vmOf, vmPicker } from '../support/api.mjs';
import { setHidden } from '../support/browser.mjs';
import { logIn, loggedInPage } from '../support/pages/login.mjs';
import { gotoVm } from '../support/pages/vm.mjs';
import { recordRequests } from '../support/requests.mjs';
import { useSuite } from '../support/suite.mjs';

// Operations end quickly, so that a VM changed through the API is free again soon.
const suite = useSuite(['--op-ms', '400'], { before: test.before, after: test.after, afterEach: test.afterEach });
const { take } = vmPicker(suite);
const online = () => take({ status: 'online' });

/** Changes a VM through the API, behind the panel's back, and waits until the service shows it done. */
async function changeBehindTheBack(vm, body) {
  const { status } = await apiSend(suite.sim.api, 'PUT', accountPath(`/virtual_machine/${vm.id}`), body);
  assert.ok(status === 200 || status === 202, `PUT answered ${status}`);
  for (let i = 0; i < 100; i++) {
    const now = await vmOf(suite.sim.api, vm);
    if (now.status === body.status && Number(now.locked) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`VM ${vm.id} did not become ${body.status}`);
}

/** A page logged in on the browser's own clock, which the test moves on. */
async function onOwnClock() {
  const { page } = await suite.open();
  await page.clock.install();
  await logIn(page, suite.sim.url);
  await page.waitForSelector('#vm-table');
  return page;
}

const regainFocus = (page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));
const statusOf = (page) => page.textContent('.vm-state .badge');

test('a VM changed through the API shows its new state after focus comes back, and after Refresh', async () => {
  const page = await onOwnClock();
  const vm = await online();
  await gotoVm(page, suite.sim.url, vm, '', '.vm-state .badge-online');
  const requests = recordRequests(page);

  await changeBehindTheBack(vm, { status: 'offline' });
  // Focus right after a read sends nothing: at most one read per 30 s.
  await regainFocus(page);
  await page.waitForTimeout(1000);
  assert.equal(requests.list().length, 0, 'no read on a focus right after the last one');
  assert.match(await statusOf(page), /online/);

  // Half a minute later (of the page's clock), the window regains focus: the VM is read again.
  await page.clock.runFor(30_000);
  await page.waitForTimeout(300);
  assert.equal(requests.list().length, 0, 'nothing is read while the page is left alone');
  await regainFocus(page);
  await page.waitForSelector('.vm-state .badge-offline', { timeout: 5000 });

  // Refresh reads at once, whatever the age.
  await changeBehindTheBack(vm, { status: 'online' });
  requests.clear();
  await page.click('#refresh');
  await page.waitForSelector('.vm-state .badge-online', { timeout: 5000 });
  assert.ok(requests.list().some((r) => r.method === 'GET' && r.path.endsWith(`/virtual_machine/${vm.id}`)), 'Refresh read the VM');
});

test('auto-refresh reads again at its interval, and is remembered in this browser', async () => {
  const page = await onOwnClock();
  const vm = await online();
  await page.goto(`${suite.sim.url}/vms?id=${vm.id}`);
  await page.waitForSelector(`#vm-row-${vm.id} .badge-online`);
  assert.equal(await page.inputValue('#auto-refresh'), '0', 'off by default');
  await page.selectOption('#auto-refresh', '30');
  const requests = recordRequests(page);

  await changeBehindTheBack(vm, { status: 'offline' });
  // 26 s of the page's clock (which also runs on meanwhile): not yet; 30 s: read again.
  await page.clock.runFor(26_000);
  await page.waitForTimeout(300);
  assert.equal(await page.$(`#vm-row-${vm.id} .badge-offline`), null, 'shown before the interval, so not by auto-refresh');
  await page.clock.runFor(5_000);
  await page.waitForSelector(`#vm-row-${vm.id} .badge-offline`, { timeout: 5000 });
  const lists = requests.list().filter((r) => r.path.includes('/virtual_machines'));
  assert.ok(lists.length >= 1 && lists.length <= 2, `${lists.length} list reads in one interval`);

  await page.reload();
  await page.waitForSelector(`#vm-row-${vm.id}`);
  assert.equal(await page.inputValue('#auto-refresh'), '30', 'the choice survives a reload');
});

test('with auto-refresh off, an idle list and an idle VM page send no request in 60 s', async () => {
  const list = await onOwnClock();
  const vmPage = await onOwnClock();
  const vm = await online();
  await gotoVm(vmPage, suite.sim.url, vm, '', '.vm-state .badge-online');
  const seen = [recordRequests(list), recordRequests(vmPage)];
  // A minute of each page's clock, every timer in it run as it falls due.
  await list.clock.runFor(60_000);
  await vmPage.clock.runFor(60_000);
  await list.waitForTimeout(300);
  assert.deepEqual(seen[0].list(), [], 'the list sent requests');
  assert.deepEqual(seen[1].list(), [], 'the VM page sent requests');
});

test('a hidden tab sends nothing, with auto-refresh on or off, and catches up when shown', async () => {
  const on = await onOwnClock();
  const off = await onOwnClock();
  await on.selectOption('#auto-refresh', '30');
  await setHidden(on, true);
  await setHidden(off, true);
  const seen = [recordRequests(on), recordRequests(off)];
  await on.clock.runFor(35_000);
  await off.clock.runFor(35_000);
  await on.waitForTimeout(300);
  assert.deepEqual(seen[0].list(), [], 'a hidden tab with auto-refresh on sent requests');
  assert.deepEqual(seen[1].list(), [], 'a hidden tab with auto-refresh off sent requests');

  // Shown again after more than 30 s: one read, at once.
  await setHidden(on, false);
  await on.waitForTimeout(1500);
  const reads = seen[0].list().filter((r) => r.path.includes('/virtual_machines'));
  assert.equal(reads.length, 1, `${reads.length} reads when the tab was shown again`);
});

test('"Updated N s ago" counts, and a new read starts it again', async () => {
  const { page } = await loggedInPage(suite);
  assert.equal(await page.textContent('#updated-ago'), 'Updated just now');
  await page.waitForFunction(() => /^Updated \d+ s ago$/.test(document.querySelector('#updated-ago')?.textContent ?? ''), null, { timeout: 8000 });
  const first = Number((await page.textContent('#updated-ago')).match(/\d+/)[0]);
  await page.waitForTimeout(2100);
  const later = Number((await page.textContent('#updated-ago')).match(/\d+/)[0]);
  assert.ok(later >= first + 2, `${first} s, then ${later} s`);
  await page.click('#refresh');
  await page.waitForFunction(() => document.querySelector('#updated-ago')?.textContent === 'Updated just now');
});

test('a dialog open while its tab reads again keeps what was typed', async () => {
  const page = await onOwnClock();
  const vm = await online();
  await page.selectOption('#auto-refresh', '30');
  await gotoVm(page, suite.sim.url, vm, 'network', '.nic');
  const requests = recordRequests(page);
  await page.click('.nic .card-actions button:has-text("Edit")');
  await page.waitForSelector('#edit-interface-dialog[open]');
  await page.fill('#nic-label', 'typed while it reloads');
  // The tab's data is read again by auto-refresh under the open dialog.
  await page.clock.runFor(31_000);
  for (let i = 0; i < 20 && !requests.list().some((r) => r.path.includes('/network_interfaces')); i++) {
    await page.waitForTimeout(250);
  }
  assert.ok(requests.list().some((r) => r.path.includes('/network_interfaces')), 'the interfaces were read again');
  await page.waitForTimeout(500);
  assert.ok(await page.isVisible('#edit-interface-dialog[open]'), 'the dialog stays open');
  assert.equal(await page.inputValue('#nic-label'), 'typed while it reloads');
});
