// The login page: its form filled in and sent, and fresh pages logged in to the demo account.

import { DEMO } from '../api.mjs';

/** Fills in and sends the login form with an account id and a token (going to the login page first unless the page is on it). */
export async function logIn(page, base, { account = DEMO.account, token = DEMO.token, remember = false, apiUrl } = {}) {
  if (!page.url().includes('/login')) {
    await page.goto(`${base}/login`);
  }
  await page.waitForSelector('#login-submit');
  await chooseWay(page, 'token');
  if (apiUrl !== undefined) {
    await page.fill('#login-base-url', apiUrl);
  }
  await page.fill('#login-account', account);
  await page.fill('#login-token', token);
  if (remember) {
    await page.check('#login-remember');
  }
  await page.click('#login-submit');
}

/** Chooses a way in on the login form, where it offers more than one. */
export async function chooseWay(page, way) {
  const choice = await page.$(`#login-way-${way}`);
  if (choice && !(await choice.isChecked())) await choice.check();
}

/** Logs out of every account, from the header's account menu. */
export async function logOut(page) {
  if (!(await page.$('#account-menu[open]'))) await page.click('#account-menu summary');
  await page.click('#logout');
}

/**
 * A fresh page of the suite, logged in to the demo account and on the VM list
 * once `ready` shows (the table; `'#vm-table tbody tr'` waits for its rows).
 * `base` logs in to another simulator than the suite's, `token` and `remember`
 * go to the login form, and any other option to the browser context
 * (`colorScheme`, `deviceScaleFactor`).
 */
export async function loggedInPage(suite, { base = suite.sim.url, ready = '#vm-table', token, remember, ...options } = {}) {
  const handle = await suite.open(options);
  await logIn(handle.page, base, { token, remember });
  await handle.page.waitForSelector(ready);
  return handle;
}

/**
 * Logs in with "remember me" and answers the storage that keeps later
 * contexts logged in. Waits for the table without keeping a handle to it,
 * which would keep the page's DOM alive.
 */
export async function rememberedLogin(page, base) {
  await logIn(page, base, { remember: true });
  await page.locator('#vm-table').waitFor({ state: 'attached' });
  return page.context().storageState();
}

/** The open account menu's logins: each one's words (the account and its host) and whether it is the one shown. */
export function accountChoices(page) {
  return page.$$eval('#account-list button', (buttons) => buttons.map((b) => [b.textContent.replace(/\s+/g, ' ').trim(), b.getAttribute('aria-current')]));
}
