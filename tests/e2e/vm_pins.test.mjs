// Pinned VMs, kept in this panel: starred in the list, first on its first page while no filter is set, in the user's order, moved by keyboard (the focus staying on the arrow, the move read out) and by dragging, kept across a reload, marked in the switcher; read several at once; a pinned VM destroyed elsewhere says so and can be forgotten, and one destroyed from the panel leaves nothing kept of it.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { axeProblems } from '../support/accessibility.mjs';
import { accountPath, apiGet, apiSend, vmPicker } from '../support/api.mjs';
import { loggedInPage } from '../support/pages/login.mjs';
import { gotoVm } from '../support/pages/vm.mjs';
import { recordWrites } from '../support/requests.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '40', '--op-ms', '300'], { before, after, afterEach });
const vms = vmPicker(suite);

const pinnedOrder = (page) => page.$$eval('#pinned-vms .pinned-item', (items) => items.map((i) => i.id.replace('pinned-', '')));

/** The account's part of the panel's keys in this browser, read off its pins. */
const accountKey = (page) => page.evaluate(() => Object.keys(localStorage).find((k) => k.startsWith('vmdeck.pins.')).slice('vmdeck.pins.'.length));

/** The pins, tags and protection choices the panel keeps for `account`. */
const marksKept = (page, account) => page.evaluate((account) => Object.fromEntries(['pins', 'tags', 'protection'].map((kind) => [kind, JSON.parse(localStorage.getItem(`vmdeck.${kind}.${account}`) ?? 'null')])), account);

/** The VMs with a firewall rule not applied yet, kept by this tab for `account`. */
const unappliedKept = (page, account) => page.evaluate((prefix) => Object.keys(sessionStorage).filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length)), `vmdeck.unapplied.${account}.`);

/**
 * The account's other marks for `gone` and `kept`, as the panel keeps them:
 * one tag each, a choice not to protect `gone` and one to protect `kept`,
 * and a rule created on each VM's Firewall tab and not applied yet.
 */
function keepMarks(page, account, gone, kept) {
  return page.evaluate(({ account, gone, kept }) => {
    localStorage.setItem(`vmdeck.tags.${account}`, JSON.stringify({ [gone]: ['web'], [kept]: ['web'] }));
    localStorage.setItem(`vmdeck.protection.${account}`, JSON.stringify({ [gone]: false, [kept]: true }));
    for (const vm of [gone, kept]) sessionStorage.setItem(`vmdeck.unapplied.${account}.${vm}`, JSON.stringify([{ id: '9', rule: 'accept tcp 22' }]));
  }, { account, gone: String(gone.id), kept: String(kept.id) });
}

/** Destroys `vm` through the API, behind the panel's back, and waits until it is gone. */
async function destroyElsewhere(vm) {
  const { status } = await apiSend(suite.sim.api, 'DELETE', accountPath(`/virtual_machine/${vm.id}`));
  assert.ok(status < 300, `destroy answered ${status}`);
  for (let i = 0; i < 50 && (await apiGet(suite.sim.api, accountPath(`/virtual_machine/${vm.id}`))).status !== 404; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until the pinned VMs are `ids`, in that order. */
async function expectPinned(page, ids) {
  await page.waitForFunction(
    (want) => [...document.querySelectorAll('#pinned-vms .pinned-item')].map((i) => i.id.replace('pinned-', '')).join() === want.join(),
    ids,
  );
}

test('VMs pinned from their rows come first in the user\'s order, moved by keyboard and by dragging, kept across a reload', async () => {
  const { page } = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
  const writes = recordWrites(page);
  const [a, b, c] = (await apiGet(suite.sim.api, accountPath('/virtual_machines?limit=3&offset=10'))).body;
  await page.goto(`${suite.sim.url}/vms?offset=10&limit=25`);
  for (const vm of [a, b, c]) {
    await page.click(`#vm-row-${vm.id} .pin-button`);
    assert.equal(await page.getAttribute(`#vm-row-${vm.id} .pin-button`, 'aria-pressed'), 'true');
  }
  assert.equal(await page.$('#pinned-vms'), null, 'not on a page further down the list');

  await page.goto(`${suite.sim.url}/vms`);
  await expectPinned(page, [a.id, b.id, c.id]);
  await page.waitForSelector(`#pinned-${a.id} .badge`);
  assert.match(await page.textContent(`#pinned-${a.id}`), new RegExp(a.hostname.replace(/\./g, '\\.')));
  assert.ok(await page.isDisabled(`#pin-up-${a.id}`), 'the first cannot go up');
  assert.ok(await page.isDisabled(`#pin-down-${c.id}`), 'the last cannot go down');
  assert.deepEqual(await axeProblems(page, 'the list with pinned VMs'), []);

  // By keyboard: the focus stays on the arrow pressed, and the move is read out.
  await page.focus(`#pin-down-${a.id}`);
  await page.keyboard.press('Enter');
  await expectPinned(page, [b.id, a.id, c.id]);
  await page.waitForFunction((id) => document.activeElement?.id === id, `pin-down-${a.id}`);
  await page.keyboard.press('Enter');
  await expectPinned(page, [b.id, c.id, a.id]);
  assert.match(await page.textContent('#pinned-moved'), / is now 3 of 3\.$/);
  // At the end its down arrow is disabled: the focus is on its up arrow.
  await page.waitForFunction((id) => document.activeElement?.id === id, `pin-up-${a.id}`);

  // By dragging: the last dropped on the first takes its place.
  await page.dragAndDrop(`#pinned-${a.id}`, `#pinned-${b.id}`);
  await expectPinned(page, [a.id, b.id, c.id]);

  // Kept across a reload; a filter shows the list without them.
  await page.reload();
  await expectPinned(page, [a.id, b.id, c.id]);
  await page.goto(`${suite.sim.url}/vms?status=${a.status}`);
  await page.waitForSelector('#vm-table tbody tr');
  assert.equal(await page.$('#pinned-vms'), null);

  // The switcher marks a pinned VM.
  await page.keyboard.press('Control+k');
  await page.waitForSelector('#switcher[open]');
  await page.fill('#switcher-input', a.hostname);
  await page.waitForSelector(`#switcher-results a[href="/vms/${a.id}"]`);
  assert.match(await page.textContent(`#switcher-results a[href="/vms/${a.id}"]`), /★ /);
  await page.keyboard.press('Escape');

  // Unpinned from the section: gone from it, and the others keep their order.
  await page.goto(`${suite.sim.url}/vms`);
  await expectPinned(page, [a.id, b.id, c.id]);
  await page.click(`#pinned-${b.id} .pin-button`);
  await expectPinned(page, [a.id, c.id]);
  assert.equal(await page.getAttribute(`#vm-row-${b.id} .pin-button`, 'aria-pressed'), 'false');
  assert.deepEqual(writes.list(), [], 'pins are not the API\'s: nothing was sent');
});

test('a pinned VM destroyed through the API is named as gone, and can be unpinned', async () => {
  const { page } = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
  const [vm] = (await apiGet(suite.sim.api, accountPath('/virtual_machines?limit=1&offset=30'))).body;
  await page.goto(`${suite.sim.url}/vms?offset=30&limit=25`);
  await page.click(`#vm-row-${vm.id} .pin-button`);
  await destroyElsewhere(vm);
  await page.goto(`${suite.sim.url}/vms`);
  await page.waitForSelector(`#pinned-${vm.id}:has-text("no longer in this account")`);
  assert.match(await page.textContent(`#pinned-${vm.id}`), new RegExp(`VM ${vm.id}`));
  await page.click(`#pinned-${vm.id} .pin-button`);
  await page.waitForSelector('#pinned-vms', { state: 'detached' });
  assert.deepEqual(await pinnedOrder(page), []);
});

test('a pinned VM gone from the account can be forgotten: its pin, its tags, its protection choice and its unapplied rules go; another VM keeps its own', async () => {
  const { page } = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
  const gone = await vms.take();
  const kept = await vms.take();
  await page.goto(`${suite.sim.url}/vms?limit=100`);
  for (const vm of [gone, kept]) {
    await page.click(`#vm-row-${vm.id} .pin-button`);
    await page.waitForSelector(`#vm-row-${vm.id} .pin-button[aria-pressed="true"]`);
  }
  const account = await accountKey(page);
  await keepMarks(page, account, gone, kept);
  await destroyElsewhere(gone);

  await page.goto(`${suite.sim.url}/vms`);
  await page.waitForSelector(`#pinned-${gone.id}:has-text("no longer in this account")`);
  // Only the service's word that it is gone: nothing is forgotten until asked.
  assert.deepEqual((await marksKept(page, account)).pins, [String(gone.id), String(kept.id)]);
  assert.equal(await page.getAttribute(`#pin-forget-${gone.id}`, 'aria-label'), `Forget VM ${gone.id}: its pin, its tags and its protection in this browser`);
  assert.equal(await page.locator(`#pin-forget-${kept.id}`).count(), 0, 'a VM still there offers no forgetting');
  await page.click(`#pin-forget-${gone.id}`);
  await expectPinned(page, [kept.id]);
  assert.deepEqual(await marksKept(page, account), { pins: [String(kept.id)], tags: { [kept.id]: ['web'] }, protection: { [kept.id]: true } });
  assert.deepEqual(await unappliedKept(page, account), [String(kept.id)]);
});

test('a VM destroyed from the panel takes its pin, its tags, its protection choice and its unapplied firewall rules with it; another VM keeps its own', async () => {
  const { page } = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
  const gone = await vms.take({ status: 'offline' });
  const kept = await vms.take({ status: 'offline' });
  await page.goto(`${suite.sim.url}/vms?status=offline&limit=100`);
  for (const vm of [gone, kept]) {
    await page.click(`#vm-row-${vm.id} .pin-button`);
    await page.waitForSelector(`#vm-row-${vm.id} .pin-button[aria-pressed="true"]`);
  }
  const account = await accountKey(page);
  await keepMarks(page, account, gone, kept);

  await gotoVm(page, suite.sim.url, gone, 'settings', '#open-destroy');
  await page.click('#open-destroy');
  await page.fill('#destroy-typed', gone.hostname);
  await page.click('#destroy-dialog #confirm-action');
  await page.waitForURL(`${suite.sim.url}/vms`);
  // The task tray follows the destroy to its end and finds the VM gone.
  await page.waitForFunction(({ key, id }) => !(JSON.parse(localStorage.getItem(key) ?? '[]')).includes(id), { key: `vmdeck.pins.${account}`, id: String(gone.id) }, { timeout: 10000 });
  assert.deepEqual(await marksKept(page, account), { pins: [String(kept.id)], tags: { [kept.id]: ['web'] }, protection: { [kept.id]: true } });
  assert.deepEqual(await unappliedKept(page, account), [String(kept.id)]);
  await page.waitForSelector(`#pinned-${kept.id}`);
  assert.equal(await page.locator(`#pinned-${gone.id}`).count(), 0, 'no "no longer in this account" for a VM the panel destroyed');
});

test('the pinned VMs are read several at once, not one after the other', async () => {
  const { page } = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
  const vms = (await apiGet(suite.sim.api, accountPath('/virtual_machines?limit=8&offset=20'))).body;
  await page.goto(`${suite.sim.url}/vms?offset=20&limit=25`);
  for (const vm of vms) await page.click(`#vm-row-${vm.id} .pin-button`);
  try {
    // Slow answers: one read after the other would never overlap.
    await suite.sim.setFaults({ latency_ms: 300 });
    await page.goto(`${suite.sim.url}/vms`);
    await expectPinned(page, vms.map((vm) => vm.id));
    for (const vm of vms) await page.waitForSelector(`#pinned-${vm.id} .badge`);
    const reads = await page.evaluate(() => performance.getEntriesByType('resource')
      .filter((e) => /\/virtual_machine\/\d+$/.test(new URL(e.name).pathname))
      .map((e) => [e.startTime, e.responseEnd]));
    assert.equal(reads.length, vms.length, 'one read per pinned VM');
    const most = Math.max(...reads.map(([start]) => reads.filter(([s, end]) => s <= start && start < end).length));
    assert.ok(most > 1 && most <= 6, `at most ${most} of the reads were on their way at once (more than one, at most six)`);
  } finally {
    await suite.sim.setFaults();
  }
  for (const vm of vms) await page.click(`#pinned-${vm.id} .pin-button`);
  await page.waitForSelector('#pinned-vms', { state: 'detached' });
});
