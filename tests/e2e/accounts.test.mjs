// Several accounts in one tab: added without logging out, the one shown always named in the header, switched from its menu and from Ctrl+K, each with its own drafts and history, and logged out of one at a time or all at once, in every tab.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { axeProblems } from '../support/accessibility.mjs';
import { apiGet } from '../support/api.mjs';
import { accountChoices, logIn, loggedInPage, logOut } from '../support/pages/login.mjs';
import { gotoVm, rebootFromPage, untilFree } from '../support/pages/vm.mjs';
import { storedValues } from '../support/requests.mjs';
import { useSuite } from '../support/suite.mjs';

const SECOND = { account: '2', token: 'second-token' };
const suite = useSuite(['--vms', '6', '--op-ms', '300', '--account', '1:demo-token', '--account', `${SECOND.account}:${SECOND.token}`], { before, after, afterEach });

/** The header's account menu, opened. */
async function openAccountMenu(page) {
  if (!(await page.$('#account-menu[open]'))) await page.click('#account-menu summary');
  await page.waitForSelector('#account-list');
}

/** Adds the second account from the header's menu; the page it lands on shows it. */
async function addSecond(page, ready) {
  await openAccountMenu(page);
  await page.click('#account-add');
  await page.waitForSelector('#login-adding');
  await logIn(page, suite.sim.url, SECOND);
  await page.waitForFunction(() => document.querySelector('#account-shown')?.textContent === 'Account 2');
  await page.waitForSelector(ready);
}

/**
 * Runs `act`, which loads a fresh page, and gives the questions the browser
 * asked meanwhile (the suite's page accepts a question about leaving typed
 * input, which is kept as a draft, so nothing is lost).
 */
async function reloadingTo(handle, act, ready) {
  const before = handle.dialogs.length;
  await Promise.all([handle.page.waitForEvent('load'), act()]);
  await handle.page.waitForSelector(ready);
  return handle.dialogs.slice(before).map((dialog) => dialog.type);
}

const shownAccount = (page) => page.textContent('#account-shown');

test('two accounts in one tab: the header names the one shown, and switching keeps each one\'s drafts and history apart', async () => {
  const handle = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
  const { page } = handle;
  assert.equal(await shownAccount(page), 'Account 1');
  await addSecond(page, '#vm-table tbody tr');
  assert.match(page.url(), /\/vms$/);
  await openAccountMenu(page);
  // Each named by what it shows, the account and its API's host; the one shown is the current one.
  const host = new URL(suite.sim.api).host;
  assert.deepEqual(await accountChoices(page), [
    [`Account 1 ${host}`, null],
    [`Account 2 ${host}`, 'true'],
  ]);
  assert.deepEqual(await axeProblems(page, 'the account menu', { experimental: ['label-content-name-mismatch'] }), []);
  assert.equal(await page.textContent('#logout'), 'Log out of all');

  // Something sent in account 2, and something typed for it.
  const [theirs] = (await apiGet(suite.sim.api, `/account/${SECOND.account}/virtual_machines?limit=1`, SECOND.token)).body;
  await gotoVm(page, suite.sim.url, theirs);
  await rebootFromPage(page);
  await untilFree(page);
  await page.goto(`${suite.sim.url}/vms/new`);
  await page.waitForSelector('#create-label');
  await page.fill('#create-label', 'typed for two');
  await page.waitForFunction(() => Object.keys(sessionStorage).some((k) => k.startsWith('vmdeck.draft.') && k.includes('#2.')));

  // Ctrl+K finds account 1 and shows it on the same page, which is its own.
  // Out of the field first: a shortcut leaves what is being typed alone.
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('Control+k');
  await page.fill('#switcher-input', 'account');
  await page.waitForSelector('#switcher-results li:has-text("Account 1")');
  assert.equal(await page.textContent('#switcher-results li:has-text("Account 1") .switcher-kind'), 'Account');
  const asked = await reloadingTo(handle, () => page.click('#switcher-results li:has-text("Account 1") a'), '#create-label');
  assert.deepEqual(asked, ['beforeunload'], 'typed input is asked about before the page is loaded afresh');
  assert.equal(await shownAccount(page), 'Account 1');
  assert.match(page.url(), /\/vms\/new$/);
  assert.equal(await page.inputValue('#create-label'), '', 'account 2\'s draft stays with account 2');
  await page.goto(`${suite.sim.url}/activity`);
  await page.waitForSelector('#activity-empty');

  // Back to account 2 from the header: its draft and its history.
  await page.goto(`${suite.sim.url}/vms/new`);
  await page.waitForSelector('#create-label');
  await openAccountMenu(page);
  await reloadingTo(handle, () => page.click('#account-list button:has-text("Account 2")'), '#create-label');
  assert.equal(await shownAccount(page), 'Account 2');
  await page.waitForFunction(() => document.querySelector('#create-label')?.value === 'typed for two');
  await page.goto(`${suite.sim.url}/activity`);
  await page.waitForSelector('#activity-table');
  assert.match(await page.textContent('#activity-table tbody'), /Reboot/);
});

test('a VM page of one account is left for the list when another is shown', async () => {
  const handle = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
  const { page } = handle;
  await addSecond(page, '#vm-table tbody tr');
  const [theirs] = (await apiGet(suite.sim.api, `/account/${SECOND.account}/virtual_machines?limit=1`, SECOND.token)).body;
  await gotoVm(page, suite.sim.url, theirs, 'network');
  await openAccountMenu(page);
  await reloadingTo(handle, () => page.click('#account-list button:has-text("Account 1")'), '#vm-table tbody tr');
  assert.match(page.url(), /\/vms$/);
  assert.equal(await shownAccount(page), 'Account 1');
});

test('logging out of one account leaves the other, in this tab and the others; logging out of all ends both', async () => {
  const handle = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
  const { page } = handle;
  await addSecond(page, '#vm-table tbody tr');
  // A tab opened from this one starts with its logins, showing account 2.
  const [other] = await Promise.all([handle.context.waitForEvent('page'), page.evaluate(() => window.open('/interfaces'))]);
  other.on('pageerror', (err) => handle.problems.push(`other tab: page error: ${err.message}`));
  await other.waitForSelector('#nics-table, #nics-empty');
  assert.equal(await shownAccount(other), 'Account 2');

  await openAccountMenu(page);
  assert.equal(await page.textContent('#logout-one'), 'Log out of account 2');
  await Promise.all([page.waitForEvent('load'), page.click('#logout-one')]);
  await page.waitForSelector('#vm-table tbody tr');
  assert.equal(await shownAccount(page), 'Account 1');
  await openAccountMenu(page);
  assert.equal(await page.$$eval('#account-list button', (buttons) => buttons.length), 1);
  assert.equal(await page.$('#logout-one'), null);
  assert.equal(await page.textContent('#logout'), 'Log out');

  // The other tab showed account 2: it is over there too, and account 1 is one press away.
  await other.waitForURL(/\/login\?next=%2Finterfaces$/);
  assert.match(await other.textContent('#login-notice'), /logged out in another tab/);
  await Promise.all([other.waitForEvent('load'), other.click('#open-accounts button:has-text("Account 1")')]);
  await other.waitForSelector('#nics-table, #nics-empty');
  assert.equal(await shownAccount(other), 'Account 1');
  for (const tab of [page, other]) {
    const kept = await storedValues(tab);
    assert.deepEqual(kept.filter(([, key, value]) => value.includes(SECOND.token) || key.includes('#2')), [], 'nothing of account 2 stays');
  }

  await logOut(page);
  await page.waitForURL(/\/login$/);
  await other.waitForURL(/\/login\?next=%2Finterfaces$/);
  assert.equal(await other.$('#open-accounts'), null);
  for (const tab of [page, other]) {
    assert.deepEqual((await storedValues(tab)).filter(([, , value]) => value.includes('demo-token') || value.includes(SECOND.token)), []);
  }
});

test('each account\'s login has its own idle time: the one not shown ends while the other is used', async () => {
  const handle = await suite.open();
  const { page } = handle;
  await handle.context.route('**/config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), session: { idle_minutes: 5 } } });
  });
  await page.clock.install();
  await logIn(page, suite.sim.url);
  await page.waitForSelector('#vm-table tbody tr');
  await addSecond(page, '#vm-table tbody tr');
  for (let i = 0; i < 3; i += 1) {
    await page.clock.fastForward('02:00');
    await page.mouse.click(5, 400);
  }
  await page.clock.fastForward('00:20');
  await page.waitForTimeout(300);
  assert.equal(await shownAccount(page), 'Account 2', 'the account in use goes on');
  await openAccountMenu(page);
  await page.waitForFunction(() => document.querySelectorAll('#account-list button').length === 1);
  assert.deepEqual(await accountChoices(page), [[`Account 2 ${new URL(suite.sim.api).host}`, 'true']]);
  assert.deepEqual((await storedValues(page)).filter(([, , value]) => value.includes('demo-token')), [], 'account 1\'s token is gone');
});
