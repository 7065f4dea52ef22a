// A tour of every page and dialog of the panel, logged out and in, stopping at each for a check of the caller's.

import { logIn } from './login.mjs';
import { VM_TABS, gotoVm } from './vm.mjs';

/**
 * Walks `page` (not logged in) through every page and dialog of the panel on
 * the simulator at `base`, the VM pages and dialogs on `vm` (which it
 * reboots), and calls `check(where)` at each stop once it shows: 'login',
 * 'login with errors', 'VM list', 'VM list filtered', 'VM list, nothing
 * matches', 'create VM', 'create VM with errors', 'VM <tab> tab' for each of
 * `VM_TABS`, '<name> dialog' for destroy, edit, rebuild, clone and reboot,
 * 'busy VM', 'task tray', 'network interfaces', 'IP addresses', 'not found'.
 */
export async function visitEverything(page, base, vm, check) {
  await page.goto(`${base}/login`);
  await page.waitForSelector('#login-submit');
  await check('login');
  await page.click('#login-submit');
  await page.waitForSelector('.field-error, [aria-invalid="true"]');
  await check('login with errors');

  await logIn(page, base);
  await page.waitForSelector('#vm-table tbody tr');
  await check('VM list');
  await page.click('#vm-filters-toggle');
  await page.selectOption('#filter-status', 'online');
  await page.waitForURL(/status=online/);
  await page.waitForSelector('#vm-table tbody tr');
  await check('VM list filtered');
  await page.goto(`${base}/vms?hostname=no-such-host`);
  await page.waitForSelector('#vm-list-no-match');
  await check('VM list, nothing matches');

  await page.goto(`${base}/vms/new`);
  await page.waitForSelector('#create-submit');
  await check('create VM');
  await page.click('#add-disk');
  await page.fill('#create-hostname', '9-bad host');
  await page.click('#create-submit');
  await page.waitForSelector('.field-error');
  await check('create VM with errors');

  for (const { tab, ready } of VM_TABS) {
    await gotoVm(page, base, vm, tab);
    await page.waitForSelector(ready);
    await check(`VM ${tab} tab`);
  }
  await gotoVm(page, base, vm, 'settings', '#card-edit');
  for (const dialog of ['destroy', 'edit', 'rebuild', 'clone']) {
    await page.click(`#open-${dialog}`);
    await page.waitForSelector(`#${dialog}-dialog[open]`);
    await check(`${dialog} dialog`);
    await page.keyboard.press('Escape');
    await page.waitForSelector(`#${dialog}-dialog:not([open])`, { state: 'attached' });
  }
  await page.click('#action-reboot');
  await page.waitForSelector('#reboot-dialog[open]');
  await check('reboot dialog');
  await page.click('#reboot-dialog #confirm-action');
  await page.waitForSelector('.vm-state .busy');
  await check('busy VM');
  await page.click('#task-tray-toggle');
  await page.waitForSelector('#task-tray li');
  await check('task tray');

  for (const [pathname, ready, where] of [['/interfaces', '#nics-table', 'network interfaces'], ['/ip-addresses', '#ips-table', 'IP addresses'], ['/nowhere', '#not-found', 'not found']]) {
    await page.goto(`${base}${pathname}`);
    await page.waitForSelector(ready);
    await check(where);
  }
}
