// The VM list: filters, sort and paging in the URL, search, reload and back/forward, busy VMs refreshed, empty states.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { focusMovesTo } from '../support/accessibility.mjs';
import { accountPath, addressesOf, apiGet, apiSend, rebootBehindTheBack, untilLocked, vmPicker } from '../support/api.mjs';
import { loggedInPage } from '../support/pages/login.mjs';
import { recordRequests, shownRequests } from '../support/requests.mjs';
import { startSim } from '../support/simulator.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '300', '--op-ms', '2500'], { before, after, afterEach });
const vms = vmPicker(suite);

const rowIds = (page) => page.$$eval('#vm-table tbody tr', (rows) => rows.map((r) => r.id.replace('vm-row-', '')));
const apiIds = async (query) => (await apiGet(suite.sim.api, accountPath(`/virtual_machines?${query}`))).body.map((vm) => vm.id);

/** Waits until the table shows exactly the API's answer to `query`. */
async function expectRows(page, query) {
  const want = await apiIds(query);
  await page.waitForFunction(
    (ids) => [...document.querySelectorAll('#vm-table tbody tr')].map((r) => r.id.replace('vm-row-', '')).join() === ids.join(),
    want,
  );
  assert.deepEqual(await rowIds(page), want);
}

test('filter, sort and page through the account, all of it in the URL', async () => {
  const { page } = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
  await page.click('#vm-filters-toggle');
  await page.selectOption('#filter-status', 'online');
  await page.waitForURL(/\/vms\?status=online&limit=50$/);
  await expectRows(page, 'status=online&limit=50');

  await page.click('#sort-memory');
  await page.waitForURL(/status=online&sort=memory&order=asc&limit=50$/);
  await expectRows(page, 'status=online&sort=memory&order=asc&limit=50');
  assert.equal(await page.getAttribute('th:has(#sort-memory)', 'aria-sort'), 'ascending');
  await page.click('#sort-memory');
  await page.waitForURL(/sort=memory&order=desc/);
  await expectRows(page, 'status=online&sort=memory&order=desc&limit=50');

  await page.click('#page-next');
  await page.waitForURL(/offset=50&limit=50$/);
  await expectRows(page, 'status=online&sort=memory&order=desc&offset=50&limit=50');
  const total = (await apiGet(suite.sim.api, accountPath('/virtual_machines?status=online&limit=1'))).headers.get('x-total');
  assert.equal(await page.textContent('#vm-list-range'), `51–100 of ${total}`);

  await page.selectOption('#vm-page-size', '25');
  await page.waitForURL(/offset=50&limit=25$/);
  await expectRows(page, 'status=online&sort=memory&order=desc&offset=50&limit=25');

  // Keyboard: a header's sort button works with Enter.
  await page.focus('#sort-label');
  await page.keyboard.press('Enter');
  await page.waitForURL(/sort=label&order=asc/);
});

test('a filtered URL reloads to the same view, and back/forward move between views', async () => {
  const { page } = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
  const view = 'status=offline&sort=label&order=desc&offset=25&limit=25';
  await page.goto(`${suite.sim.url}/vms?${view}`);
  await expectRows(page, view);
  await page.reload();
  await expectRows(page, view);
  assert.equal(await page.inputValue('#filter-status'), 'offline');

  await page.click('#page-next');
  await page.waitForURL(/offset=50/);
  await expectRows(page, 'status=offline&sort=label&order=desc&offset=50&limit=25');
  await page.goBack();
  await page.waitForURL(/offset=25/);
  await expectRows(page, view);
  await page.goForward();
  await expectRows(page, 'status=offline&sort=label&order=desc&offset=50&limit=25');
});

test('search finds VMs by hostname, label or IP address in a few keystrokes', async () => {
  const { page } = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
  await page.fill('#vm-search', 'web');
  await page.waitForURL(/hostname=web/);
  await expectRows(page, 'hostname=web&limit=50');
  const hosts = await page.$$eval('#vm-table tbody .cell-name .mono', (els) => els.map((e) => e.textContent));
  assert.ok(hosts.length > 0 && hosts.every((h) => h.includes('web')));

  const [target] = (await apiGet(suite.sim.api, accountPath('/virtual_machines?offset=123&limit=1'))).body;
  const [address] = await addressesOf(suite.sim.api, target);
  await page.fill('#vm-search', address);
  await page.waitForURL(new RegExp(`ip_address=${address.replace(/\./g, '\\.')}`));
  await expectRows(page, `ip_address=${address}&limit=50`);
  assert.deepEqual(await rowIds(page), [target.id]);

  await page.selectOption('#vm-search-field', 'label');
  await page.fill('#vm-search', target.label);
  await page.waitForURL(/label=/);
  assert.ok((await rowIds(page)).includes(target.id));
});

test('a word typed quickly searches as it is typed and leaves one step in the history', async () => {
  const { page } = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
  // Each search is a new address: when each was written, by the page's own
  // clock, however fast or slow the machine types.
  await page.evaluate(() => {
    window.searched = [];
    for (const name of ['pushState', 'replaceState']) {
      const write = history[name].bind(history);
      history[name] = (state, title, url) => {
        window.searched.push([new URL(url, location.href).searchParams.get('hostname'), performance.now()]);
        return write(state, title, url);
      };
    }
  });
  await page.type('#vm-search', 'shop-web', { delay: 40 });
  await page.waitForURL(/hostname=shop-web/);
  await expectRows(page, 'hostname=shop-web&limit=50');
  const searches = (await page.evaluate(() => window.searched)).filter(([hostname]) => hostname !== null);
  // The first key at once, then at most one search per 100 ms (timers fire
  // to the millisecond), the last with the whole word.
  assert.equal(searches[0][0], 's');
  assert.equal(searches.at(-1)[0], 'shop-web');
  for (let i = 1; i < searches.length; i++) {
    assert.ok(searches[i][1] - searches[i - 1][1] >= 95, `throttled: ${searches.map(([text, at]) => `${text}@${Math.round(at)}`).join(', ')}`);
  }
  await page.goBack();
  await page.waitForURL(/\/vms\?limit=50$|\/vms$/);
  await page.waitForFunction(() => document.querySelector('#vm-search').value === '');
});

test('no match and an empty account each say so', async () => {
  const { page } = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
  await page.goto(`${suite.sim.url}/vms?hostname=no-such-host`);
  await page.waitForSelector('#vm-list-no-match');
  await page.click('#vm-list-no-match button');
  await page.waitForURL(/\/vms\?limit=50$/);
  await page.waitForSelector('#vm-table tbody tr');

  const empty = await startSim(['--vms', '0']);
  try {
    await loggedInPage(suite, { base: empty.url, ready: '#vm-list-empty' });
  } finally {
    await empty.stop();
  }
});

test('a busy VM is refreshed until it is free, and an idle page polls nothing', async () => {
  const { page } = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
  await page.goto(`${suite.sim.url}/vms?status=online&locked=0&limit=25`);
  await page.waitForSelector('#vm-table tbody tr');
  const vm = await vms.take({ status: 'online' });

  const listCalls = recordRequests(page, (url) => url.includes('/virtual_machines'));
  await page.waitForTimeout(2500);
  assert.equal(listCalls.list().length, 0, 'nothing is polled while nothing is busy');

  // Stop it behind the panel's back, then look at the page again.
  const stop = await apiSend(suite.sim.api, 'PUT', accountPath(`/virtual_machine/${vm.id}`), { status: 'offline' });
  assert.equal(stop.status, 202);
  await untilLocked(suite.sim.api, vm.id);
  await page.goto(`${suite.sim.url}/vms?id=${vm.id}&limit=25`);
  await page.waitForSelector(`#vm-row-${vm.id} .busy`);
  listCalls.clear();
  await page.waitForSelector(`#vm-row-${vm.id} .badge-offline`, { timeout: 10000 });
  assert.equal(await page.$(`#vm-row-${vm.id} .busy`), null);
  const polled = listCalls.list().length;
  assert.ok(polled >= 1 && polled <= 3, `polled ${polled} times`);
  listCalls.clear();
  await page.waitForTimeout(2500);
  assert.equal(listCalls.list().length, 0, 'polling stops once the VM is free');
});

/** The text of the file a click on `selector` downloads. */
async function downloaded(page, selector) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
}

test('CSV export of a filtered list of several pages has every row, and a formula is neutralised', async () => {
  const vm = await vms.take({ status: 'online' });
  const { status } = await apiSend(suite.sim.api, 'PUT', accountPath(`/virtual_machine/${vm.id}`), { label: '=HYPERLINK("http://example.com")' });
  assert.ok(status === 200 || status === 202, `label change answered ${status}`);
  const { page } = await loggedInPage(suite);
  await page.goto(`${suite.sim.url}/vms?status=online&limit=25`);
  await page.waitForSelector('#vm-table tbody tr');
  const total = Number((await apiGet(suite.sim.api, accountPath('/virtual_machines?status=online&limit=1'))).headers.get('x-total'));
  assert.ok(total > 100, `${total} online VMs: the export reads more than one page`);
  const requests = recordRequests(page, (url) => url.includes('/virtual_machines'));

  const { name, text } = await downloaded(page, '#vms-export-csv');
  assert.equal(name, 'virtual-machines.csv');
  const lines = text.trimEnd().split('\r\n');
  assert.equal(lines[0].split(',')[0], '"id"', 'every cell quoted');
  assert.equal(lines.length - 1, total, 'a row per VM of the filtered list');
  const ids = new Set(lines.slice(1).map((l) => l.split(',')[0]));
  assert.equal(ids.size, total, 'no VM twice');
  const row = lines.find((l) => l.startsWith(`"${vm.id}",`));
  assert.ok(row.includes('"\'=HYPERLINK(""http://example.com"")"'), row);
  const reads = requests.list();
  assert.equal(reads.length, Math.ceil(total / 100), 'read page by page');
  assert.ok(reads.every((r) => r.path.includes('status=online')), 'with the list\'s filters');

  const json = JSON.parse((await downloaded(page, '#vms-export-json')).text);
  assert.equal(json.length, total);
  // Passwords only when asked for.
  const secret = /password|token|secret|key|authorization/i;
  const keys = (list) => new Set(list.flatMap((vm) => Object.keys(vm)));
  assert.deepEqual([...keys(json)].filter((key) => secret.test(key)), [], 'no secret in the JSON by default');
  await page.check('#vms-export-secrets');
  const withSecrets = JSON.parse((await downloaded(page, '#vms-export-json')).text);
  assert.ok(keys(withSecrets).has('initial_password'), 'included when ticked');
  const sent = (await apiGet(suite.sim.api, accountPath('/virtual_machines?status=online&limit=1'))).body[0];
  assert.equal(withSecrets.find((item) => item.id === sent.id)?.initial_password, sent.initial_password);
});

test('bulk reboot of 3 VMs, one of them busy: 3 requests, 2 accepted and 1 refused with its reason, all in the tray', async () => {
  const picked = [await vms.take({ status: 'online' }), await vms.take({ status: 'online' }), await vms.take({ status: 'online' })];
  const { page } = await loggedInPage(suite);
  await page.goto(`${suite.sim.url}/vms?status=online&limit=1000`);
  for (const vm of picked) await page.check(`#select-${vm.id}`);
  await page.waitForSelector('#bulk-count:text("3 VMs selected")');
  const reboots = recordRequests(page, (url, method) => method === 'POST' && url.endsWith('/reboot'));
  // The third is made busy behind the panel's back just before.
  await rebootBehindTheBack(suite.sim.api, picked[2].id);
  // A double click sends one round.
  await page.dblclick('#bulk-reboot');
  await page.waitForSelector('#bulk-results .notice-title:text("Reboot: 2 accepted, 1 refused")');
  assert.equal(reboots.list().length, 3, 'one request per VM');
  const refused = page.locator(`#bulk-results li[data-vm="${picked[2].id}"]`);
  assert.match(await refused.textContent(), /refused: .+/);
  await page.click('#task-tray-toggle');
  assert.equal(await page.locator('#task-tray .task:has-text("Reboot")').count(), 3);
  assert.equal(await page.locator('#task-tray .task-failed:has-text("Reboot")').count(), 1);
  assert.equal(await page.isVisible('#bulk-bar'), false, 'the selection is cleared once done');
});

test('bulk destroy lists the VMs and needs the typed word; a shift-click selects a range', async () => {
  const { page } = await loggedInPage(suite);
  await page.goto(`${suite.sim.url}/vms?status=offline&locked=0&suspended=0&limit=25`);
  await page.waitForSelector('#vm-table tbody tr');
  const ids = await page.$$eval('#vm-table tbody tr', (rows) => rows.map((r) => r.id.replace('vm-row-', '')));
  await page.click(`#select-${ids[0]}`);
  await page.click(`#select-${ids[3]}`, { modifiers: ['Shift'] });
  await page.waitForSelector('#bulk-count:text("4 VMs selected")');
  await page.click(`#select-${ids[2]}`);
  await page.click(`#select-${ids[3]}`);
  await page.waitForSelector('#bulk-count:text("2 VMs selected")');
  const chosen = [ids[0], ids[1]];
  const names = await Promise.all(chosen.map((id) => page.textContent(`#vm-row-${id} .vm-link`)));

  const deletes = recordRequests(page, (url, method) => method === 'DELETE');
  await page.click('#bulk-destroy');
  await page.waitForSelector('#bulk-destroy-dialog[open]');
  const listed = await page.textContent('#bulk-destroy-list');
  for (const name of names) assert.ok(listed.includes(name.trim()), `${name} is listed`);
  assert.ok(await page.isDisabled('#bulk-destroy-confirm'), 'nothing goes before the word is typed');
  // One request per VM, as shown before anything is sent.
  const shown = await shownRequests(page, 'dialog-request', '#bulk-destroy-dialog');
  assert.deepEqual(shown.map((r) => [r.method, r.url.split('/').pop(), r.body]), chosen.map((id) => ['DELETE', id, null]));
  await page.fill('#bulk-destroy-typed', 'destro');
  assert.ok(await page.isDisabled('#bulk-destroy-confirm'));
  assert.equal(deletes.list().length, 0);
  await page.fill('#bulk-destroy-typed', 'destroy');
  await page.click('#bulk-destroy-confirm');
  await page.waitForSelector('#bulk-results .notice-title:text("Destroy: 2 accepted, 0 refused")');
  assert.deepEqual(deletes.list().map((d) => d.path.split('/').pop()).sort(), [...chosen].sort());
});

test('a row menu works by keyboard', async () => {
  const vm = await vms.take({ status: 'online' });
  const { page } = await loggedInPage(suite);
  await page.goto(`${suite.sim.url}/vms?id=${vm.id}`);
  await page.waitForSelector(`#vm-row-${vm.id}`);
  const reboots = recordRequests(page, (url, method) => method === 'POST' && url.endsWith('/reboot'));
  await page.focus(`#vm-row-${vm.id} .row-menu summary`);
  await page.keyboard.press('Enter');
  await page.waitForSelector(`#vm-row-${vm.id} .row-menu-list`);
  // Escape closes it and gives the focus back to its button.
  await page.keyboard.press('Escape');
  await page.waitForSelector(`#vm-row-${vm.id} .row-menu-list`, { state: 'detached' });
  await focusMovesTo(page, `#vm-row-${vm.id} .row-menu summary`, 'Escape gives the focus back to the menu button');
  await page.keyboard.press('Enter');
  await page.waitForSelector(`#vm-row-${vm.id} .row-menu-list`);
  for (let i = 0; i < 6; i += 1) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.dataset.action)) === 'reboot') break;
  }
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.action), 'reboot');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#bulk-results .notice-title:text("Reboot: 1 accepted, 0 refused")');
  assert.equal(reboots.list().length, 1);
  await page.waitForSelector(`#vm-row-${vm.id}.is-busy`);
});
