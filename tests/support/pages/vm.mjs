// The VM page: its tabs and what shows once each is there, a page opened on a tab, its header's reboot, and busy until free.

import { loggedInPage } from './login.mjs';
import { recordRequests } from '../requests.mjs';

/**
 * The VM page's tabs, as `path` (after `/vms/ID`) and `ready`, what shows
 * once the tab has its data (either of the states the data can be in).
 * `title` is the tab's name in the document's title.
 */
export const VM_TABS = [
  { tab: 'overview', path: '', ready: '#vm-fields', title: 'Overview' },
  { tab: 'disks', path: '/disks', ready: '#disk-table', title: 'Disks' },
  { tab: 'isos', path: '/isos', ready: '#iso-none, #iso-name', title: 'ISOs' },
  { tab: 'snapshots', path: '/snapshots', ready: '#snapshot-table, #snapshots-empty', title: 'Snapshots' },
  { tab: 'network', path: '/network', ready: '.nic, #nic-empty', title: 'Network' },
  { tab: 'firewall', path: '/firewall', ready: '#rule-default', title: 'Firewall' },
  { tab: 'statistics', path: '/statistics', ready: '#cpu-canvas, #cpu-no-data', title: 'Statistics' },
  { tab: 'settings', path: '/settings', ready: '#card-edit', title: 'Settings' },
];

/** The VM's Activity tab, beside the others: it lists what this browser sent. */
export const ACTIVITY_TAB = { tab: 'activity', path: '/activity', ready: '#vm-activity-table, #activity-empty', title: 'Activity' };

/** The address of the VM's page, on `tab` (a name of `VM_TABS`, or '' for the overview). */
export const vmPath = (vm, tab = '') => `/vms/${vm.id}${tab && tab !== 'overview' ? `/${tab}` : ''}`;

/** Goes to the VM's page on `tab` and waits for `ready` (by default the page's title). */
export async function gotoVm(page, base, vm, tab = '', ready = '#vm-title') {
  await page.goto(`${base}${vmPath(vm, tab)}`);
  await page.waitForSelector(ready);
}

/**
 * Counts the requests the page makes to the VM from now on: `get` the reads
 * of the VM itself, `writes` as 'PUT /' or 'POST /reset_password'.
 */
export function vmRequestCounts(page, vm) {
  const at = `/virtual_machine/${vm.id}`;
  const requests = recordRequests(page, (url) => url.includes(at));
  return {
    get get() {
      return requests.list().filter((r) => r.method === 'GET' && r.url.endsWith(at)).length;
    },
    get writes() {
      return requests.list().filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url.split(at)[1] || '/'}`);
    },
  };
}

/**
 * A fresh page of the suite logged in and on the VM's page on `tab` once
 * `ready` shows (by default the page's title), with `counts` of the requests
 * it makes to that VM (`vmRequestCounts`). Other options go to `loggedInPage`.
 */
export async function openVm(suite, vm, tab = '', { ready = '#vm-title', ...options } = {}) {
  const handle = await loggedInPage(suite, options);
  const counts = vmRequestCounts(handle.page, vm);
  await gotoVm(handle.page, suite.sim.url, vm, tab, ready);
  return Object.assign(handle, { counts });
}

/** Reboots the VM from its page's header, confirmed as the dialog offers it, and waits until it is busy. */
export async function rebootFromPage(page) {
  await page.click('#action-reboot');
  await page.click('#reboot-dialog #confirm-action');
  await page.waitForSelector('.vm-state .busy');
}

/** Waits until the VM of the page is no longer busy. */
export async function untilFree(page, timeout = 10000) {
  await page.waitForSelector('.vm-state .busy', { state: 'detached', timeout });
}

/**
 * Points at a link and waits until the part of the panel behind it has arrived
 * (`module` as in src/start/parts/, e.g. `part_vm`), for tests about what happens
 * next with the API rather than with the panel's own download.
 */
export async function partBehind(page, selector, module) {
  await page.hover(selector);
  await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, `vmdeck:part-loaded:${module}`);
}
