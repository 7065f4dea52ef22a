// Tags of VMs, kept in this panel: given on a VM's page and to a selection in the list, shown in the rows, a filter and a grouping of the list in its URL (combined with the API's filters, never sent to the API; a tag's VMs, once read, give its other orders and pages), in the CSV export, kept across a reload, and a typed tag the panel refuses named without losing the text.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { axeProblems } from '../support/accessibility.mjs';
import { accountPath, apiGet, vmPicker } from '../support/api.mjs';
import { loggedInPage } from '../support/pages/login.mjs';
import { openVm } from '../support/pages/vm.mjs';
import { recordRequests, recordWrites } from '../support/requests.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '1500', '--op-ms', '300'], { before, after, afterEach });
const vms = vmPicker(suite);

const rowIds = (page) => page.$$eval('#vm-table tbody tr', (rows) => rows.map((r) => r.id.replace('vm-row-', '')));
const tagsOfRow = (page, id) => page.$$eval(`#vm-row-${id} .cell-tags .tag`, (tags) => tags.map((t) => t.textContent));

/** Waits until the table shows exactly `ids`, in that order. */
async function expectRows(page, ids) {
  await page.waitForFunction(
    (want) => [...document.querySelectorAll('#vm-table tbody tr')].map((r) => r.id.replace('vm-row-', '')).join() === want.join(),
    ids,
  );
}

/** The text of the file a click on `selector` downloads. */
async function downloaded(page, selector) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  return readFile(await file.path(), 'utf8');
}

test('three VMs tagged on a page and in bulk are the list filtered by the tag, with the API\'s filters, in the URL and the export', async () => {
  const one = await vms.take({ status: 'online' });
  // The others far apart in the account: the panel reads past its first page of the API to find them.
  const list = (await apiGet(suite.sim.api, accountPath('/virtual_machines?limit=1000&offset=1000'))).body;
  const idle = list.filter((vm) => vm.locked === 0 && vm.suspended === 0);
  const two = idle.find((vm) => vm.status === 'offline');
  const three = idle.find((vm) => vm.status === 'online' && vm.id !== two.id);
  assert.ok(two && three, 'two idle VMs past the first thousand');

  // On a VM's page: two tags at once, written one way.
  const { page } = await openVm(suite, one, '', { ready: '#vm-tags-edit' });
  const writes = recordWrites(page);
  await page.click('#vm-tags-edit');
  await page.waitForSelector('#vm-tags-dialog[open]');
  assert.match(await page.textContent('#vm-tags-dialog'), /kept in this browser for this account; the provider's service does not see them/);
  await page.fill('#vm-tags-text', ' Web , Prod EU ');
  await page.click('#vm-tags-add');
  await page.waitForSelector('#vm-tags .tag-list li:has-text("prod eu")');
  assert.deepEqual(await page.$$eval('#vm-tags .tag-list li span', (s) => s.map((e) => e.textContent)), ['prod eu', 'web']);
  assert.equal(await page.inputValue('#vm-tags-text'), '', 'the field is ready for more');
  await page.waitForTimeout(100);
  assert.equal(await page.$('#vm-tags-text-error'), null, 'and says nothing of being empty: it was not left empty');
  assert.deepEqual(await axeProblems(page, 'the tags dialog'), []);
  await page.click('#vm-tags-dialog .modal-actions button');
  await page.waitForSelector('.vm-state .tags a.tag:has-text("web")');
  assert.equal(await page.getAttribute('.vm-state a.tag:has-text("web")', 'href'), '/vms?tag=web&limit=50');

  // In the list: the other two selected, given "web" from the bulk bar's dialog, where the tags in use are offered.
  await page.goto(`${suite.sim.url}/vms?id=${two.id}`);
  await page.waitForSelector(`#vm-row-${two.id}`);
  await page.check(`#select-${two.id}`);
  await page.click('#bulk-tags');
  await page.waitForSelector('#bulk-tags-dialog[open]');
  await page.click('#bulk-tags-dialog .tag-suggestions button[data-tag="web"]');
  await page.waitForSelector(`#vm-row-${two.id} .tag:has-text("web")`);
  await page.goto(`${suite.sim.url}/vms?id=${three.id}`);
  await page.waitForSelector(`#vm-row-${three.id}`);
  await page.check(`#select-${three.id}`);
  await page.click('#bulk-tags');
  await page.fill('#bulk-tags-text', 'WEB');
  await page.click('#bulk-tags-add');
  await page.waitForSelector(`#vm-row-${three.id} .tag:has-text("web")`);
  assert.deepEqual(await tagsOfRow(page, three.id), ['web']);
  await page.click('#bulk-tags-dialog .modal-actions button');
  await page.waitForSelector('#bulk-tags-dialog', { state: 'hidden' });
  assert.deepEqual(writes.list(), [], 'tags are not the API\'s: nothing was sent');

  // The switcher finds the tag, and a VM found by its name says its tags.
  await page.keyboard.press('Control+k');
  await page.waitForSelector('#switcher[open]');
  await page.fill('#switcher-input', one.hostname);
  await page.waitForSelector(`#switcher-results a[href="/vms/${one.id}"]`);
  assert.match(await page.textContent(`#switcher-results a[href="/vms/${one.id}"]`), /prod eu, web/);
  await page.fill('#switcher-input', 'WE');
  await page.waitForSelector('#switcher-results a[href="/vms?tag=web&limit=50"]:has-text("web · 3 VMs")');
  await page.keyboard.press('Escape');

  // The list of the tag: its three VMs in the API's order, the tag in the URL and never in a request.
  const reads = recordRequests(page, (url) => url.includes('/virtual_machines'));
  await page.goto(`${suite.sim.url}/vms`);
  await page.click('#vm-filters-toggle');
  await page.selectOption('#filter-tag', 'web');
  await page.waitForURL(/\/vms\?tag=web&limit=50$/);
  const inOrder = [one, two, three].map((vm) => vm.id).sort((a, b) => Number(a) - Number(b));
  await expectRows(page, inOrder);
  assert.equal(await page.textContent('#vm-total'), '3');
  assert.equal(await page.textContent('#filter-tag option:checked'), 'web (3)');
  assert.deepEqual(await tagsOfRow(page, one.id), ['prod eu', 'web']);
  assert.ok(reads.list().length > 0 && reads.list().every((r) => !/[?&]tag=/.test(r.path)), 'the tag is never sent to the API');

  // Grouped by tag: a group per tag, a VM of two tags in both (its ids on the first), each group closed by its heading.
  await page.check('#group-by-tag');
  await page.waitForURL(/\/vms\?tag=web&group=tag&limit=50$/);
  await page.waitForSelector('#group-web');
  const groupOf = (id) => page.$$eval(`${id} tr:not(.group-row)`, (rows) => rows.length);
  assert.deepEqual(await page.$$eval('#vm-table tbody.group .group-name', (names) => names.map((n) => n.textContent)), ['prod eu', 'web']);
  assert.equal(await page.textContent('#group-web .count'), '3');
  assert.equal(await groupOf('#group-web'), 3);
  assert.equal(await groupOf('#group-prod-eu'), 1);
  assert.deepEqual(await axeProblems(page, 'the list grouped by tag'), []);
  assert.equal(await page.$$eval(`[id="vm-row-${one.id}"]`, (rows) => rows.length), 1, 'one row of an id');
  await page.click('#group-web .group-toggle');
  assert.equal(await page.getAttribute('#group-web .group-toggle', 'aria-expanded'), 'false');
  assert.equal(await groupOf('#group-web'), 0);
  await page.uncheck('#group-by-tag');
  await page.waitForURL(/\/vms\?tag=web&limit=50$/);
  await expectRows(page, inOrder);

  // With the API's own filter: the online ones.
  await page.selectOption('#filter-status', 'online');
  await page.waitForURL(/\/vms\?status=online&tag=web&limit=50$/);
  await expectRows(page, [one, three].map((vm) => vm.id).sort((a, b) => Number(a) - Number(b)));
  assert.ok(reads.list().some((r) => r.path.includes('status=online')));

  // The export of the view: the tagged online VMs, with their tags.
  const csv = await downloaded(page, '#vms-export-csv');
  const lines = csv.trimEnd().split('\r\n');
  assert.equal(lines[0].split(',').at(-1), '"tags"');
  assert.deepEqual(lines.slice(1).map((l) => l.split(',')[0]).sort(), [`"${one.id}"`, `"${three.id}"`].sort());
  assert.ok(lines.find((l) => l.startsWith(`"${one.id}",`)).endsWith('"prod eu, web"'));

  // Kept across a reload; a tag taken off on the VM's page leaves the filtered list.
  await page.reload();
  await expectRows(page, [one, three].map((vm) => vm.id).sort((a, b) => Number(a) - Number(b)));
  await page.goto(`${suite.sim.url}/vms/${three.id}`);
  await page.click('#vm-tags-edit');
  await page.click('#vm-tags .tag-remove[data-tag="web"]');
  await page.waitForSelector('#vm-tags .tag-list li:has-text("No tags yet.")');
  await page.goto(`${suite.sim.url}/vms?status=online&tag=web`);
  await expectRows(page, [one.id]);
  assert.deepEqual(writes.list(), [], 'still nothing sent');
});

test('a tag the panel cannot keep is named, nothing is added and the text stays', async () => {
  const vm = await vms.take({ status: 'offline' });
  const { page } = await openVm(suite, vm, '', { ready: '#vm-tags-edit' });
  await page.click('#vm-tags-edit');
  const long = 'x'.repeat(33);
  await page.fill('#vm-tags-text', `db, ${long}`);
  await page.click('#vm-tags-add');
  await page.waitForSelector('#vm-tags-text-error');
  assert.match(await page.textContent('#vm-tags-text-error'), new RegExp(`“${long}”: A tag has at most 32 characters`));
  assert.equal(await page.inputValue('#vm-tags-text'), `db, ${long}`);
  assert.equal(await page.$$eval('#vm-tags .tag-list li.tag', (l) => l.length), 0, 'not even the good one');
  // A tag in a URL that is not one is no filter: the whole list.
  await page.goto(`${suite.sim.url}/vms?tag=a,b`);
  await page.waitForSelector('#vm-table tbody tr');
  assert.equal(await page.textContent('#vm-total'), '1,500');
});

test('a tag\'s VMs come in the list\'s order: read one by one when a hundred or fewer, found in the view when more', async () => {
  const { page } = await loggedInPage(suite);
  const sorted = async (query) => {
    const ids = [];
    for (let offset = 0; ; offset += 1000) {
      const items = (await apiGet(suite.sim.api, accountPath(`/virtual_machines?limit=1000&offset=${offset}&${query}`))).body;
      ids.push(...items.map((vm) => String(vm.id)));
      if (items.length < 1000) return ids;
    }
  };
  const byId = await sorted('');
  // "few" on every 50th VM (30), "many" on every 10th (150), spread over the account.
  const few = byId.filter((_, i) => i % 50 === 7);
  const many = byId.filter((_, i) => i % 10 === 3);
  const tags = Object.fromEntries(byId.map((id) => [id, [...(few.includes(id) ? ['few'] : []), ...(many.includes(id) ? ['many'] : [])]]).filter(([, t]) => t.length));
  await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith('vmdeck.seen.')));
  await page.evaluate((tags) => {
    const account = Object.keys(localStorage).find((k) => k.startsWith('vmdeck.seen.')).slice('vmdeck.seen.'.length);
    localStorage.setItem(`vmdeck.tags.${account}`, JSON.stringify(tags));
  }, tags);
  const reads = recordRequests(page, (url) => url.includes('/virtual_machines'));
  const inView = (ids, tagged) => ids.filter((id) => tagged.includes(id));

  // A few: each read by id with the view's filters, put in the API's order by the panel.
  for (const [query, want] of [
    ['sort=memory&order=desc', inView(await sorted('sort=memory&order=desc'), few)],
    ['status=online&sort=label&order=asc', inView(await sorted('status=online&sort=label&order=asc'), few)],
    ['sort=location_id&order=desc', inView(await sorted('sort=location_id&order=desc'), few)],
  ]) {
    reads.clear();
    await page.goto(`${suite.sim.url}/vms?tag=few&${query}`);
    await expectRows(page, want);
    assert.equal(await page.textContent('#vm-total'), String(want.length), query);
    const paths = reads.list().map((r) => r.path);
    assert.equal(paths.length, few.length, `${query}: one read per VM of the tag`);
    assert.ok(paths.every((p) => /[?&]id=\d+/.test(p) && /[?&]limit=1(&|$)/.test(p) && !/sort=/.test(p)), `${query}: ${paths[0]}`);
    if (query.startsWith('status')) assert.ok(paths.every((p) => p.includes('status=online')), 'with the view\'s filter');
  }

  // More than a hundred: the view read (its sort the API's) until every one is found.
  reads.clear();
  await page.goto(`${suite.sim.url}/vms?tag=many&sort=memory&order=desc&offset=50`);
  await expectRows(page, inView(await sorted('sort=memory&order=desc'), many).slice(50, 100));
  assert.equal(await page.textContent('#vm-total'), '150');
  const paths = reads.list().map((r) => r.path);
  assert.ok(paths.length >= 2 && paths.every((p) => /limit=1000/.test(p) && /sort=memory&order=desc/.test(p) && !/[?&]id=/.test(p)), paths.join(' '));
});

test('a tag in a view the list has just shown to be small is found in one read of the view; from its address alone, VM by VM', async () => {
  const { page } = await loggedInPage(suite);
  const view = 'type=balancer&sort=label&order=asc';
  const inView = (await apiGet(suite.sim.api, accountPath(`/virtual_machines?limit=1000&${view}`))).body.map((vm) => String(vm.id));
  assert.ok(inView.length > 20 && inView.length <= 100, `a view of a few dozen VMs: ${inView.length}`);
  // More than the six reads that go out at once: by id, two rounds or more.
  const tagged = inView.filter((_, i) => i % 5 === 1);
  assert.ok(tagged.length > 6, `${tagged.length} tagged`);
  await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith('vmdeck.seen.')));
  await page.evaluate((tagged) => {
    const account = Object.keys(localStorage).find((k) => k.startsWith('vmdeck.seen.')).slice('vmdeck.seen.'.length);
    localStorage.setItem(`vmdeck.tags.${account}`, JSON.stringify(Object.fromEntries(tagged.map((id) => [id, ['few']]))));
  }, tagged);
  const reads = recordRequests(page, (url) => url.includes('/virtual_machines'));
  await page.goto(`${suite.sim.url}/vms?${view}`);
  await page.waitForFunction((n) => document.querySelector('#vm-total')?.textContent === n, String(inView.length));

  reads.clear();
  await page.selectOption('#filter-tag', 'few');
  await expectRows(page, tagged);
  assert.equal(await page.textContent('#vm-total'), String(tagged.length));
  const paths = reads.list().map((r) => r.path);
  assert.equal(paths.length, 1, `one read of the view: ${paths.join(' ')}`);
  assert.ok(paths[0].includes('type=balancer') && /[?&]limit=1000/.test(paths[0]) && !/[?&]id=/.test(paths[0]), paths[0]);

  // Opened from its address, the panel has not seen the view: each VM by id.
  reads.clear();
  await page.goto(`${suite.sim.url}/vms?${view}&tag=few`);
  await expectRows(page, tagged);
  const byId = reads.list().map((r) => r.path);
  assert.equal(byId.length, tagged.length, byId.join(' '));
  assert.ok(byId.every((p) => /[?&]id=\d+/.test(p) && p.includes('type=balancer')), byId[0]);
});

test('a tag\'s VMs, once read, give its other orders and pages without asking again, until the list is refreshed, left or written to', async () => {
  const { page } = await loggedInPage(suite);
  const all = (await apiGet(suite.sim.api, accountPath('/virtual_machines?limit=1000&status=offline'))).body.map((vm) => String(vm.id));
  const tagged = all.filter((_, i) => i % 40 === 5).slice(0, 12);
  assert.ok(tagged.length > 5, 'more than a page of five');
  await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith('vmdeck.seen.')));
  await page.evaluate((tagged) => {
    const account = Object.keys(localStorage).find((k) => k.startsWith('vmdeck.seen.')).slice('vmdeck.seen.'.length);
    localStorage.setItem(`vmdeck.tags.${account}`, JSON.stringify(Object.fromEntries(tagged.map((id) => [id, ['kept']]))));
  }, tagged);
  const inOrder = async (query) => (await apiGet(suite.sim.api, accountPath(`/virtual_machines?limit=1000&status=offline&${query}`))).body.map((vm) => String(vm.id)).filter((id) => tagged.includes(id));
  const reads = recordRequests(page, (url) => url.includes('/virtual_machines'));
  await page.goto(`${suite.sim.url}/vms?tag=kept&status=offline&limit=5`);
  await expectRows(page, (await inOrder('')).slice(0, 5));
  assert.equal(reads.list().length, tagged.length, 'one read per VM of the tag');

  reads.clear();
  await page.selectOption('#vm-sort', 'memory');
  await expectRows(page, (await inOrder('sort=memory&order=asc')).slice(0, 5));
  await page.click('#page-next');
  await expectRows(page, (await inOrder('sort=memory&order=asc')).slice(5, 10));
  assert.equal(await page.textContent('#vm-total'), String(tagged.length));
  assert.deepEqual(reads.list().map((r) => r.path), [], 'another order and page of the same VMs: nothing asked');

  // Refreshed, the page is read again; so is the next order after a write.
  const readsReach = async (n, what) => {
    for (let i = 0; i < 100 && reads.list().length < n; i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.ok(reads.list().length >= n, `${what}: ${reads.list().length} reads`);
  };
  await page.click('#refresh');
  await readsReach(tagged.length, 'refreshed, every VM is read again');
  // Another view, then the tag again: read again too.
  await page.selectOption('#filter-tag', '');
  await page.waitForFunction((n) => ![n, undefined].includes(document.querySelector('#vm-total')?.textContent), String(tagged.length));
  reads.clear();
  await page.selectOption('#filter-tag', 'kept');
  await readsReach(tagged.length, 'the tag chosen again');
  await page.waitForFunction((n) => document.querySelector('#vm-total')?.textContent === n, String(tagged.length));
  const [first] = await rowIds(page);
  await page.check(`#select-${first}`);
  const writes = recordWrites(page);
  await page.click('#bulk-start');
  await page.waitForSelector('#bulk-results .notice-title:text("Start: 1 accepted, 0 refused")');
  assert.equal(writes.list().length, 1);
  reads.clear();
  await page.selectOption('#vm-sort', 'label');
  await readsReach(tagged.length, 'after a write, another order reads the VMs again');
});
