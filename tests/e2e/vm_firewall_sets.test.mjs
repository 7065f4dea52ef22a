// Firewall rule sets, on the Firewall tab and on several interfaces at once from the interfaces page: the panel's own (SSH only, web, mail, all but my address) and the provider's from config.json, chosen in the import dialog; each rule shown as new or there already, the set's default policy set after its rules, and a set that would shut the user's saved address out of SSH asks again.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { accountPath, apiSend, nicsOf, rulesOf as rulesOfNic, untilIdle, vmPicker, vmWithoutRules as vmWithoutRulesOn } from '../support/api.mjs';
import { loggedInPage } from '../support/pages/login.mjs';
import { openVm } from '../support/pages/vm.mjs';
import { recordWrites } from '../support/requests.mjs';
import { deployedCopy } from '../support/simulator.mjs';
import { useSuite } from '../support/suite.mjs';

const OFFICE = { name: 'Office only', policy: 'DROP', rules: ['accept tcp 22 from 203.0.113.0/24 # office', 'accept tcp 443 from 203.0.113.0/24'] };
const deployed = deployedCopy('firewall-sets', (built) => ({ ...built, firewall_sets: [OFFICE, { name: 'Broken', rules: ['accept tcp 99999'] }] }));
const suite = useSuite(['--vms', '30', '--op-ms', '300', '--dist', deployed.dir], { before, after, afterEach });
after(deployed.remove);
const vms = vmPicker(suite);

const rulesOf = (nic) => rulesOfNic(suite.sim.api, nic);

/** The set's options as the dialog lists them. */
const setNames = (page) => page.locator('#import-set option').allTextContents();

test('a built-in set adds only what is new, then sets its default policy, each request in order', async () => {
  const { vm, nic } = await vmWithoutRulesOn(suite.sim.api, vms, 'ACCEPT');
  const { status } = await apiSend(suite.sim.api, 'POST', accountPath(`/network_interface/${nic.id}/firewall_rule`), { command: 'ACCEPT', protocol: 'TCP', port: '22', description: 'SSH' });
  assert.equal(status, 201);
  const { page } = await openVm(suite, vm, 'firewall', { ready: '#rule-table' });
  const writes = recordWrites(page);
  await page.click('#import-rules');
  // The panel's sets, then the provider's readable one; "all but my address" waits for a saved address.
  assert.deepEqual(await setNames(page), ['—', 'SSH only', 'Web server', 'Mail server', 'Office only']);
  await page.selectOption('#import-set', { label: 'Web server' });
  assert.equal(await page.inputValue('#import-dialog textarea'), 'accept tcp 22 from any # SSH\naccept tcp 80,443 from any # HTTP, HTTPS');
  const rows = await page.locator('#import-preview tbody tr').evaluateAll((trs) => trs.map((tr) => tr.className));
  assert.deepEqual(rows, ['verdict-present', 'verdict-added']);
  assert.ok(await page.isChecked('#import-set-policy'));
  assert.match(await page.textContent('#import-dialog .checkbox'), /default policy to DROP/);
  assert.deepEqual(writes.list(), [], 'nothing is sent before "Add"');

  await page.click('#import-send');
  await page.waitForFunction(() => document.querySelectorAll('#import-sent .sent-done').length === 2);
  // The tab reads the interface again with its new policy; the dialog and its results stay.
  await page.waitForFunction(() => document.querySelector('#rule-default .badge')?.textContent === 'DROP');
  assert.equal(await page.locator('#import-sent .sent-done').count(), 2);
  assert.ok(await page.isVisible('#import-send'));
  assert.deepEqual(writes.list().map((w) => `${w.method} ${w.path.split('/').slice(-2).join('/')}`), [
    'POST ' + `${nic.id}/firewall_rule`,
    'PUT ' + `network_interface/${nic.id}`,
  ]);
  assert.deepEqual((await rulesOf(nic)).map((r) => r.port), ['22', '80,443']);
  const [after] = await nicsOf(suite.sim.api, vm);
  assert.equal(after.default_firewall_policy, 'DROP');
});

test("the provider's set that would shut the saved address out of SSH asks again before anything is sent", async () => {
  const { vm, nic } = await vmWithoutRulesOn(suite.sim.api, vms, 'ACCEPT');
  const { page } = await openVm(suite, vm, 'firewall', { ready: '#rule-default' });
  await page.fill('#tester-source', '198.51.100.7');
  await page.click('#tester-save-address');
  const writes = recordWrites(page);
  await page.click('#import-rules');
  assert.ok((await setNames(page)).includes('Deny all but my address'));
  // A set that lets SSH in from everyone shuts nobody out, its DROP policy notwithstanding.
  await page.selectOption('#import-set', { label: 'Web server' });
  await page.waitForSelector('#import-preview');
  assert.equal(await page.locator('#import-dialog #lockout-warning').count(), 0);
  await page.selectOption('#import-set', { label: 'Office only' });
  assert.equal(await page.textContent('#import-send'), 'Add 2 rules');
  await page.click('#import-send');
  await page.waitForSelector('#import-dialog #lockout-warning');
  assert.deepEqual(writes.list(), [], 'the first press only warns');
  // Without the policy the set shuts nothing: the warning goes.
  await page.uncheck('#import-set-policy');
  await page.waitForSelector('#import-dialog #lockout-warning', { state: 'detached' });
  await page.check('#import-set-policy');
  await page.waitForSelector('#import-dialog #lockout-warning');
  await page.click('#import-send');
  await page.waitForSelector('#import-dialog #lockout-armed');
  await page.click('#import-send');
  await page.waitForFunction(() => document.querySelectorAll('#import-sent .sent-done').length === 3);
  assert.deepEqual((await rulesOf(nic)).map((r) => [r.port, r.address, r.description ?? null]), [['22', '203.0.113.0/24', 'office'], ['443', '203.0.113.0/24', null]]);
});

test('a set applied to three interfaces of two VMs: one refused by the API says why, the others are done and applied', async () => {
  const { vm: first, nic: a } = await vmWithoutRulesOn(suite.sim.api, vms, 'ACCEPT');
  const { vm: second, nic: c } = await vmWithoutRulesOn(suite.sim.api, vms, 'ACCEPT');
  // A second interface on the first VM, on the private network.
  const added = await apiSend(suite.sim.api, 'POST', accountPath(`/virtual_machine/${first.id}/network_interface`), { network_id: '2', label: 'backend' });
  assert.ok([201, 202].includes(added.status), JSON.stringify(added.body));
  const b = added.body.network_interface ?? added.body;
  await untilIdle(suite.sim.api);
  const { page } = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
  await page.goto(`${suite.sim.url}/interfaces`);
  await page.waitForSelector('#nics-table');
  for (const nic of [a, b, c]) await page.check(`#nic-pick-${nic.id}`);
  assert.equal(await page.textContent('#nics-apply-set'), 'Apply a rule set to the 3 chosen');
  // The API refuses the rules of the first VM's second interface.
  await page.route(`**/network_interface/${b.id}/firewall_rule`, (route) => route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ errors: { base: ['Firewall rules are locked on this interface'] } }) }));
  const writes = recordWrites(page);
  await page.click('#nics-apply-set');
  await page.selectOption('#apply-set-set', { label: 'Web server' });
  await page.waitForFunction(() => document.querySelectorAll('#apply-set-preview tbody tr td').length === 9);
  const preview = await page.locator('#apply-set-preview tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent)));
  assert.deepEqual(preview.map((row) => row.slice(1)), Array(3).fill(['2 to add, 0 there already', 'DROP', 'No lockout']));
  // On a phone the preview is a block per interface, its facts labelled, not a table to scroll sideways.
  const wide = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 700 });
  const phone = await page.evaluate(() => {
    const table = document.querySelector('#apply-set-preview');
    return { overflow: table.parentElement.scrollWidth - table.parentElement.clientWidth, label: getComputedStyle(table.querySelector('tbody td[data-label]'), '::before').content };
  });
  assert.ok(phone.overflow <= 0, `the preview reaches ${phone.overflow} px past its box at 320 px`);
  assert.equal(phone.label, '"Rules: "');
  await page.setViewportSize(wide);
  assert.deepEqual(writes.list(), [], 'nothing is sent before "Add"');

  await page.click('#apply-set-send');
  await page.waitForFunction(() => !document.querySelector('#apply-set-dialog .sent-waiting') && document.querySelectorAll('#apply-set-dialog .sent-done').length === 7);
  // The refused interface: its reason, and nothing after it.
  const refused = page.locator('#apply-set-dialog .sent-failed');
  assert.equal(await refused.count(), 1);
  assert.match(await refused.textContent(), /Firewall rules are locked on this interface/);
  assert.deepEqual((await rulesOf(a)).map((r) => r.port), ['22', '80,443']);
  assert.deepEqual(await rulesOf(b), []);
  assert.deepEqual((await rulesOf(c)).map((r) => r.port), ['22', '80,443']);
  // One request at a time, VM by VM; the first VM, with a refusal, is not applied.
  const sent = writes.list().map((w) => `${w.method} ${w.path.replace(/^\/api\/account\/\d+/, '')}`);
  assert.deepEqual(sent, [
    `POST /network_interface/${a.id}/firewall_rule`, `POST /network_interface/${a.id}/firewall_rule`, `PUT /network_interface/${a.id}`,
    `POST /network_interface/${b.id}/firewall_rule`,
    `POST /network_interface/${c.id}/firewall_rule`, `POST /network_interface/${c.id}/firewall_rule`, `PUT /network_interface/${c.id}`,
    `POST /virtual_machine/${second.id}/apply_firewall_rules`,
  ]);
  const [secondNic] = await nicsOf(suite.sim.api, second);
  assert.equal(secondNic.default_firewall_policy, 'DROP');
  // Read again: the interfaces done have nothing left to send, the refused one all of it.
  await page.waitForFunction(() => [...document.querySelectorAll('#apply-set-preview tbody tr')].map((tr) => tr.cells[2].textContent).join() === '—,DROP,—');
});

test("an interface's rules saved as a set of one's own are offered at once, here and on the interfaces page, and go on a second press of Delete", async () => {
  const { vm, nic } = await vmWithoutRulesOn(suite.sim.api, vms, 'ACCEPT');
  for (const port of ['22', '8443']) {
    const { status } = await apiSend(suite.sim.api, 'POST', accountPath(`/network_interface/${nic.id}/firewall_rule`), { command: 'ACCEPT', protocol: 'TCP', port, address: '203.0.113.0/24' });
    assert.equal(status, 201);
  }
  assert.equal((await apiSend(suite.sim.api, 'PUT', accountPath(`/network_interface/${nic.id}`), { default_firewall_policy: 'DROP' })).status, 200);
  const { page } = await openVm(suite, vm, 'firewall', { ready: '#rule-table' });
  const writes = recordWrites(page);
  await page.click('#save-set');
  await page.waitForSelector('#saved-sets-none');
  await page.click('#save-set-save');
  await page.waitForSelector('#save-set-name-error:has-text("Give the set a name.")');
  await page.fill('#save-set-name', 'Office admin');
  await page.click('#save-set-save');
  await page.waitForSelector('#save-set-saved');
  assert.equal(await page.textContent('#saved-sets li'), 'Office admin rules: 2, default policy DROPDelete');
  const kept = async () => page.evaluate(() => Object.entries(localStorage).filter(([key]) => key.startsWith('vmdeck.rule_sets.')).map(([key, value]) => [key.replace(/^vmdeck\.rule_sets\.[^#]+/, ''), JSON.parse(value)]));
  assert.deepEqual(await kept(), [['#1', [{ name: 'Office admin', policy: 'DROP', rules: ['accept tcp 22 from 203.0.113.0/24', 'accept tcp 8443 from 203.0.113.0/24'] }]]]);
  // The same name again takes its place.
  await page.fill('#save-set-name', ' office ADMIN ');
  await page.waitForSelector('#save-set-replaces');
  await page.click('#save-set-save');
  await page.waitForSelector('#save-set-saved:has-text("office ADMIN")');
  assert.equal(await page.locator('#saved-sets li').count(), 1);
  await page.keyboard.press('Escape');

  // Offered in the import without a reload, after the panel's and the provider's.
  await page.click('#import-rules');
  assert.deepEqual(await setNames(page), ['—', 'SSH only', 'Web server', 'Mail server', 'Office only', 'office ADMIN']);
  await page.selectOption('#import-set', { label: 'office ADMIN' });
  assert.equal(await page.inputValue('#import-dialog textarea'), 'accept tcp 22 from 203.0.113.0/24\naccept tcp 8443 from 203.0.113.0/24');
  assert.deepEqual(await page.locator('#import-preview tbody tr').evaluateAll((trs) => trs.map((tr) => tr.className)), ['verdict-present', 'verdict-present']);
  await page.keyboard.press('Escape');
  assert.deepEqual(writes.list(), [], 'saving a set sends nothing');

  await page.goto(`${suite.sim.url}/interfaces`);
  await page.waitForSelector('#nics-table');
  await page.check(`#nic-pick-${nic.id}`);
  await page.click('#nics-apply-set');
  assert.ok((await page.locator('#apply-set-set option').allTextContents()).includes('office ADMIN'));

  await page.goto(`${suite.sim.url}/vms/${vm.id}/firewall`);
  await page.click('#save-set');
  const remove = page.locator('#saved-sets li button');
  await remove.click();
  assert.equal(await remove.textContent(), 'Press again to delete “office ADMIN”');
  assert.equal((await kept()).length, 1, 'the first press only asks');
  await remove.click();
  await page.waitForSelector('#saved-sets-none');
  assert.deepEqual(await kept(), []);
});

test('a set applied to two VMs with undo, its rules that would never decide said first, applies both, and "Undo now" puts both back, VM by VM', async () => {
  const { vm: first, nic: a } = await vmWithoutRulesOn(suite.sim.api, vms, 'ACCEPT');
  const { vm: second, nic: b } = await vmWithoutRulesOn(suite.sim.api, vms, 'ACCEPT');
  // The second VM drops every TCP packet first: the set's rules there would never decide.
  assert.equal((await apiSend(suite.sim.api, 'POST', accountPath(`/network_interface/${b.id}/firewall_rule`), { command: 'DROP', protocol: 'TCP' })).status, 201);
  const { page } = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
  await page.goto(`${suite.sim.url}/interfaces`);
  await page.waitForSelector('#nics-table');
  for (const nic of [a, b]) await page.check(`#nic-pick-${nic.id}`);
  await page.click('#nics-apply-set');
  await page.selectOption('#apply-set-set', { label: 'Web server' });
  await page.uncheck('#apply-set-apply');
  await page.check('#apply-set-undo-on');
  await page.waitForSelector('#apply-set-undo-applies');
  await page.fill('#apply-set-undo-seconds', '600');
  await page.waitForFunction(() => document.querySelectorAll('#apply-set-preview tbody tr td').length === 6);
  assert.equal(await page.locator(`#apply-set-row-${a.id} .apply-set-shadowed li`).count(), 0);
  assert.equal(await page.locator(`#apply-set-row-${b.id} .apply-set-shadowed li`).count(), 2);
  assert.match(await page.textContent(`#apply-set-row-${b.id} .apply-set-shadowed`), /New, but it would never decide/);
  const writes = recordWrites(page);
  // SSH would be shut on the second VM, whose rules drop TCP first: asked again.
  await page.click('#apply-set-send');
  await page.waitForSelector('#apply-set-dialog #lockout-armed');
  assert.deepEqual(writes.list(), []);
  await page.click('#apply-set-send');
  await page.waitForSelector('#undo-countdown');
  assert.match(await page.textContent('#undo-countdown'), new RegExp(`VM ${first.id}, VM ${second.id}`));
  await page.waitForFunction(() => document.querySelectorAll('#apply-set-dialog .sent-done').length === 8);
  assert.deepEqual((await rulesOf(a)).map((r) => r.port), ['22', '80,443']);
  assert.deepEqual((await rulesOf(b)).map((r) => r.port ?? ''), ['', '22', '80,443']);
  await page.keyboard.press('Escape');
  // The VMs are busy applying: the restore waits for each, then puts it back and applies it again.
  await page.click('#undo-now');
  await page.waitForSelector('#undo-restored', { timeout: 30000 });
  for (const [vm, nic, rules] of [[first, a, []], [second, b, ['DROP']]]) {
    assert.deepEqual((await rulesOf(nic)).map((r) => r.command), rules);
    const [now] = await nicsOf(suite.sim.api, vm);
    assert.equal(now.default_firewall_policy, 'ACCEPT');
  }
  const applies = writes.list().filter((w) => w.path.endsWith('/apply_firewall_rules')).map((w) => w.path.split('/').at(-2));
  assert.deepEqual(applies, [first.id, second.id, first.id, second.id].map(String));
});
