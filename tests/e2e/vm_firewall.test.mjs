// The VM's Firewall tab: rules created, checked, filtered in the URL and applied; the default policy is the last rule; the packet tester, the lockout guard and "Allow my address".

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { accountPath, apiSend, nicsOf, rulesOf as rulesOfNic, vmPicker, vmWithoutRules as vmWithoutRulesOn } from '../support/api.mjs';
import { fillIn, leaveField } from '../support/pages/forms.mjs';
import { openPolicyDialog, setPolicyDrop } from '../support/pages/network.mjs';
import { gotoVm, openVm } from '../support/pages/vm.mjs';
import { recordWrites } from '../support/requests.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '60', '--op-ms', '800'], { before, after, afterEach });
const vms = vmPicker(suite);

const rulesOf = (nic) => rulesOfNic(suite.sim.api, nic);
const vmWithoutRules = (policy) => vmWithoutRulesOn(suite.sim.api, vms, policy);

async function addRule(nic, rule) {
  const { status } = await apiSend(suite.sim.api, 'POST', accountPath(`/network_interface/${nic.id}/firewall_rule`), rule);
  assert.equal(status, 201);
}

/** Fills in the new rule's `fields` and creates it; waits for it in the table, known by its port. */
async function createRule(page, fields) {
  await fillIn(page, fields);
  await page.click('#rule-create');
  await page.waitForSelector(`#rule-table .rule:has-text("${fields['#rule-port']}")`);
}

async function testPacket(page, source, port) {
  await page.fill('#tester-source', source);
  await page.fill('#tester-port', String(port));
  await page.click('#tester-run');
  await page.waitForFunction((text) => document.querySelector('#tester-result')?.textContent.includes(text), `from ${source}`);
  return { verdict: (await page.textContent('#tester-verdict')).trim(), text: await page.textContent('#tester-result') };
}

test('firewall rules: create, check, filter, apply; the default policy is the last rule', async () => {
  const vm = await vms.take({ status: 'online', where: async (v) => (await nicsOf(suite.sim.api, v)).length === 1 });
  const { page } = await openVm(suite, vm, 'firewall', { ready: '#rule-default' });
  const writes = recordWrites(page);
  await page.waitForSelector('#unapplied-none');

  await leaveField(page, '#rule-port', '2000:1000', 'The port range start (2000) is above its end (1000).');
  await createRule(page, { '#rule-port': '22,80,443', '#rule-description': 'web and ssh' });
  await createRule(page, { '#rule-command': 'DROP', '#rule-protocol': 'UDP', '#rule-port': '1000:2000', '#rule-address': '10.0.0.0/8' });

  await fillIn(page, { '#rule-command': 'DROP', '#rule-protocol': 'TCP', '#rule-port': '22' });
  await page.waitForSelector('#rule-warnings:has-text("SSH")');
  await page.fill('#rule-port', '');

  await page.selectOption('#rule-filter-command', 'drop');
  await page.waitForURL(/command=drop/);
  await page.waitForFunction(() => document.querySelectorAll('#rule-table .rule').length === 1 && document.querySelector('#rule-table .rule').textContent.includes('1000:2000'));
  await page.selectOption('#rule-filter-command', '');
  await page.fill('#rule-filter-port', '22,80,443');
  await page.press('#rule-filter-port', 'Enter');
  await page.waitForFunction(() => document.querySelectorAll('#rule-table .rule').length === 1 && document.querySelector('#rule-table .rule').textContent.includes('22,80,443'));

  assert.equal(await page.locator('#unapplied-list li').count(), 2);
  await page.click('#apply-rules');
  await page.waitForSelector('.vm-state .busy');
  await page.waitForSelector('#unapplied-none');
  const posts = writes.list().filter((w) => w.method === 'POST');
  assert.deepEqual(posts.map((w) => w.path.split('/').pop()), ['firewall_rule', 'firewall_rule', 'apply_firewall_rules']);
  assert.deepEqual(JSON.parse(posts[1].body), { command: 'DROP', protocol: 'UDP', address: '10.0.0.0/8', port: '1000:2000' });
});

test('the packet tester answers for a rule and for the default policy; a shadowed rule is flagged', async () => {
  const { vm, nic } = await vmWithoutRules('ACCEPT');
  await addRule(nic, { command: 'ACCEPT', protocol: 'TCP', address: '10.0.0.0/8', port: '22' });
  await addRule(nic, { command: 'DROP', protocol: 'TCP', address: '10.1.2.0-10.1.2.255', port: '22' });
  await addRule(nic, { command: 'DROP', protocol: 'TCP', address: '', port: '22' });
  const [first, second, third] = await rulesOf(nic);
  const { page } = await openVm(suite, vm, 'firewall', { ready: '#rule-default' });
  assert.match(await page.textContent('#rule-semantics'), /first rule whose protocol, address and port all match decides/);

  // The second rule can never decide: the first takes every packet it would.
  const shadowed = page.locator('#rule-checks .finding-shadowed');
  await shadowed.waitFor();
  assert.equal(await shadowed.count(), 1);
  assert.match(await shadowed.textContent(), /Rule 2/);

  const inside = await testPacket(page, '10.1.2.3', 22);
  assert.equal(inside.verdict, 'ACCEPT');
  assert.match(inside.text, /rule 1 decides/);
  await page.waitForSelector(`#rule-row-${first.id}.is-decider`);
  assert.equal(await page.locator('#rule-table tr.is-decider').count(), 1);

  const outside = await testPacket(page, '192.0.2.1', 22);
  assert.equal(outside.verdict, 'DROP');
  assert.match(outside.text, /rule 3 decides/);
  await page.waitForSelector(`#rule-row-${third.id}.is-decider`);

  const other = await testPacket(page, '192.0.2.1', 443);
  assert.equal(other.verdict, 'ACCEPT');
  assert.match(other.text, /default policy decides/);
  await page.waitForSelector('#rule-default.is-decider');
  assert.equal(await page.$(`#rule-row-${second.id}.is-decider`), null);
});

test('setting DROP with no SSH rule warns and needs the second confirmation', async () => {
  const { vm, nic } = await vmWithoutRules('ACCEPT');
  const { page } = await openVm(suite, vm, 'network');
  const writes = recordWrites(page);
  await openPolicyDialog(page, page.locator('.nic button:text("Default policy")'));
  await page.check('#policy-drop');
  await page.waitForSelector('#lockout-warning:has-text("SSH (22)")');

  await page.click('#policy-dialog #confirm-action');
  await page.waitForSelector('#lockout-armed');
  assert.ok(await page.isVisible('#policy-dialog[open]'), 'the first confirmation only arms the guard');
  assert.equal(writes.list().length, 0, 'nothing was sent after one confirmation');
  assert.equal((await nicsOf(suite.sim.api, vm))[0].default_firewall_policy, 'ACCEPT');

  await page.click('#policy-dialog #confirm-action');
  await page.waitForSelector('#policy-dialog', { state: 'hidden' });
  await page.waitForFunction(() => document.querySelector('.nic-policy')?.textContent === 'DROP');
  assert.equal(writes.list().length, 1);
  assert.equal((await nicsOf(suite.sim.api, { id: vm.id }))[0].default_firewall_policy, 'DROP');

  // With SSH let in from everyone first, DROP goes through at once.
  const other = await vmWithoutRules('ACCEPT');
  await addRule(other.nic, { command: 'ACCEPT', protocol: 'TCP', address: '', port: '22' });
  await gotoVm(page, suite.sim.url, other.vm, 'network');
  assert.equal(await setPolicyDrop(page, page.locator('.nic button:text("Default policy")')), false);
  await page.waitForFunction(() => document.querySelector('.nic-policy')?.textContent === 'DROP');
});

test('a DROP rule that would shut out the saved address warns, and goes through on the second try', async () => {
  const { vm, nic } = await vmWithoutRules('ACCEPT');
  const { page } = await openVm(suite, vm, 'firewall', { ready: '#rule-default' });
  await page.fill('#tester-source', '203.0.113.9');
  await page.click('#tester-save-address');
  await page.waitForSelector('#my-address:has-text("203.0.113.9")');
  assert.equal(await page.evaluate(() => localStorage.getItem('vmdeck.my_address')), '"203.0.113.9"');

  await page.selectOption('#rule-command', 'DROP');
  await page.fill('#rule-address', '203.0.113.9');
  await page.fill('#rule-port', '22,3389');
  await page.waitForSelector('#new-rule #lockout-warning:has-text("your address 203.0.113.9")');
  await page.click('#rule-create');
  await page.waitForSelector('#new-rule #lockout-armed');
  assert.equal((await rulesOf(nic)).length, 0, 'nothing was sent after one try');
  await page.click('#rule-create');
  await page.waitForSelector('#rule-table .rule:has-text("22,3389")');
  assert.equal((await rulesOf(nic)).length, 1);
});

test('"Allow my address" fills the new rule with the address saved in this browser, or says where to save one', async () => {
  const { vm } = await vmWithoutRules('ACCEPT');
  const { page } = await openVm(suite, vm, 'firewall', { ready: '#rule-default' });
  await page.selectOption('#rule-command', 'DROP');
  await page.click('#rule-allow-mine');
  // None saved: it asks, and takes the user where the address is saved; nothing is looked up.
  await page.waitForSelector('#rule-ask-address');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'tester-source');
  assert.equal(await page.inputValue('#rule-address'), '');
  await page.fill('#tester-source', '198.51.100.7');
  await page.click('#tester-save-address');
  await page.click('#rule-allow-mine');
  assert.equal(await page.inputValue('#rule-address'), '198.51.100.7');
  assert.equal(await page.inputValue('#rule-command'), 'ACCEPT');
  assert.equal(await page.$('#rule-ask-address'), null);
});
