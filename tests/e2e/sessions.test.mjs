// Sessions: where a login leads back to (never off the panel), how long a login lasts, what ends it (a logout, in every tab, or a token refused mid-session), and what stays in the browser's storage (the token only while logged in, the account's data as remembered).

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO, vmPicker } from '../support/api.mjs';
import { logIn, loggedInPage, logOut } from '../support/pages/login.mjs';
import { gotoVm, rebootFromPage, untilFree } from '../support/pages/vm.mjs';
import { recordRequests, storedValues } from '../support/requests.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '20', '--op-ms', '800'], { before, after, afterEach });
const vms = vmPicker(suite);

/** Every request `page` sends from now on with the demo token, as its path. */
function tokenRequests(page) {
  const seen = [];
  page.on('request', (request) => {
    if (request.headers().authorization === DEMO.token) seen.push(new URL(request.url()).pathname);
  });
  return seen;
}

/** A second page of the same browser (its tabs share localStorage, not sessionStorage). */
async function secondTab(handle) {
  const page = await handle.context.newPage();
  page.on('pageerror', (err) => handle.problems.push(`second tab: page error: ${err.message}`));
  return page;
}

/** The keys of both storages that hold anything of the demo account. */
async function accountKeys(page) {
  const values = await storedValues(page);
  return values
    .filter(([, key, value]) => key.includes(`#${DEMO.account}`) || /vmdeck\.(history|seen|draft|unapplied|my_address|session)/.test(key) || value.includes(DEMO.token))
    .map(([store, key]) => `${store}:${key}`);
}

test('after login, a crafted "next" never leaves the panel; one of its pages is kept', async () => {
  const { page } = await suite.open();
  const origin = new URL(suite.sim.url).origin;
  const payloads = [
    '/\\evil.example/login',
    '/%09/evil.example/',
    '/\\/evil.example/',
    '/\t/evil.example/',
    'https:evil.example',
    '//evil.example/',
    '///evil.example/',
    'https://evil.example/',
    'javascript:alert(1)',
    ' /vms',
    '/vms/../login',
    '/login?next=https://evil.example/',
  ];
  for (const next of payloads) {
    await page.goto(`${suite.sim.url}/login?next=${encodeURIComponent(next)}`);
    await logIn(page, suite.sim.url);
    await page.waitForURL(`${origin}/vms`, { timeout: 10000 }).catch(() => {
      assert.fail(`next=${JSON.stringify(next)} led to ${page.url()}`);
    });
  }
  // The link of the report, as written: the browser decodes %5C to a backslash.
  await page.goto(`${suite.sim.url}/login?next=/%5Cevil.example/login`);
  await logIn(page, suite.sim.url);
  await page.waitForURL(`${origin}/vms`);

  const vm = await vms.look();
  for (const next of [`/vms/${vm.id}/network`, '/interfaces', '/vms?q=web&sort=label']) {
    await page.goto(`${suite.sim.url}/login?next=${encodeURIComponent(next)}`);
    await logIn(page, suite.sim.url);
    await page.waitForURL(`${origin}${next}`);
  }
});

test('a logout reaches every tab of the browser: they go to the login page and send the token no more', async () => {
  const handle = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
  const second = await secondTab(handle);
  // Its own login (a tab has its own sessionStorage), on another page.
  await logIn(second, suite.sim.url);
  await second.waitForSelector('#vm-table tbody tr');
  await second.goto(`${suite.sim.url}/interfaces`);
  await second.waitForSelector('#nics-table, #nics-empty');
  const sent = tokenRequests(second);

  await logOut(handle.page);
  await handle.page.waitForURL(/\/login$/);
  await second.waitForURL(/\/login\?next=%2Finterfaces$/);
  assert.match(await second.textContent('#login-notice'), /logged out in another tab/);
  // Back on the tab: it neither reads again nor keeps its copy.
  await second.bringToFront();
  await second.evaluate(() => window.dispatchEvent(new Event('focus')));
  await second.waitForTimeout(500);
  assert.deepEqual(sent, []);
  assert.deepEqual(await accountKeys(second), []);
});

test('a remembered login is logged out in every tab too, and a closed tab reopened cannot bring a login back', async () => {
  const handle = await loggedInPage(suite, { remember: true, ready: '#vm-table tbody tr' });
  // A second tab opened later is logged in by the remembered login.
  const second = await secondTab(handle);
  await second.goto(`${suite.sim.url}/vms`);
  await second.waitForSelector('#vm-table tbody tr');
  // What a browser brings back with a closed tab: its sessionStorage.
  const kept = await second.evaluate(() => sessionStorage.getItem('vmdeck.session') ?? localStorage.getItem('vmdeck.session'));
  assert.ok(kept?.includes(DEMO.token));
  await second.close();

  await logOut(handle.page);
  await handle.page.waitForURL(/\/login$/);

  const reopened = await secondTab(handle);
  await reopened.addInitScript((session) => {
    if (!sessionStorage.getItem('vmdeck.restored')) {
      sessionStorage.setItem('vmdeck.session', session);
      sessionStorage.setItem('vmdeck.restored', '1');
    }
  }, kept);
  const sent = tokenRequests(reopened);
  await reopened.goto(`${suite.sim.url}/vms`);
  await reopened.waitForURL(/\/login\?next=%2Fvms$/);
  await reopened.waitForSelector('#login-notice');
  assert.deepEqual(sent, [], 'the old token is not sent again');
  assert.equal(await reopened.evaluate(() => sessionStorage.getItem('vmdeck.session')), null);
});

/** A fresh page whose deployment's config.json gives this login lifetime, with the browser's clock under the test's hand. */
async function withLifetime(session) {
  const handle = await suite.open();
  await handle.context.route('**/config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), session } });
  });
  await handle.page.clock.install();
  return handle;
}

test('a login ends after the deployment\'s time without use, before anything more is sent', async () => {
  const { page } = await withLifetime({ idle_minutes: 5 });
  await logIn(page, suite.sim.url);
  await page.waitForSelector('#vm-table tbody tr');

  // Used now and then: still in.
  await page.clock.fastForward('04:00');
  await page.mouse.click(5, 400);
  await page.clock.fastForward('04:00');
  await page.waitForTimeout(300);
  assert.match(page.url(), /\/vms$/);

  const sent = tokenRequests(page);
  await page.clock.fastForward('05:30');
  await page.waitForURL(/\/login\?next=%2Fvms$/);
  assert.match(await page.textContent('#login-notice'), /after 5 minutes without use/);
  assert.deepEqual(sent, []);
  assert.deepEqual((await storedValues(page)).filter(([, , value]) => value.includes(DEMO.token)), [], 'the token is gone');
});

test('a remembered login ends after the deployment\'s days, however much it is used', async () => {
  const { page } = await withLifetime({ idle_minutes: 180, remember_days: 2 });
  await logIn(page, suite.sim.url, { remember: true });
  await page.waitForSelector('#vm-table tbody tr');
  for (let hours = 2; hours <= 46; hours += 2) {
    await page.clock.fastForward('02:00:00');
    await page.keyboard.press('Shift');
  }
  await page.waitForTimeout(300);
  assert.match(page.url(), /\/vms$/, 'still in after 46 hours of use');
  await page.clock.fastForward('02:30:00');
  await page.waitForURL(/\/login\?next=%2Fvms$/);
  assert.match(await page.textContent('#login-notice'), /remembers a login for 2 days/);
  assert.equal(await page.evaluate(() => localStorage.getItem('vmdeck.session')), null);
  // The login page says how long a login lasts here.
  assert.match(await page.textContent('#login-remember-hint'), /up to 2 days.*180 minutes without use/s);
});

test('a login idle too long is over on a reload too, before anything is sent', async () => {
  const { page } = await loggedInPage(suite, { remember: true });
  await page.evaluate(() => {
    const ago = Date.now() - 31 * 60 * 1000;
    const earlier = (login) => ({ ...login, logged_in_at: ago });
    // This tab's logins, and the ones the browser remembers.
    const tab = JSON.parse(sessionStorage.getItem('vmdeck.session'));
    sessionStorage.setItem('vmdeck.session', JSON.stringify({ ...tab, logins: tab.logins.map(earlier) }));
    localStorage.setItem('vmdeck.session', JSON.stringify(JSON.parse(localStorage.getItem('vmdeck.session')).map(earlier)));
    const used = JSON.parse(localStorage.getItem('vmdeck.used'));
    localStorage.setItem('vmdeck.used', JSON.stringify(Object.fromEntries(Object.keys(used).map((id) => [id, ago]))));
    // And until when the boot script's first read may go out: as much earlier.
    const gate = JSON.parse(sessionStorage.getItem('vmdeck.first_read'));
    sessionStorage.setItem('vmdeck.first_read', JSON.stringify({ ...gate, until: gate.until - 31 * 60 * 1000 }));
  });
  const sent = tokenRequests(page);
  await page.reload();
  await page.waitForURL(/\/login\?next=%2Fvms$/);
  assert.match(await page.textContent('#login-notice'), /after 30 minutes without use/);
  assert.deepEqual(sent, []);
});

test('a logout leaves nothing of the account unless the login was remembered; "Forget this device" removes the rest', async () => {
  const vm = await vms.take({ status: 'online' });
  for (const remember of [false, true]) {
    const handle = await loggedInPage(suite, { remember, ready: '#vm-table tbody tr' });
    const { page } = handle;
    // History, the visit record, a draft, a rule set, a protection mark, a tag, a pin, a view and the saved address.
    await gotoVm(page, suite.sim.url, vm);
    await rebootFromPage(page);
    await untilFree(page);
    await page.evaluate(() => localStorage.setItem('vmdeck.my_address', JSON.stringify('203.0.113.9')));
    // A firewall rule set of the user's, kept per account as the history is.
    await page.evaluate(() => {
      const history = Object.keys(localStorage).find((key) => key.startsWith('vmdeck.history.'));
      localStorage.setItem(history.replace('vmdeck.history.', 'vmdeck.rule_sets.'), JSON.stringify([{ name: 'Mine', rules: ['accept tcp 22'] }]));
    });
    // The VM protected in this panel, kept per account as the rule sets are.
    await gotoVm(page, suite.sim.url, vm, 'settings', '#card-protection');
    if (await page.$('#protection-on')) await page.click('#protection-on');
    await page.waitForSelector('#protection-off');
    // A tag, kept per account as the marks are.
    await page.click('#vm-tags-edit');
    await page.fill('#vm-tags-text', 'kept');
    await page.click('#vm-tags-add');
    await page.waitForSelector('#vm-tags .tag-list li:has-text("kept")');
    await page.click('#vm-tags-dialog .modal-actions button');
    // A pinned VM and a saved view of the list, kept as the tags are.
    await page.goto(`${suite.sim.url}/vms`);
    await page.click('#vm-table tbody tr .pin-button');
    await page.waitForSelector('#pinned-vms');
    await page.click('#views-menu summary');
    await page.click('#view-save-open');
    await page.fill('#view-name', 'kept');
    await page.click('#view-save');
    await page.waitForSelector('#view-save-dialog', { state: 'hidden' });
    // The list's columns, kept as the views are.
    await page.click('#columns-open');
    await page.check('#column-note');
    await page.waitForURL(/cols=/);
    await page.goto(`${suite.sim.url}/vms/new`);
    await page.fill('#create-label', 'half typed');
    await page.waitForFunction(() => Object.keys(sessionStorage).some((k) => k.startsWith('vmdeck.draft.')));
    const before = await accountKeys(page);
    for (const kind of ['history', 'seen', 'draft', 'rule_sets', 'protection', 'tags', 'pins', 'views', 'columns', 'my_address']) {
      assert.ok(before.some((key) => key.includes(`vmdeck.${kind}`)), `${kind} kept while logged in: ${before}`);
    }

    await logOut(page);
    await page.waitForURL(/\/login$/);
    const left = await accountKeys(page);
    if (!remember) {
      assert.deepEqual(left, [], 'nothing of the account stays');
      assert.equal(await page.$('#forget-device'), null);
    } else {
      assert.ok(left.some((key) => key.includes('vmdeck.history.')), `a remembered login keeps its history: ${left}`);
      assert.ok(left.some((key) => key.includes('vmdeck.rule_sets.')), `and its rule sets: ${left}`);
      assert.ok(left.some((key) => key.includes('vmdeck.protection.')), `and its protection marks: ${left}`);
      assert.ok(['tags', 'pins', 'views', 'columns'].every((kind) => left.some((key) => key.includes(`vmdeck.${kind}.`))), `and its tags, pins and views: ${left}`);
      assert.ok(left.every((key) => !key.includes('vmdeck.session') && !key.includes('vmdeck.draft')), `${left}`);
      await page.click('#forget-device-button');
      await page.waitForSelector('#device-forgotten');
      assert.deepEqual(await accountKeys(page), []);
      assert.equal(await page.$('#forget-device'), null);
    }
  }
});

test('logout forgets the token in every storage', async () => {
  const { page } = await loggedInPage(suite, { remember: true });
  const before = await storedValues(page);
  assert.ok(before.some(([store, , value]) => store === 'local' && value.includes(DEMO.token)), 'remembered');
  assert.ok(before.some(([store, , value]) => store === 'session' && value.includes(DEMO.token)));

  await logOut(page);
  await page.waitForURL(/\/login$/);
  const afterLogout = await storedValues(page);
  assert.ok(afterLogout.every(([, , value]) => !value.includes(DEMO.token)), JSON.stringify(afterLogout));

  await page.goto(`${suite.sim.url}/vms`);
  await page.waitForURL(/\/login\?next=%2Fvms/);
});

test('without remember me the token stays out of localStorage', async () => {
  const { page } = await loggedInPage(suite);
  const values = await storedValues(page);
  assert.ok(values.filter(([store]) => store === 'local').every(([, , value]) => !value.includes(DEMO.token)));
});

test('a token refused mid-session returns to the login page once, with a notice', async () => {
  const { page } = await loggedInPage(suite);
  const vmListCalls = recordRequests(page, (url) => url.includes('/virtual_machines'));
  // The provider revokes the token: from now on the API refuses it.
  await page.route('**/api/**', (route) => route.fulfill({ status: 401, contentType: 'application/json', body: '{"error":"token refused"}' }));
  vmListCalls.clear();
  await page.reload();
  await page.waitForSelector('#login-notice:text("session expired")');
  assert.match(page.url(), /\/login\?next=%2Fvms/);
  await page.waitForTimeout(1500);
  assert.equal(vmListCalls.list().length, 1, 'one refused request, no retry loop');
  assert.match(page.url(), /\/login/);
  assert.deepEqual((await storedValues(page)).filter(([, key]) => key === 'vmdeck.session'), []);
});
