// A firewall rule edited in place and deleted from the Firewall tab's table, in the one rule form, with the lockout guard as on a rule added; and rules added, edited and deleted undone from the activity history, each undo refused when the rule was changed since. Every step is checked through the API.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { accountPath, apiSend, rulesOf as rulesOfNic, vmPicker, vmWithoutRules as vmWithoutRulesOn } from '../support/api.mjs';
import { fillIn } from '../support/pages/forms.mjs';
import { openVm } from '../support/pages/vm.mjs';
import { recordWrites } from '../support/requests.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '40', '--op-ms', '800'], { before, after, afterEach });
const vms = vmPicker(suite);

const rulesOf = (nic) => rulesOfNic(suite.sim.api, nic);
const ports = async (nic) => (await rulesOf(nic)).map((r) => r.port ?? '');
const vmWithoutRules = (policy) => vmWithoutRulesOn(suite.sim.api, vms, policy);
/** A write as method and path, the numbers of the path written N. */
const said = (write) => `${write.method} ${write.path.replace(/\/\d+/g, '/N')}`;

/** The address saved as "my address" in the tests of the guard. */
const MINE = '203.0.113.9';

async function addRule(nic, rule) {
  const { status } = await apiSend(suite.sim.api, 'POST', accountPath(`/network_interface/${nic.id}/firewall_rule`), rule);
  assert.equal(status, 201);
}

/** Opens the edit dialog of `rule` from its row; the form shows once the dialog is open. */
async function openEdit(page, rule) {
  await page.click(`#rule-row-${rule.id} button.rule-edit`);
  await page.waitForSelector('#edit-rule-dialog #edit-rule-port');
}

/** Opens the delete dialog of `rule` from its row. */
async function openDelete(page, rule) {
  await page.click(`#rule-row-${rule.id} button.rule-delete`);
  await page.waitForSelector('#delete-rule-dialog #delete-rule-which');
}

/** Edits the port of `rule` and saves it; waits for the dialog to close and the row to show the port. */
async function editPort(page, rule, port) {
  await openEdit(page, rule);
  await page.fill('#edit-rule-port', port);
  await page.click('#edit-rule-save');
  await page.waitForSelector('#edit-rule-dialog', { state: 'hidden' });
  await page.waitForSelector(`#rule-row-${rule.id}:has-text("${port}")`);
}

/** Deletes `rule`, confirmed once; waits for the dialog to close and the row to go. */
async function deleteRule(page, rule) {
  await openDelete(page, rule);
  await page.click('#delete-rule-dialog #confirm-action');
  await page.waitForSelector('#delete-rule-dialog', { state: 'hidden' });
  await page.waitForSelector(`#rule-row-${rule.id}`, { state: 'detached' });
}

/** A VM with one interface and no rules, its Firewall tab open with "accept tcp 8080" created there. */
async function withARuleCreated() {
  const { vm, nic } = await vmWithoutRules('ACCEPT');
  const handle = await openVm(suite, vm, 'firewall', { ready: '#rule-default' });
  await fillIn(handle.page, { '#rule-port': '8080' });
  await handle.page.click('#rule-create');
  await handle.page.waitForSelector('#unapplied-list li:has-text("8080")');
  assert.deepEqual(await ports(nic), ['8080']);
  return { ...handle, vm, nic };
}

/** Goes to the activity history. */
async function openActivity(page) {
  await page.goto(`${suite.sim.url}/activity`);
  await page.waitForSelector('#activity-table');
}

/** Opens "Undo" on the newest entry of `action`; answers what the dialog then says it sends, or why it sends nothing. */
async function openUndo(page, action) {
  await page.locator('#activity-table tbody tr', { hasText: action }).first().locator('button.activity-undo').click();
  const shown = await page.waitForSelector('#history-undo-step, #history-undo-nothing');
  return shown.textContent();
}

test('a rule is edited in place in the rule form, filled in from it: the API has the new port, the rule keeps its id and place', async () => {
  const { vm, nic } = await vmWithoutRules('ACCEPT');
  await addRule(nic, { command: 'ACCEPT', protocol: 'TCP', address: '', port: '22' });
  await addRule(nic, { command: 'ACCEPT', protocol: 'TCP', address: '', port: '8080' });
  const [ssh, web] = await rulesOf(nic);
  const { page } = await openVm(suite, vm, 'firewall', { ready: '#rule-default' });
  const writes = recordWrites(page);

  await openEdit(page, web);
  assert.match(await page.textContent('#edit-rule-which'), /8080/);
  assert.equal(await page.inputValue('#edit-rule-command'), 'ACCEPT');
  assert.equal(await page.inputValue('#edit-rule-protocol'), 'TCP');
  assert.equal(await page.inputValue('#edit-rule-address'), '');
  assert.equal(await page.inputValue('#edit-rule-port'), '8080');
  assert.equal(await page.locator('#edit-rule-description').count(), 0, 'an edit takes no description');
  // Unchanged, there is nothing to save; made like the first rule, the form says so.
  assert.ok(await page.isDisabled('#edit-rule-save'));
  await page.fill('#edit-rule-port', '22');
  await page.waitForSelector('#edit-rule-warnings:has-text("An identical rule exists already")');
  await page.fill('#edit-rule-port', '8081');
  await page.waitForSelector('#edit-rule-warnings', { state: 'detached' });
  assert.deepEqual(writes.list(), [], 'nothing is sent before "Save the rule"');

  await page.click('#edit-rule-save');
  await page.waitForSelector('#edit-rule-dialog', { state: 'hidden' });
  await page.waitForSelector(`#rule-row-${web.id}:has-text("8081")`);
  const rules = await rulesOf(nic);
  assert.deepEqual(rules.map((r) => [r.id, r.port]), [[ssh.id, '22'], [web.id, '8081']]);
  // One PUT with the documented fields, the rule's interface among them.
  assert.deepEqual(writes.list().map(said), ['PUT /api/account/N/firewall_rule/N']);
  assert.ok(writes.list()[0].path.endsWith(`/firewall_rule/${web.id}`));
  assert.deepEqual(JSON.parse(writes.list()[0].body), { network_interface_id: String(nic.id), command: 'ACCEPT', protocol: 'TCP', address: '', port: '8081' });
  // The table keeps the API's order; the change waits to be applied.
  const rows = await page.locator('#rule-table .rule').evaluateAll((list) => list.map((row) => row.id));
  assert.deepEqual(rows, [`rule-row-${ssh.id}`, `rule-row-${web.id}`]);
  await page.waitForSelector('#unapplied-list li:has-text("8081")');

  await openActivity(page);
  const actions = await page.locator('#activity-table tbody tr').allTextContents();
  assert.ok(actions.some((row) => row.includes('Edit firewall rule')), actions.join('\n'));
});

test('a rule is deleted once confirmed in a dialog that names it: gone in the API', async () => {
  const { vm, nic } = await vmWithoutRules('ACCEPT');
  await addRule(nic, { command: 'ACCEPT', protocol: 'TCP', address: '', port: '22' });
  await addRule(nic, { command: 'DROP', protocol: 'UDP', address: '10.0.0.0/8', port: '1000:2000' });
  const [ssh, udp] = await rulesOf(nic);
  const { page } = await openVm(suite, vm, 'firewall', { ready: '#rule-default' });
  const writes = recordWrites(page);

  await openDelete(page, udp);
  const which = await page.textContent('#delete-rule-which');
  assert.match(which, /1000:2000/);
  assert.match(which, /10\.0\.0\.0\/8/);
  // Closed without confirming, nothing goes.
  await page.keyboard.press('Escape');
  await page.waitForSelector('#delete-rule-dialog', { state: 'hidden' });
  assert.deepEqual(writes.list(), []);
  assert.equal((await rulesOf(nic)).length, 2);

  await deleteRule(page, udp);
  assert.deepEqual((await rulesOf(nic)).map((r) => r.id), [ssh.id]);
  assert.deepEqual(writes.list().map(said), ['DELETE /api/account/N/firewall_rule/N']);
  assert.ok(writes.list()[0].path.endsWith(`/firewall_rule/${udp.id}`));
  await page.waitForSelector('#unapplied-list li:has-text("1000:2000")');
});

test('the lockout guard stops deleting, or making a DROP of, the ACCEPT that keeps my address in, as it stops a DROP added', async () => {
  const { vm, nic } = await vmWithoutRules();
  // The interface lets in only what a rule accepts.
  const { status } = await apiSend(suite.sim.api, 'PUT', accountPath(`/network_interface/${nic.id}`), { default_firewall_policy: 'DROP' });
  assert.equal(status, 200);
  await addRule(nic, { command: 'ACCEPT', protocol: 'TCP', address: MINE, port: '22' });
  await addRule(nic, { command: 'ACCEPT', protocol: 'TCP', address: '10.0.0.0/8', port: '22' });
  const [mine, office] = await rulesOf(nic);
  const { page } = await openVm(suite, vm, 'firewall', { ready: '#rule-default' });
  await page.fill('#tester-source', MINE);
  await page.click('#tester-save-address');
  await page.waitForSelector(`#my-address:has-text("${MINE}")`);
  const writes = recordWrites(page);

  // Deleting my way in: warned, and the first confirmation only arms the guard.
  await openDelete(page, mine);
  await page.waitForSelector(`#delete-rule-dialog #lockout-warning:has-text("your address ${MINE}")`);
  await page.click('#delete-rule-dialog #confirm-action');
  await page.waitForSelector('#delete-rule-dialog #lockout-armed');
  assert.ok(await page.isVisible('#delete-rule-dialog[open]'));
  assert.deepEqual(writes.list(), [], 'nothing was sent after one confirmation');
  assert.equal((await rulesOf(nic)).length, 2);
  await page.keyboard.press('Escape');
  await page.waitForSelector('#delete-rule-dialog', { state: 'hidden' });

  // Another ACCEPT can go without a word: my address still comes in.
  await openDelete(page, office);
  assert.equal(await page.locator('#delete-rule-dialog #lockout-warning').count(), 0);
  await page.keyboard.press('Escape');
  await page.waitForSelector('#delete-rule-dialog', { state: 'hidden' });

  // My ACCEPT made a DROP: the same warning; a second press goes ahead anyway.
  await openEdit(page, mine);
  await page.selectOption('#edit-rule-command', 'DROP');
  await page.waitForSelector(`#edit-rule-dialog #lockout-warning:has-text("your address ${MINE}")`);
  await page.click('#edit-rule-save');
  await page.waitForSelector('#edit-rule-dialog #lockout-armed');
  assert.deepEqual(writes.list(), []);
  assert.equal((await rulesOf(nic)).find((r) => r.id === mine.id)?.command, 'ACCEPT');
  await page.click('#edit-rule-save');
  await page.waitForSelector('#edit-rule-dialog', { state: 'hidden' });
  assert.equal((await rulesOf(nic)).find((r) => r.id === mine.id)?.command, 'DROP');
  assert.deepEqual(writes.list().map(said), ['PUT /api/account/N/firewall_rule/N']);
});

test('a rule added is undone from the activity history: the rule the API gave that id is deleted', async () => {
  const { page, nic } = await withARuleCreated();
  const [rule] = await rulesOf(nic);
  await openActivity(page);
  const writes = recordWrites(page);

  assert.match(await openUndo(page, 'Create firewall rule'), /^Delete accept tcp 8080 from any on /);
  await page.uncheck('#history-undo-apply');
  assert.deepEqual(writes.list(), [], 'nothing is sent before "Undo"');
  await page.click('#history-undo-send');
  await page.waitForSelector('#history-undo-sent .sent-done');
  assert.deepEqual(await rulesOf(nic), []);
  assert.deepEqual(writes.list().map(said), ['DELETE /api/account/N/firewall_rule/N']);
  assert.ok(writes.list()[0].path.endsWith(`/firewall_rule/${rule.id}`));
  // Read again: gone, so nothing is left to undo.
  await page.waitForSelector('#history-undo-nothing:has-text("The rule is not on the interface any more")');
  assert.ok(await page.isDisabled('#history-undo-send'));
});

test('an undo is refused when the rule was changed behind the panel\'s back, also while its dialog is open', async () => {
  const { page, nic } = await withARuleCreated();
  const [rule] = await rulesOf(nic);
  await openActivity(page);
  assert.match(await openUndo(page, 'Create firewall rule'), /^Delete accept tcp 8080 from any on /);
  await page.uncheck('#history-undo-apply');

  // Another user of the account changes the rule now.
  const { status } = await apiSend(suite.sim.api, 'PUT', accountPath(`/firewall_rule/${rule.id}`), { network_interface_id: String(nic.id), command: 'ACCEPT', protocol: 'TCP', address: '', port: '8081' });
  assert.equal(status, 200);
  assert.deepEqual(await ports(nic), ['8081']);
  const writes = recordWrites(page);
  await page.click('#history-undo-send');
  await page.waitForSelector('#history-undo-nothing:has-text("8081")');
  assert.match(await page.textContent('#history-undo-nothing'), /changed since/);
  assert.ok(await page.isDisabled('#history-undo-send'));
  assert.deepEqual(writes.list(), [], 'the rule read just before sending differs: nothing is sent');
  assert.deepEqual(await ports(nic), ['8081']);

  // Opened again, it says so at once.
  await page.keyboard.press('Escape');
  await page.waitForSelector('#history-undo-dialog', { state: 'hidden' });
  assert.match(await openUndo(page, 'Create firewall rule'), /changed since/);
  assert.deepEqual(writes.list(), []);
});

test('an edit and a delete are undone from the activity history: the rule as it was, and the rule added again', async () => {
  const { vm, nic } = await vmWithoutRules('ACCEPT');
  await addRule(nic, { command: 'ACCEPT', protocol: 'TCP', address: '', port: '22' });
  await addRule(nic, { command: 'ACCEPT', protocol: 'TCP', address: '', port: '8080' });
  const [ssh, web] = await rulesOf(nic);
  const { page } = await openVm(suite, vm, 'firewall', { ready: '#rule-default' });
  await editPort(page, ssh, '2222');
  await deleteRule(page, web);
  assert.deepEqual(await ports(nic), ['2222']);
  await openActivity(page);
  const writes = recordWrites(page);

  assert.match(await openUndo(page, 'Edit firewall rule'), /^Change accept tcp 2222 from any to accept tcp 22 from any on /);
  await page.uncheck('#history-undo-apply');
  await page.click('#history-undo-send');
  await page.waitForSelector('#history-undo-sent .sent-done');
  assert.deepEqual((await rulesOf(nic)).map((r) => [r.id, r.port]), [[ssh.id, '22']]);
  await page.keyboard.press('Escape');
  await page.waitForSelector('#history-undo-dialog', { state: 'hidden' });

  assert.match(await openUndo(page, 'Delete firewall rule'), /^Add accept tcp 8080 from any on /);
  await page.uncheck('#history-undo-apply');
  await page.click('#history-undo-send');
  await page.waitForSelector('#history-undo-sent .sent-done');
  assert.deepEqual(await ports(nic), ['22', '8080']);
  assert.deepEqual(writes.list().map(said), ['PUT /api/account/N/firewall_rule/N', 'POST /api/account/N/network_interface/N/firewall_rule']);
  // Back on the interface, the rule deleted has nothing left to undo.
  await page.waitForSelector('#history-undo-nothing:has-text("on the interface again")');
});
