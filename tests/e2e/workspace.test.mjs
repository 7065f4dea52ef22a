// What this browser keeps for the account travels as one file: exported from the page that says what is kept where, taken into a fresh browser with what it would change shown first, after which the tags, pins, views, columns, protection, rule sets, history and saved address are all back; taken in twice it changes nothing; a file that is not a workspace is refused with nothing changed.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { axeProblems } from '../support/accessibility.mjs';
import { DEMO, vmPicker } from '../support/api.mjs';
import { loggedInPage } from '../support/pages/login.mjs';
import { gotoVm, rebootFromPage, untilFree } from '../support/pages/vm.mjs';
import { recordWrites } from '../support/requests.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '40', '--op-ms', '200'], { before, after, afterEach });
const vms = vmPicker(suite);

/** The panel's per-account keys and what they hold, `vmdeck.<kind>.<account>` → value. */
const kept = (page) => page.evaluate(() => Object.fromEntries(Object.keys(localStorage).filter((k) => /^vmdeck\.(tags|pins|views|columns|protection|rule_sets|history)\./.test(k)).map((k) => [k.split('.')[1], JSON.parse(localStorage.getItem(k))])));
const entries = (page) => page.$$eval('#workspace-kept tbody tr', (rows) => Object.fromEntries(rows.map((r) => [r.querySelector('th').textContent, r.querySelector('td.num').textContent])));

test('the workspace exported from one browser is back, whole, in a fresh one, and taken in twice changes nothing', async () => {
  const vm = await vms.take({ status: 'online' });
  const { page } = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
  // The history, a tag, a protection mark, a pin, a column, a view, a rule set and the saved address.
  await gotoVm(page, suite.sim.url, vm);
  await rebootFromPage(page);
  await untilFree(page);
  await page.click('#vm-tags-edit');
  await page.fill('#vm-tags-text', 'travels');
  await page.click('#vm-tags-add');
  await page.waitForSelector('#vm-tags .tag-list li:has-text("travels")');
  await page.click('#vm-tags-dialog .modal-actions button');
  await gotoVm(page, suite.sim.url, vm, 'settings', '#card-protection');
  if (await page.$('#protection-on')) await page.click('#protection-on');
  await page.waitForSelector('#protection-off');
  await page.goto(`${suite.sim.url}/vms`);
  await page.click(`#vm-row-${vm.id} .pin-button`);
  await page.waitForSelector('#pinned-vms');
  await page.click('#columns-open');
  await page.check('#column-note');
  await page.waitForURL(/cols=/);
  await page.click('#views-menu summary');
  await page.click('#view-save-open');
  await page.fill('#view-name', 'With notes');
  await page.click('#view-save');
  await page.waitForSelector('#view-save-dialog', { state: 'hidden' });
  await page.evaluate(() => {
    const history = Object.keys(localStorage).find((key) => key.startsWith('vmdeck.history.'));
    localStorage.setItem(history.replace('vmdeck.history.', 'vmdeck.rule_sets.'), JSON.stringify([{ name: 'Office', rules: ['accept tcp 22'] }]));
    localStorage.setItem('vmdeck.my_address', JSON.stringify('203.0.113.9'));
  });
  const before = await kept(page);
  assert.deepEqual(Object.keys(before).sort(), ['columns', 'history', 'pins', 'protection', 'rule_sets', 'tags', 'views']);

  // The page says what is kept where, reached from the account menu.
  await page.click('#account-menu summary');
  await page.click('#account-workspace');
  await page.waitForSelector('#workspace-kept');
  const counts = await entries(page);
  assert.equal(counts['Tags'], '1');
  assert.equal(counts['Pinned VMs'], '1');
  assert.equal(counts['List columns'], '10');
  assert.ok(Number(counts['Activity history']) >= 1);
  assert.equal(counts['The address saved as yours'], '1');
  assert.deepEqual(await axeProblems(page, 'the workspace page'), []);
  assert.equal(await page.locator('.workspace-store').count(), 0, 'no store named in config.json: none offered');

  // The file: a marker, a version, where it came from, every part; never the token.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#workspace-export')]);
  assert.match(download.suggestedFilename(), /^vmdeck-workspace-[\w-]+-\d{4}-\d{2}-\d{2}\.json$/);
  const path = await download.path();
  const text = await readFile(path, 'utf8');
  const file = JSON.parse(text);
  assert.equal(file.format, 'vmdeck-workspace');
  assert.equal(file.version, 1);
  assert.equal(file.account, DEMO.account);
  assert.deepEqual(file.tags, { [vm.id]: ['travels'] });
  assert.deepEqual(file.pins, [vm.id]);
  assert.equal(file.views[0].name, 'With notes');
  assert.ok(file.columns.includes('note'));
  assert.deepEqual(file.protection, { [vm.id]: true });
  assert.equal(file.firewall_sets[0].name, 'Office');
  assert.equal(file.my_address, '203.0.113.9');
  assert.ok(file.history.length >= 1);
  assert.ok(!text.includes(DEMO.token), 'the token never goes into the file');

  // A fresh browser: nothing kept, then the file taken in.
  const fresh = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
  const other = fresh.page;
  const writes = recordWrites(other);
  assert.deepEqual(await kept(other), {});
  await other.goto(`${suite.sim.url}/workspace`);
  await other.setInputFiles('#workspace-import', path);
  await other.waitForSelector('#workspace-preview');
  const lines = await other.$$eval('#workspace-changes li', (items) => items.map((li) => li.textContent));
  assert.ok(lines.includes(`Tags: 1 added (${vm.id}).`), lines.join('\n'));
  assert.ok(lines.some((l) => l.startsWith('Saved views: 1 added')), lines.join('\n'));
  assert.equal(await other.$('#workspace-other-account'), null, 'the same account: no warning');
  assert.deepEqual(await kept(other), {}, 'nothing changes before it is taken in');
  assert.deepEqual(await axeProblems(other, 'the preview of a workspace file'), []);
  await other.click('#workspace-take-in');
  await other.waitForSelector('#workspace-taken');
  const after = await kept(other);
  for (const kind of ['tags', 'pins', 'views', 'columns', 'protection', 'rule_sets']) {
    assert.deepEqual(after[kind], before[kind], kind);
  }
  assert.ok(after.history.length >= 1);
  assert.equal(await other.evaluate(() => JSON.parse(localStorage.getItem('vmdeck.my_address'))), '203.0.113.9');
  assert.equal((await entries(other))['Tags'], '1', 'the table counts what is kept now');

  // The list shows them at once: the pin, the tag, the columns.
  await other.goto(`${suite.sim.url}/vms`);
  await other.waitForSelector(`#pinned-${vm.id}`);
  await other.waitForSelector(`#vm-row-${vm.id} .cell-tags .tag:has-text("travels")`);
  assert.ok(await other.$('#vm-table thead th:has-text("Note")'));

  // Taken in again: nothing would change, and there is nothing to take in.
  await other.goto(`${suite.sim.url}/workspace`);
  await other.setInputFiles('#workspace-import', path);
  await other.waitForSelector('#workspace-preview');
  const again = await other.$$eval('#workspace-changes li', (items) => items.map((li) => li.textContent));
  assert.equal(again[0], 'Nothing here would change.', again.join('\n'));
  assert.equal(await other.isDisabled('#workspace-take-in'), true);
  assert.deepEqual(writes.list(), [], 'nothing of it goes to the API');
});

test('a file that is not a workspace is refused and said, and one of another account is named before it is taken in', async () => {
  const { page } = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
  await page.goto(`${suite.sim.url}/workspace`);
  await page.waitForSelector('#workspace-kept');
  const refused = async (name, text) => {
    await page.setInputFiles('#workspace-import', { name, mimeType: 'application/json', buffer: Buffer.from(text) });
    await page.waitForSelector('#workspace-refused');
    return page.textContent('#workspace-refused');
  };
  assert.match(await refused('notes.json', 'hello'), /not JSON/);
  assert.match(await refused('list.json', '[1, 2]'), /JSON, but not a vmdeck workspace/);
  assert.match(await refused('other.json', JSON.stringify({ format: 'something-else', version: 1 })), /not a vmdeck workspace/i);
  assert.match(await refused('newer.json', JSON.stringify({ format: 'vmdeck-workspace', version: 7 })), /version 7/);
  assert.match(await refused('wrong.json', JSON.stringify({ format: 'vmdeck-workspace', version: 1, tags: ['web'] })), /Tags/);
  assert.deepEqual(await kept(page), {}, 'nothing was kept from any of them');

  const elsewhere = { format: 'vmdeck-workspace', version: 1, exported: Date.now(), api: 'https://api.other.example/v1', account: '999', pins: ['5'] };
  await page.setInputFiles('#workspace-import', { name: 'elsewhere.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(elsewhere)) });
  await page.waitForSelector('#workspace-other-account');
  assert.match(await page.textContent('#workspace-preview'), /account 999 at api\.other\.example/);
});
