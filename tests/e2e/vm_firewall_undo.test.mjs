// Applying firewall rules with undo: the firewall as it was is kept before the apply, a countdown on every page offers "Keep the change" and "Undo now", and when the time runs out (also while the panel was away from the tab) the rules added are deleted and the VM's rules applied again, checked through the API. A restore that fails says what is left and tries again.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { accountPath, apiSend, rulesOf as rulesOfNic, vmPicker, vmWithoutRules as vmWithoutRulesOn } from '../support/api.mjs';
import { fillIn } from '../support/pages/forms.mjs';
import { openVm } from '../support/pages/vm.mjs';
import { recordWrites } from '../support/requests.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '30', '--op-ms', '800'], { before, after, afterEach });
const vms = vmPicker(suite);

const rulesOf = (nic) => rulesOfNic(suite.sim.api, nic);
const ports = async (nic) => (await rulesOf(nic)).map((r) => r.port ?? '');

/** The least time a change waits to be kept, and a margin for the restore's requests. */
const LEAST_SECONDS = 15;
const RESTORED_WITHIN_MS = (LEAST_SECONDS + 15) * 1000;

async function setFaults(faults = {}) {
  const response = await fetch(`${suite.sim.url}/_sim/faults`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(faults) });
  assert.equal(response.status, 200, await response.text());
}

/**
 * A VM whose one interface has the rule "accept tcp 22" applied, its
 * Firewall tab open with "accept tcp 8080" created there and not applied.
 */
async function withARuleAdded() {
  const { vm, nic } = await vmWithoutRulesOn(suite.sim.api, vms);
  const { status } = await apiSend(suite.sim.api, 'POST', accountPath(`/network_interface/${nic.id}/firewall_rule`), { command: 'ACCEPT', protocol: 'TCP', port: '22' });
  assert.equal(status, 201);
  const handle = await openVm(suite, vm, 'firewall', { ready: '#rule-default' });
  await fillIn(handle.page, { '#rule-port': '8080' });
  await handle.page.click('#rule-create');
  await handle.page.waitForSelector('#unapplied-list li:has-text("8080")');
  assert.deepEqual(await ports(nic), ['22', '8080']);
  return { ...handle, vm, nic };
}

/** Applies with undo, waiting `seconds` to be kept; the countdown shows. */
async function applyWithUndo(page, seconds) {
  await page.check('#apply-undo-on');
  await page.fill('#apply-undo-seconds', String(seconds));
  await page.click('#apply-rules');
  await page.waitForSelector('#undo-countdown');
  await page.waitForSelector('#unapplied-none');
}

test('an apply with undo that runs out deletes what was added and applies again; the history records both', async () => {
  const { page, nic } = await withARuleAdded();
  const writes = recordWrites(page);
  // Out of bounds, the time is refused where it is typed and nothing is sent.
  await page.check('#apply-undo-on');
  await page.fill('#apply-undo-seconds', '5');
  await page.click('#apply-rules');

  await page.waitForSelector('#apply-undo-seconds-error:has-text("From 15 to 600 seconds.")');
  assert.deepEqual(writes.list(), []);

  await applyWithUndo(page, LEAST_SECONDS);
  assert.match(await page.textContent('#undo-countdown'), /In 0:1[0-5] it is put back as it was/);
  // The countdown follows the user to another page.
  await page.click('nav a[href="/interfaces"]');
  await page.waitForURL(/\/interfaces$/);
  await page.waitForSelector('#undo-countdown');
  await page.waitForSelector('#undo-restored', { timeout: RESTORED_WITHIN_MS });
  assert.deepEqual(await ports(nic), ['22'], 'the rule added is gone, the one before stays');
  const sent = writes.list().map((w) => `${w.method} ${w.path.replace(/\/\d+/g, '/N')}`);
  assert.deepEqual(sent, [
    'POST /api/account/N/virtual_machine/N/apply_firewall_rules',
    'DELETE /api/account/N/firewall_rule/N',
    'POST /api/account/N/virtual_machine/N/apply_firewall_rules',
  ]);
  await page.click('nav a[href="/activity"]');
  await page.waitForSelector('#activity-table');
  const actions = await page.locator('#activity-table tbody tr').allTextContents();
  assert.ok(actions.some((row) => row.includes('Delete firewall rule')), actions.join('\n'));
  assert.ok(actions.filter((row) => row.includes('Apply firewall rules')).length >= 2, actions.join('\n'));
});

test('a change kept stays: nothing is deleted, and a reload shows no countdown', async () => {
  const { page, nic } = await withARuleAdded();
  await applyWithUndo(page, 60);
  const writes = recordWrites(page);
  await page.click('#undo-keep');
  await page.waitForSelector('#undo-bar', { state: 'detached' });
  await page.reload();
  await page.waitForSelector('#rule-default');
  assert.equal(await page.locator('#undo-bar').count(), 0);
  assert.deepEqual(await ports(nic), ['22', '8080']);
  assert.deepEqual(writes.list(), []);
});

test('the panel left during the countdown and opened again in the tab puts the firewall back at once', async () => {
  const { page, nic, vm } = await withARuleAdded();
  await applyWithUndo(page, LEAST_SECONDS);
  await page.goto('about:blank');
  await new Promise((resolve) => setTimeout(resolve, (LEAST_SECONDS + 1) * 1000));
  assert.deepEqual(await ports(nic), ['22', '8080'], 'nothing runs while the panel is away');
  await page.goto(`${suite.sim.url}/vms/${vm.id}/firewall`);
  await page.waitForSelector('#undo-restored', { timeout: 15000 });
  assert.deepEqual(await ports(nic), ['22']);
  // The tab shows the rules as they are back, and nothing waiting to be applied.
  await page.waitForFunction(() => document.querySelectorAll('#rule-table .rule').length === 1);
  await page.waitForSelector('#unapplied-none');
});

test('a restore that fails says what is left, and tries again until the service answers', async () => {
  const { page, nic } = await withARuleAdded();
  // The service refuses the delete once.
  let refused = 0;
  await page.route('**/api/account/*/firewall_rule/*', async (route) => {
    if (route.request().method() === 'DELETE' && refused === 0) {
      refused += 1;
      await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ errors: { base: ['Service unavailable'] } }) });
    } else {
      await route.continue();
    }
  });
  await applyWithUndo(page, LEAST_SECONDS);
  await page.click('#undo-now');
  await page.waitForSelector('#undo-left', { timeout: 15000 });
  const left = await page.locator('#undo-left li').allTextContents();
  assert.equal(left.length, 2, left.join('\n'));
  assert.match(left[0], /^Delete accept tcp 8080 from any on /);
  assert.equal(left[1], "Apply the VM's firewall rules");
  assert.deepEqual(await ports(nic), ['22', '8080']);
  // Tried again on its own.
  await page.waitForSelector('#undo-restored', { timeout: 20000 });
  assert.equal(refused, 1);
  assert.deepEqual(await ports(nic), ['22']);
});

test('with the service failing, the restore waits to read the firewall, and "Try again" finishes it', async () => {
  const { page, nic } = await withARuleAdded();
  await applyWithUndo(page, 60);
  await setFaults({ error_rate: 1 });
  try {
    await page.click('#undo-now');
    await page.waitForSelector('#undo-left', { timeout: 20000 });
    assert.match(await page.textContent('#undo-left'), /Read the firewall as it is now/);
  } finally {
    await setFaults();
  }
  await page.click('#undo-bar .notice-error button');
  await page.waitForSelector('#undo-restored', { timeout: 15000 });
  assert.deepEqual(await ports(nic), ['22']);
});
