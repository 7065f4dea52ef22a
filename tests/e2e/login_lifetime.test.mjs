// A password login lives as long as its token: renewed before it ends, once for every tab, with nothing typed or polled lost; a refused renewal ends it with the drafts kept; a logout revokes it in every tab; a remembered login past its time is gone as the panel starts.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO, apiGet } from '../support/api.mjs';
import { chooseWay, logOut } from '../support/pages/login.mjs';
import { rebootFromPage, untilFree } from '../support/pages/vm.mjs';
import { useSuite } from '../support/suite.mjs';

// Tokens of 9 s are renewed a third of their life ahead: 6 s after they are given.
const suite = useSuite(['--vms', '3', '--account', '1:demo-token', '--token-seconds', '9', '--op-ms', '12000'], { before, after, afterEach });

const authSeen = async () => (await fetch(`${suite.sim.url}/_sim/auth`)).json();

async function passwordLogin(page, { remember = false } = {}) {
  await page.goto(`${suite.sim.url}/login`);
  await page.waitForSelector('#login-submit');
  await chooseWay(page, 'password');
  await page.fill('#login-email', DEMO.email);
  await page.fill('#login-password', DEMO.password);
  if (remember) await page.check('#login-remember');
  await page.click('#login-submit');
  await page.waitForSelector('#vm-table tbody tr');
}

/** The token the tab holds, as the API takes it: read here only to act behind the panel's back. */
const heldToken = (page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('vmdeck.session')).logins[0].token.replace(/^Bearer /, ''));

const revoke = (token) => fetch(`${suite.sim.api}/auth/api/openid-connect/revoke`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Bearer ${token}` }, body: `token=${token}` });

test('a token is renewed before it ends, once for two tabs, under an open dialog and a VM being polled', async () => {
  const { page, context } = await suite.open();
  await passwordLogin(page, { remember: true });
  // Remembered: the token and what renews it, never the password.
  const kept = await page.evaluate(() => localStorage.getItem('vmdeck.session'));
  assert.match(kept, /"refresh_token":"[^"]+"/);
  assert.ok(!kept.includes(DEMO.password));
  const before = await authSeen();
  // A second tab of the same browser, on a VM being rebooted (polled until it is done).
  const second = await context.newPage();
  await second.goto(`${suite.sim.url}/vms/1001`);
  await second.waitForSelector('#vm-title');
  await rebootFromPage(second);
  // The first tab holds a dialog with text typed into it.
  await page.goto(`${suite.sim.url}/vms/1002/settings`);
  await page.click('#open-edit');
  await page.fill('#edit-note', 'typed before the renewal');

  await page.waitForTimeout(8000);
  const after = await authSeen();
  assert.equal(after.refresh_grants - before.refresh_grants, 1, 'one renewal for both tabs');
  assert.equal(await page.inputValue('#edit-note'), 'typed before the renewal');
  assert.ok(await page.isVisible('#edit-note'), 'the dialog is still open');
  // Past the first token's end: both tabs go on with the new one.
  await untilFree(second, 15000);
  await second.reload();
  await second.waitForSelector('#vm-title');
  assert.match(second.url(), /\/vms\/1001$/);
  assert.match(page.url(), /\/vms\/1002\/settings$/);
  const used = (await authSeen()).requests.slice(after.requests.length > 0 ? -5 : 0);
  assert.ok(used.every((r) => r.credential === 'access_token'), JSON.stringify(used));
});

test('a renewal the API refuses ends the login, and what was typed waits for the next one', async () => {
  const { page } = await suite.open();
  await passwordLogin(page);
  await page.goto(`${suite.sim.url}/vms/1002/settings`);
  await page.click('#open-edit');
  await page.fill('#edit-note', 'kept across the login');
  await page.keyboard.press('Escape');
  // Revoked behind the panel's back: its renewal is refused.
  assert.equal((await revoke(await heldToken(page))).status, 200);
  await page.waitForURL(/\/login/, { timeout: 15000 });
  await page.waitForSelector('#login-notice');

  await chooseWay(page, 'password');
  await page.fill('#login-email', DEMO.email);
  await page.fill('#login-password', DEMO.password);
  await page.click('#login-submit');
  await page.waitForURL(/\/vms\/1002\/settings$/);
  await page.click('#open-edit');
  await page.waitForSelector('#edit-draft');
  assert.equal(await page.inputValue('#edit-note'), 'kept across the login');
});

test('logging out revokes the token, every tab leaves the account, and Back shows nothing of it', async () => {
  const { page, context } = await suite.open();
  await passwordLogin(page, { remember: true });
  const token = await heldToken(page);
  const second = await context.newPage();
  await second.goto(`${suite.sim.url}/vms`);
  await second.waitForSelector('#vm-table tbody tr');
  const revocations = (await authSeen()).revocations;

  await logOut(page);
  await page.waitForURL(/\/login/);
  await second.waitForURL(/\/login/, { timeout: 20000 });
  assert.equal((await authSeen()).revocations, revocations + 1);
  const refused = await apiGet(suite.sim.api, '/account/1/virtual_machines', `Bearer ${token}`);
  assert.equal(refused.status, 401);
  await page.goBack();
  await page.waitForSelector('#login-submit');
  assert.equal(await page.$('#vm-table'), null);
});

test('a remembered login past its time is removed as the panel starts, not when it is next used', async () => {
  const { page, context } = await suite.open();
  await passwordLogin(page, { remember: true });
  // The login as this browser keeps it, made 30 days old.
  await page.evaluate(() => {
    const kept = JSON.parse(localStorage.getItem('vmdeck.session'));
    for (const login of kept) login.logged_in_at -= 30 * 24 * 3600 * 1000;
    localStorage.setItem('vmdeck.session', JSON.stringify(kept));
  });
  await page.close();
  const fresh = await context.newPage();
  await fresh.goto(`${suite.sim.url}/login`);
  await fresh.waitForSelector('#login-submit');
  assert.equal(await fresh.evaluate(() => localStorage.getItem('vmdeck.session')), null);
});
