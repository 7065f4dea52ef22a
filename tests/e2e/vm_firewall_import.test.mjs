// Importing firewall rules: pasted in the text form or loaded from a file (the panel's CSV export), read line by line with the bad lines listed and each rule's place on the interface shown; nothing is sent before "Add", then one rule at a time, in order, each result shown.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { accountPath, apiSend, rulesOf as rulesOfNic, vmPicker, vmWithoutRules as vmWithoutRulesOn } from '../support/api.mjs';
import { openVm } from '../support/pages/vm.mjs';
import { recordWrites } from '../support/requests.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '30'], { before, after, afterEach });
const vms = vmPicker(suite);

const rulesOf = (nic) => rulesOfNic(suite.sim.api, nic);
const vmWithoutRules = () => vmWithoutRulesOn(suite.sim.api, vms);

const PASTED = [
  '# the office and the web',
  'accept tcp 22 from 203.0.113.0/24 # office',
  'accept tcp 80,443 # web',
  'allow tcp 25',
  'accept udp 53 from 10.0.0.0/33',
  'drop udp any from any',
].join('\n');

test('pasted rules are read line by line, bad lines listed, and only what is new sent, in order, after "Add"', async () => {
  const { vm, nic } = await vmWithoutRules();
  const { status } = await apiSend(suite.sim.api, 'POST', accountPath(`/network_interface/${nic.id}/firewall_rule`), { command: 'ACCEPT', protocol: 'TCP', port: '22', address: '203.0.113.0/24' });
  assert.equal(status, 201);
  const { page } = await openVm(suite, vm, 'firewall', { ready: '#rule-table' });
  const writes = recordWrites(page);
  await page.click('#import-rules');
  await page.fill('#import-dialog textarea', PASTED);

  // The two bad lines, by their line, with why.
  const refused = await page.locator('#import-refused li').allTextContents();
  assert.equal(refused.length, 2);
  assert.match(refused[0], /^Line 4 .*allow/);
  assert.match(refused[1], /^Line 5 .*\/33/);
  // Each rule read, with what it would be on this interface.
  const rows = await page.locator('#import-preview tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.className, tr.cells[0].textContent]));
  assert.deepEqual(rows, [['verdict-present', 'Line 2'], ['verdict-added', 'Line 3'], ['verdict-added', 'Line 6']]);
  assert.equal(await page.textContent('#import-send'), 'Add 2 rules');
  assert.deepEqual(writes.list(), [], 'nothing is sent before "Add"');

  await page.click('#import-send');
  await page.waitForFunction(() => document.querySelectorAll('#import-sent .sent-done').length === 2);
  assert.deepEqual(writes.list().map((w) => [w.method, JSON.parse(w.body).port]), [['POST', '80,443'], ['POST', '']]);
  const stored = await rulesOf(nic);
  assert.deepEqual(stored.map((r) => [r.command, r.protocol, r.port ?? '', r.address ?? '']), [
    ['ACCEPT', 'TCP', '22', '203.0.113.0/24'],
    ['ACCEPT', 'TCP', '80,443', ''],
    ['DROP', 'UDP', '', ''],
  ]);
  // They wait to be applied with the others.
  await page.click('#import-dialog .modal-actions .button:not(.button-primary)');
  await page.waitForSelector('#unapplied-list');
  assert.equal(await page.locator('#unapplied-list li').count(), 2);
});

test('a loaded CSV export is read as the panel wrote it, a formula guard and a quoted line break included', async () => {
  const { vm, nic } = await vmWithoutRules();
  const { page } = await openVm(suite, vm, 'firewall', { ready: '#rule-table' });
  await page.click('#import-rules');
  const csv = '"position","command","protocol","address","port","description","id"\r\n"1","ACCEPT","TCP","","8080","\'-alt web\nsecond line","77"\r\n"2","REJECT","TCP","","25","",""\r\n';
  await page.setInputFiles('#import-file', { name: 'rules.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.waitForSelector('#import-preview');
  assert.deepEqual(await page.locator('#import-refused li').allTextContents().then((l) => l.map((t) => t.slice(0, 6))), ['Line 4']);
  assert.equal(await page.textContent('#import-send'), 'Add 1 rule');
  await page.click('#import-send');
  await page.waitForSelector('#import-sent .sent-done');
  const [rule] = await rulesOf(nic);
  assert.equal(rule.port, '8080');
  assert.equal(rule.description, '-alt web\nsecond line', 'the export\'s guard against formulas is taken off again');
});
