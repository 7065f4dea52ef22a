// The login page: the demo token leads to the account's VMs, a refused token or an API that cannot be reached is named, and the form checks its fields before sending.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { accountPath, apiGet } from '../support/api.mjs';
import { chooseWay, logIn } from '../support/pages/login.mjs';
import { recordRequests, storedValues } from '../support/requests.mjs';
import { startSim } from '../support/simulator.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '75', '--account', '1:demo-token', '--account', '2:second-token'], { before, after, afterEach });

test('logging in with the demo token shows the account VMs from the API', async () => {
  const { page } = await suite.open();
  await page.goto(suite.sim.url);
  await page.waitForURL(/\/login\?next=/);
  await logIn(page, suite.sim.url);
  await page.waitForURL(/\/vms$/);
  await page.waitForSelector('#vm-table tbody tr');

  const api = await apiGet(suite.sim.api, accountPath('/virtual_machines?offset=0&limit=50'));
  const shown = await page.$$eval('#vm-table tbody tr', (rows) => rows.map((row) => row.id));
  assert.deepEqual(shown, api.body.map((vm) => `vm-row-${vm.id}`));
  const firstHost = await page.textContent(`#vm-row-${api.body[0].id} .mono`);
  assert.equal(firstHost, api.body[0].hostname);
  assert.equal(await page.textContent('#vm-list-range'), `1–50 of ${api.headers.get('x-total')}`);

  await page.click('#page-next');
  await page.waitForURL(/offset=50/);
  await page.waitForSelector('#vm-list-range:text("51–75 of 75")');
});

test('a wrong token gives a clear message and stores nothing', async () => {
  const { page } = await suite.open();
  await page.goto(`${suite.sim.url}/login`);
  await logIn(page, suite.sim.url, { token: 'not-the-token' });
  const error = await page.waitForSelector('#login-error');
  assert.match(await error.textContent(), /refused this token/);
  assert.match(page.url(), /\/login/);
  assert.deepEqual((await storedValues(page)).filter(([, key]) => key.includes('session')), []);

  await logIn(page, suite.sim.url, { token: 'second-token' });
  await page.waitForSelector('#login-error:has-text("does not open account 1")');
});

test('the login form checks its fields before sending anything', async () => {
  const { page } = await suite.open();
  const apiCalls = recordRequests(page);
  await page.goto(`${suite.sim.url}/login`);
  await page.waitForSelector('#login-submit');
  await chooseWay(page, 'token');
  await page.fill('#login-base-url', 'javascript:alert(1)');
  await page.fill('#login-account', 'abc');
  await page.click('#login-submit');
  await page.waitForSelector('#login-base-url-error');
  assert.match(await page.textContent('#login-account-error'), /number/);
  assert.match(await page.textContent('#login-token-error'), /token/);
  assert.equal(apiCalls.list().length, 0);
});

test('an API that cannot be reached is named, not a blank page', async () => {
  // The policy lets the panel connect only to its configured API, so the API
  // that cannot be reached is that one, gone after the page has loaded.
  const own = await startSim(['--vms', '1']);
  const { page } = await suite.open();
  await page.goto(`${own.url}/login`);
  await page.waitForSelector('#login-submit');
  await own.stop();
  await logIn(page, own.url);
  const error = await page.waitForSelector('#login-error', { timeout: 20000 });
  assert.match(await error.textContent(), new RegExp(`Cannot reach the API at ${own.api.replace(/[.]/g, '\\.')}`));
});
