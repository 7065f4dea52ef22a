// The ways in the provider documents: an email and password (with a two-factor code where the login has one) or an API key, the account chosen from those the login reaches, each request's header checked on the API side.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { accountChoices, chooseWay, logIn } from '../support/pages/login.mjs';
import { recordRequests } from '../support/requests.mjs';
import { deployedCopy, startSim } from '../support/simulator.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '4', '--account', '1:demo-token', '--account', '2:second-token'], { before, after, afterEach });
// Deployments of the generations with `POST /token`: its newest, and its oldest (raw tokens).
const jsonEndpoint = deployedCopy('login-token', (built) => ({ ...built, login: { password: 'token', api_key: false, token: false } }));
const oldest = deployedCopy('login-token-raw', (built) => ({ ...built, login: { password: 'token-raw', api_key: false } }));
after(jsonEndpoint.remove);
after(oldest.remove);

const DEMO_EMAIL = 'demo@example.com';
const TEAM = { email: 'team@example.com', password: 'team-password', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };

/** RFC 6238's code (HMAC-SHA1, 30 s, 6 digits) of a base32 secret, written here apart from the simulator's, so that each checks the other. */
function totp(secret, at = Date.now()) {
  const bits = [...secret.replace(/=+$/, '')].map((c) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'.indexOf(c).toString(2).padStart(5, '0')).join('');
  const key = Buffer.from(bits.match(/.{8}/g).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1000000).padStart(6, '0');
}

/** What the simulator saw of the credentials: counts, and each request's scheme and kind of credential. */
async function authSeen() {
  const response = await fetch(`${suite.sim.url}/_sim/auth`);
  return response.json();
}

async function passwordForm(page, email, password) {
  await page.goto(`${suite.sim.url}/login`);
  await page.waitForSelector('#login-submit');
  await chooseWay(page, 'password');
  await page.fill('#login-email', email);
  await page.fill('#login-password', password);
}

test('an email and password lead to the one account they reach, without an account id, the token sent after Bearer', async () => {
  const { page } = await suite.open();
  await passwordForm(page, 'demo@example.com', 'demo-password');
  assert.equal(await page.$('#login-account'), null, 'no account id is asked');
  await page.click('#login-submit');
  await page.waitForURL(/\/vms$/);
  await page.waitForSelector('#vm-table tbody tr');
  assert.equal(await page.textContent('#account-shown'), 'Northwind Shop');
  const seen = await authSeen();
  const last = seen.requests.at(-1);
  assert.deepEqual([last.scheme, last.credential], ['bearer', 'access_token']);
  assert.ok(seen.password_grants >= 1);
  // The password is kept nowhere.
  const kept = await page.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }));
  assert.ok(!kept.includes('demo-password'));
});

test('a wrong password is said as such, and nothing is kept', async () => {
  const { page } = await suite.open();
  await passwordForm(page, 'demo@example.com', 'not-the-password');
  await page.click('#login-submit');
  const error = await page.waitForSelector('#login-error');
  assert.match(await error.textContent(), /email and password were refused/);
  assert.match(page.url(), /\/login/);
  const kept = await page.evaluate(() => Object.keys(sessionStorage).concat(Object.keys(localStorage)).filter((k) => k.includes('session')));
  assert.deepEqual(kept, []);
});

test('two-factor: the code is asked after the password, a wrong one is refused, the right one leads to a choice of accounts by name', async () => {
  const { page } = await suite.open();
  await passwordForm(page, TEAM.email, TEAM.password);
  assert.equal(await page.isVisible('#login-code'), false, 'the code field waits until it is needed');
  await page.click('#login-submit');
  await page.waitForSelector('#login-error:has-text("two-factor")');
  await page.waitForSelector('#login-code', { state: 'visible' });

  const wrong = String((Number(totp(TEAM.secret)) + 500000) % 1000000).padStart(6, '0');
  await page.fill('#login-code', wrong);
  await page.click('#login-submit');
  await page.waitForSelector('#login-error:has-text("code is wrong")');

  await page.fill('#login-code', totp(TEAM.secret));
  await page.click('#login-submit');
  await page.waitForSelector('#account-chooser');
  const names = await page.$$eval('#account-chooser .account-choice', (buttons) => buttons.map((b) => b.textContent.replace(/\s+/g, ' ').trim()));
  assert.deepEqual(names, ['Northwind Shop Account 1', 'Northwind Staging Account 2']);
  await page.click('#choose-account-2');
  await page.waitForURL(/\/vms$/);
  await page.waitForSelector('#vm-table tbody tr');
  assert.equal(await page.textContent('#account-shown'), 'Northwind Staging');

  // The other account is one press away, without a second login.
  const grants = (await authSeen()).password_grants;
  await page.click('#account-menu summary');
  const choices = await accountChoices(page);
  assert.deepEqual(choices.map(([words, current]) => [words.split(' 127.')[0], current]), [['Northwind Shop', null], ['Northwind Staging', 'true']]);
  await page.click('#account-list button:not([aria-current])');
  await page.waitForSelector('#account-shown:has-text("Northwind Shop")');
  await page.waitForSelector('#vm-table tbody tr');
  assert.equal((await authSeen()).password_grants, grants);
});

test('a code typed with the password goes with it the first time', async () => {
  const { page } = await suite.open();
  await passwordForm(page, TEAM.email, TEAM.password);
  await page.click('#login-code-toggle');
  await page.fill('#login-code', totp(TEAM.secret));
  await page.click('#login-submit');
  await page.waitForSelector('#account-chooser');
});

test('an API key pasted alone is sent after Bearer; an expired one says to make a new one', async () => {
  const { page } = await suite.open();
  await page.goto(`${suite.sim.url}/login`);
  await page.waitForSelector('#login-submit');
  await chooseWay(page, 'api-key');
  await page.fill('#login-key', 'expired-api-key');
  await page.click('#login-submit');
  const error = await page.waitForSelector('#login-error');
  assert.match(await error.textContent(), /refused this API key.*Make a new one in .*control panel/);

  await page.fill('#login-key', 'demo-api-key');
  await page.click('#login-submit');
  await page.waitForURL(/\/vms$/);
  await page.waitForSelector('#vm-table tbody tr');
  const last = (await authSeen()).requests.at(-1);
  assert.deepEqual([last.scheme, last.credential], ['bearer', 'api_key']);
});

test('an account id and token of the oldest way go as typed, with no scheme', async () => {
  const { page } = await suite.open();
  await logIn(page, suite.sim.url);
  await page.waitForSelector('#vm-table tbody tr');
  const last = (await authSeen()).requests.at(-1);
  assert.deepEqual([last.scheme, last.credential], ['raw', 'account_token']);
  assert.equal(await page.textContent('#account-shown'), 'Account 1');
});

test('where the deployment names /token, the email and password go there as JSON; in the oldest generation its token goes as it comes', async () => {
  for (const [deployed, args, scheme] of [[jsonEndpoint, [], 'bearer'], [oldest, ['--generation', 'oldest'], 'raw']]) {
    const own = await startSim(['--vms', '2', '--dist', deployed.dir, ...args]);
    try {
      const { page } = await suite.open();
      const posts = recordRequests(page, (url, method) => method === 'POST');
      await page.goto(`${own.url}/login`);
      await page.waitForSelector('#login-submit');
      assert.equal(await page.$('#login-ways'), null, 'one way: no switch');
      await page.fill('#login-email', DEMO_EMAIL);
      await page.fill('#login-password', 'demo-password');
      await page.click('#login-submit');
      await page.waitForSelector('#vm-table tbody tr');
      assert.deepEqual(posts.list().map((r) => [r.path, JSON.parse(r.body).login]), [['/api/token', DEMO_EMAIL]]);
      const seen = await (await fetch(`${own.url}/_sim/auth`)).json();
      assert.deepEqual([seen.requests.at(-1).scheme, seen.requests.at(-1).credential], [scheme, 'access_token']);
    } finally {
      await own.stop();
    }
  }
});

test('an API that does not list the accounts asks for the account id, which is then checked', async () => {
  const { page } = await suite.open();
  await page.route('**/api/accounts', (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":"Not found"}' }));
  await passwordForm(page, DEMO_EMAIL, 'demo-password');
  await page.click('#login-submit');
  await page.waitForSelector('#login-error:has-text("does not say which accounts")');
  await page.fill('#login-account', '2');
  await page.click('#login-submit');
  await page.waitForSelector('#login-error:has-text("does not open account 2")');
  await page.fill('#login-account', '1');
  await page.click('#login-submit');
  await page.waitForURL(/\/vms$/);
  assert.equal(await page.textContent('#account-shown'), 'Account 1');
});
