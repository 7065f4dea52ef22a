// Applying firewall rules, setting a default policy or importing a rule set with undo, and undoing a rule created or a policy set from the activity history: the firewall as it was is kept before the apply, a countdown on every page offers "Keep the change" and "Undo now", and when the time runs out (also while the panel was away from the tab) the rules added are deleted and the VM's rules applied again, checked through the API. A restore that fails says what is left and tries again.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { accountPath, apiSend, nicsOf, rulesOf as rulesOfNic, vmPicker, vmWithoutRules as vmWithoutRulesOn } from '../support/api.mjs';
import { fillIn } from '../support/pages/forms.mjs';
import { openPolicyDialog, setPolicyDrop } from '../support/pages/network.mjs';
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
  await suite.sim.setFaults({ error_rate: 1 });
  try {
    await page.click('#undo-now');
    await page.waitForSelector('#undo-left', { timeout: 20000 });
    assert.match(await page.textContent('#undo-left'), /Read the firewall as it is now/);
  } finally {
    await suite.sim.setFaults();
  }
  await page.click('#undo-bar .notice-error button');
  await page.waitForSelector('#undo-restored', { timeout: 15000 });
  assert.deepEqual(await ports(nic), ['22']);
});

test('a default policy set with undo is applied at once, and "Undo now" sets the old one back and applies again', async () => {
  const { vm, nic } = await vmWithoutRulesOn(suite.sim.api, vms, 'ACCEPT');
  const { page } = await openVm(suite, vm, 'network', { ready: '.nic' });
  const writes = recordWrites(page);
  await openPolicyDialog(page, page.locator('.nic button:text("Default policy")').first());
  await page.check('#policy-drop');
  await page.check('#policy-undo-on');
  // The dialog shows both requests it will send.
  await page.click('#dialog-request summary');
  await page.waitForFunction(() => /apply_firewall_rules/.test(document.querySelector('#dialog-request')?.textContent ?? ''));
  await page.click('#policy-dialog #confirm-action');
  if (await page.isVisible('#lockout-armed')) await page.click('#policy-dialog #confirm-action');
  await page.waitForSelector('#undo-countdown');
  await page.waitForSelector('#policy-dialog', { state: 'hidden' });
  assert.equal((await nicsOf(suite.sim.api, vm)).find((n) => n.id === nic.id)?.default_firewall_policy, 'DROP');
  // Once the apply is done, "Undo now".
  await page.waitForSelector('.vm-state .busy', { state: 'detached' });
  await page.click('#undo-now');
  await page.waitForSelector('#undo-restored', { timeout: RESTORED_WITHIN_MS });
  // The page learns that the restore's apply made the VM busy, and then free.
  await page.waitForSelector('.vm-state .busy');
  await page.waitForSelector('.vm-state .busy', { state: 'detached' });
  assert.equal((await nicsOf(suite.sim.api, vm)).find((n) => n.id === nic.id)?.default_firewall_policy, 'ACCEPT');
  assert.deepEqual(writes.list().map((w) => `${w.method} ${w.path.replace(/\/\d+/g, '/N')}`), [
    'PUT /api/account/N/network_interface/N',
    'POST /api/account/N/virtual_machine/N/apply_firewall_rules',
    'PUT /api/account/N/network_interface/N',
    'POST /api/account/N/virtual_machine/N/apply_firewall_rules',
  ]);
});

test('a rule set imported with undo is applied once sent, and put back when its time runs out', async () => {
  const { page, nic } = await withARuleAdded();
  await page.click('#import-rules');
  await page.selectOption('#import-set', { label: 'Web server' });
  await page.uncheck('#import-set-policy');
  await page.check('#import-undo-on');
  await page.fill('#import-undo-seconds', String(LEAST_SECONDS));
  await page.click('#import-send');
  await page.waitForSelector('#undo-countdown');
  await page.waitForFunction(() => document.querySelectorAll('#import-sent .sent-done').length === 1);
  // The rules created before and with the set are applied with it.
  await page.waitForSelector('#unapplied-none');
  assert.deepEqual(await ports(nic), ['22', '8080', '80,443']);
  await page.waitForSelector('#undo-restored', { timeout: RESTORED_WITHIN_MS });
  assert.deepEqual(await ports(nic), ['22'], 'what was not applied before the change, and the set, are gone');
});

test('a rule created and a policy set are undone from the activity history after a preview; one changed since has nothing to undo', async () => {
  const { page, nic, vm } = await withARuleAdded();
  await page.goto(`${suite.sim.url}/vms/${vm.id}/network`);
  await page.waitForSelector('.nic');
  assert.equal(await setPolicyDrop(page, page.locator('.nic button:text("Default policy")').first()), false, 'SSH stays open to everyone');
  await page.waitForSelector('#policy-dialog', { state: 'hidden' });
  await page.goto(`${suite.sim.url}/activity`);
  await page.waitForSelector('#activity-table');
  const row = (action) => page.locator('#activity-table tbody tr', { hasText: action }).first();
  const writes = recordWrites(page);

  await row('Create firewall rule').locator('button.activity-undo').click();
  await page.waitForSelector('#history-undo-step');
  assert.equal(await page.textContent('#history-undo-step'), 'Delete accept tcp 8080 from any on eth0');
  assert.ok(await page.isChecked('#history-undo-apply'));
  await page.uncheck('#history-undo-apply');
  assert.deepEqual(writes.list(), [], 'nothing is sent before "Undo"');
  await page.click('#history-undo-send');
  await page.waitForSelector('#history-undo-sent .sent-done');
  assert.deepEqual(await ports(nic), ['22']);
  // Read again: it is gone, so there is nothing left to undo.
  await page.waitForSelector('#history-undo-nothing:has-text("The rule is not on the interface any more")');
  assert.ok(await page.isDisabled('#history-undo-send'));
  await page.keyboard.press('Escape');

  // Each entry opened starts afresh, the apply on.
  await row('Set default policy').locator('button.activity-undo').click();
  await page.waitForSelector('#history-undo-step:has-text("ACCEPT")');
  assert.ok(await page.isChecked('#history-undo-apply'));
  await page.click('#history-undo-send');
  await page.waitForFunction(() => document.querySelectorAll('#history-undo-sent .sent-done').length === 2);
  assert.equal((await nicsOf(suite.sim.api, vm)).find((n) => n.id === nic.id)?.default_firewall_policy, 'ACCEPT');
  assert.deepEqual(writes.list().map((w) => `${w.method} ${w.path.replace(/\/\d+/g, '/N')}`), [
    'DELETE /api/account/N/firewall_rule/N',
    'PUT /api/account/N/network_interface/N',
    'POST /api/account/N/virtual_machine/N/apply_firewall_rules',
  ]);
  // The undo is an entry of its own, and the policy set by it can be undone too; the one before cannot any more.
  await page.keyboard.press('Escape');
  await page.waitForSelector('#activity-table tbody tr:first-child:has-text("Apply firewall rules")');
  const policyRows = page.locator('#activity-table tbody tr', { hasText: 'Set default policy' });
  assert.equal(await policyRows.count(), 2);
  await policyRows.nth(1).locator('button.activity-undo').click();
  await page.waitForSelector('#history-undo-nothing:has-text("The default policy is ACCEPT now")');
});
