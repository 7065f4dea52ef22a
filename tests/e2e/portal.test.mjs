// Arriving from the provider's portal: a login handed over in a link's fragment or by postMessage from a portal window, the way back to the portal, and the provider's notice and links.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO, vmPicker } from '../support/api.mjs';
import { accountChoices, logIn, logOut } from '../support/pages/login.mjs';
import { recordRequests } from '../support/requests.mjs';
import { deployedCopy } from '../support/simulator.mjs';
import { useSuite } from '../support/suite.mjs';

const SECOND = { account: '2', token: 'second-token' };
const PORTAL = 'https://portal.nube.example';
const DAY = 24 * 3600 * 1000;
const NOW = Date.parse('2026-12-02T12:00:00Z');

const deployed = deployedCopy('portal', (built) => ({
  ...built,
  portal: { name: 'Nube Portal', url: `${PORTAL}/services`, logout_url: `${PORTAL}/bye`, link_login: true, origins: [PORTAL] },
  notice: {
    text: { en: 'Maintenance on 3 December, 02:00–04:00 UTC.', es: 'Mantenimiento el 3 de diciembre, de 02:00 a 04:00 UTC.' },
    level: 'warning',
    starts: '2026-12-01T00:00:00Z',
    ends: '2026-12-03T04:00:00Z',
  },
  links: { status: 'https://status.nube.example/', billing: `${PORTAL}/invoices`, terms: 'https://nube.example/terms', blog: 'https://blog.nube.example/' },
}));
// The same panel where the deployment takes no login from a link.
const closed = deployedCopy('portal-closed', (built) => ({ ...built, portal: { name: 'Nube Portal' } }));

const suite = useSuite(['--vms', '12', '--account', `${DEMO.account}:${DEMO.token}`, '--account', `${SECOND.account}:${SECOND.token}`, '--dist', deployed.dir], { before, after, afterEach });
const vms = vmPicker(suite);
after(deployed.remove);
after(closed.remove);

const link = (base, { account = DEMO.account, token = DEMO.token, next, extra = '' } = {}) =>
  `${base}/#account=${account}&token=${encodeURIComponent(token)}${next ? `&next=${encodeURIComponent(next)}` : ''}${extra}`;

/** A page of the suite with the clock at NOW, and the portal's site answered by the test. */
async function open(options = {}) {
  const handle = await suite.open(options);
  await handle.page.clock.install({ time: NOW });
  await handle.context.route(`${PORTAL}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Nube Portal</title><h1>Nube Portal</h1>' }));
  return handle;
}

/** Every place the token could still be: the address, the tab's history entries, the requests' URLs. */
async function tokenLeft(page, requests, token) {
  const places = [page.url(), await page.evaluate(() => `${location.href} ${JSON.stringify(history.state)}`), ...requests.list().map((r) => r.url)];
  return places.filter((place) => place.includes(token));
}

test('a portal link logs in, lands on its page, and leaves the token in no address, history entry or request URL', async () => {
  const vm = await vms.look({ status: 'online' });
  const { page } = await open();
  await page.goto('about:blank');
  const requests = recordRequests(page, () => true);
  await page.goto(link(suite.sim.url, { next: `/vms/${vm.id}/network` }));
  // A fresh tab asks first, naming the account and the link, echoing nothing else of it.
  await page.waitForSelector('#handoff-question');
  const asked = await page.textContent('#handoff');
  assert.match(asked, /Log in from a link.*A link asks to log this tab in to account 1/s);
  assert.doesNotMatch(asked, /Nube Portal|network|\/vms/);
  assert.equal(requests.list().filter((r) => r.path.startsWith('/api/')).length, 0, 'nothing is sent before the user says so');
  assert.equal(await page.textContent('#handoff-switch'), 'Log in to account 1');
  await page.click('#handoff-switch');
  await page.waitForURL(new RegExp(`/vms/${vm.id}/network$`));
  await page.waitForSelector('#vm-title');
  assert.equal(new URL(page.url()).hash, '');
  assert.deepEqual(await tokenLeft(page, requests, DEMO.token), []);
  const api = requests.list().filter((r) => r.path.startsWith('/api/'));
  assert.ok(api.length > 0);
  // A reload keeps the login, without the fragment.
  await page.reload();
  await page.waitForSelector('#vm-title');
  assert.doesNotMatch(page.url(), /token=/);
  assert.match(await page.textContent('.account-name'), /Account 1/);
  // Back to where the tab was before: no entry of the tab's history holds the fragment.
  const visited = [];
  for (let step = 0; step < 5 && page.url() !== 'about:blank'; step += 1) {
    await page.goBack({ waitUntil: 'commit' });
    visited.push(page.url());
  }
  assert.equal(page.url(), 'about:blank', `Back leads out of the panel: ${visited.join(' ')}`);
  assert.deepEqual(visited.filter((url) => url.includes('token=') || url.includes(DEMO.token)), []);
});

test('a foreign next leads to the list; an API address in the link, or a link where the deployment takes none, logs in to nothing', async () => {
  const { page } = await open();
  await page.goto(link(suite.sim.url, { next: 'https://evil.example/' }));
  await page.click('#handoff-switch');
  await page.waitForURL(/\/vms$/);
  await page.waitForSelector('#vm-table');

  const { page: second } = await open();
  const requests = recordRequests(second, () => true);
  await second.goto(link(suite.sim.url, { extra: '&api=https%3A%2F%2Fevil.example%2Fapi' }));
  await second.waitForSelector('#handoff-failed');
  assert.match(await second.textContent('#handoff-failed'), /“api”.*not used/s);
  assert.equal(requests.list().filter((r) => r.path.startsWith('/api/')).length, 0, 'nothing was sent anywhere');
  assert.ok(!requests.list().some((r) => r.url.includes('evil.example')));
  assert.doesNotMatch(second.url(), /token=/);
  await second.click('#handoff-close');
  await second.waitForSelector('#login-submit');

  const { page: third } = await open();
  const { startSim } = await import('../support/simulator.mjs');
  const other = await startSim(['--vms', '3', '--dist', closed.dir]);
  try {
    await third.goto(link(other.url));
    await third.waitForSelector('#handoff-failed');
    assert.match(await third.textContent('#handoff-failed'), /does not take a login from a link/);
    assert.doesNotMatch(third.url(), /token=/);
  } finally {
    await other.stop();
  }
});

test('a link for another account asks before the tab shows it; the account it showed stays open beside it', async () => {
  const { page } = await open();
  await logIn(page, suite.sim.url);
  await page.waitForSelector('#vm-table');
  await page.goto(link(suite.sim.url, { ...SECOND, next: '/interfaces' }));
  await page.waitForSelector('#handoff-question');
  assert.match(await page.textContent('#handoff-question'), /A link asks to log this tab in to account 2/);
  assert.match(await page.textContent('#handoff'), /You stay logged in to account 1/);
  await page.click('#handoff-stay');
  await page.waitForSelector('#handoff', { state: 'hidden' });
  assert.match(await page.textContent('.account-name'), /Account 1/);

  // Pasted into the running tab: the same question, then the switch.
  await page.evaluate((fragment) => { location.hash = fragment; }, `account=${SECOND.account}&token=${SECOND.token}&next=%2Finterfaces`);
  await page.waitForSelector('#handoff-switch');
  assert.doesNotMatch(page.url(), /token=/);
  await page.click('#handoff-switch');
  await page.waitForURL(/\/interfaces$/);
  await page.waitForFunction(() => /Account 2/.test(document.querySelector('.account-name')?.textContent ?? ''));
  await page.click('#account-menu summary');
  assert.deepEqual(await accountChoices(page), [
    [`Account 1 ${new URL(suite.sim.api).host}`, null],
    [`Account 2 ${new URL(suite.sim.api).host}`, 'true'],
  ]);
});

test('a portal window hands the login over by postMessage, from its own origin only', async () => {
  const vm = await vms.look({ status: 'online' });
  const { page, context } = await open();
  const panel = new URL(suite.sim.url).origin;
  // The portal's page: opens the panel's /portal page and answers its "ready".
  await context.route(`${PORTAL}/open`, (route) => route.fulfill({
    contentType: 'text/html',
    body: `<!doctype html><title>Nube Portal</title><script>
      const panel = window.open(${JSON.stringify(`${panel}/portal`)}, 'panel');
      addEventListener('message', (event) => {
        if (event.source === panel && event.origin === ${JSON.stringify(panel)} && event.data?.type === 'vmdeck:ready') {
          panel.postMessage({ type: 'vmdeck:login', account: ${JSON.stringify(DEMO.account)}, token: ${JSON.stringify(DEMO.token)}, next: ${JSON.stringify(`/vms/${vm.id}`)} }, event.origin);
        }
      });
    </script>`,
  }));
  const opened = context.waitForEvent('page');
  await page.goto(`${PORTAL}/open`);
  const popup = await opened;
  const requests = recordRequests(popup, () => true);
  await popup.waitForURL(new RegExp(`/vms/${vm.id}$`));
  await popup.waitForSelector('#vm-title');
  assert.deepEqual(await tokenLeft(popup, requests, DEMO.token), []);

  // A window of another origin that opens /portal is not listened to.
  const { page: stranger, context: strangers } = await open();
  await strangers.route('https://evil.example/**', (route) => route.fulfill({
    contentType: 'text/html',
    body: `<!doctype html><script>
      const panel = window.open(${JSON.stringify(`${panel}/portal`)}, 'panel');
      setInterval(() => panel.postMessage({ type: 'vmdeck:login', account: '1', token: ${JSON.stringify(DEMO.token)} }, '*'), 100);
    </script>`,
  }));
  const strangerOpened = strangers.waitForEvent('page');
  await stranger.goto('https://evil.example/open');
  const victim = await strangerOpened;
  await victim.waitForSelector('#portal-waiting');
  await victim.waitForTimeout(800);
  assert.equal(await victim.locator('#handoff').count(), 0);
  assert.match(victim.url(), /\/portal$/);
});

test('back to the portal, its links, and the portal\'s page after logout', async () => {
  const { page } = await open();
  await page.goto(link(suite.sim.url));
  await page.click('#handoff-switch');
  await page.waitForSelector('#vm-table');
  assert.equal(await page.getAttribute('#portal-back', 'href'), `${PORTAL}/services`);
  assert.equal(await page.textContent('#portal-back'), 'Back to Nube Portal');
  await page.click('#header-menu summary');
  const links = await page.$$eval('#header-links a', (as) => as.map((a) => [a.textContent, a.getAttribute('href'), a.rel]));
  assert.deepEqual(links, [
    ['Service status', 'https://status.nube.example/', 'noopener noreferrer'],
    ['Billing', `${PORTAL}/invoices`, 'noopener noreferrer'],
    ['Terms of service', 'https://nube.example/terms', 'noopener noreferrer'],
  ]);
  await logOut(page);
  await page.waitForURL(`${PORTAL}/bye`);
  // The login ended: the panel asks for it again.
  await page.goto(`${suite.sim.url}/vms`);
  await page.waitForSelector('#login-submit');
  assert.equal(await page.$$eval('#login-links a', (as) => as.length), 3);
});

test('the notice shows in its window only, and stays dismissed in this browser', async () => {
  const { page, consoleLines } = await open();
  await page.goto(`${suite.sim.url}/login`);
  await page.waitForSelector('#provider-notice');
  assert.match(await page.textContent('#provider-notice'), /Maintenance on 3 December/);
  assert.equal(await page.getAttribute('#provider-notice', 'class'), 'notice notice-warning provider-notice');
  assert.ok(consoleLines.some((line) => /links\.blog/.test(line)), 'the unknown link is named on the console');
  await logIn(page, suite.sim.url);
  await page.waitForSelector('#vm-table');
  assert.ok(await page.isVisible('#provider-notice'));
  // After its end, it is gone without a reload.
  await page.clock.runFor(DAY);
  await page.waitForSelector('#provider-notice', { state: 'detached' });

  const { page: early } = await open();
  await early.clock.setSystemTime(NOW - 3 * DAY);
  await early.goto(`${suite.sim.url}/login`);
  await early.waitForSelector('#login-submit');
  await early.waitForTimeout(300);
  assert.equal(await early.locator('#provider-notice').count(), 0, 'not before its start');

  const { page: again } = await open();
  await again.goto(`${suite.sim.url}/login`);
  await again.click('#provider-notice-dismiss');
  await again.waitForSelector('#provider-notice', { state: 'detached' });
  await again.reload();
  await again.waitForSelector('#login-submit');
  await again.waitForTimeout(300);
  assert.equal(await again.locator('#provider-notice').count(), 0, 'dismissed stays dismissed');
});
