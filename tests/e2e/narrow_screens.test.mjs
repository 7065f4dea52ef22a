// A phone 320 px wide: no page scrolls sideways, in English or Spanish (what is wider than the screen, a table or the tabs, scrolls within its own box).

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { loggedInPage } from '../support/pages/login.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '12'], { before, after, afterEach });

const PAGES = ['/vms', '/vms/new', '/interfaces', '/ip-addresses', '/templates', '/backups', '/snapshots', '/activity', '/workspace',
  ...['', '/disks', '/isos', '/snapshots', '/backups', '/network', '/firewall', '/statistics', '/settings', '/activity'].map((tab) => `/vms/1001${tab}`)];

/** How far the page reaches past the screen's right edge, and the outermost elements that do (not inside a box that scrolls). */
const sideways = (page) => page.evaluate(() => {
  const width = document.documentElement.clientWidth;
  const scrolls = (el) => { for (let p = el.parentElement; p; p = p.parentElement) if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(p).overflowX)) return true; return false; };
  const past = [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > width + 1 && !scrolls(el));
  return { over: document.documentElement.scrollWidth - width, past: past.slice(0, 3).map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`) };
});

for (const locale of ['en-US', 'es-ES']) {
  test(`at 320 px no page scrolls sideways (${locale})`, async () => {
    const { page } = await loggedInPage(suite, { viewport: { width: 320, height: 700 }, locale });
    for (const path of PAGES) {
      await page.goto(`${suite.sim.url}${path}`);
      await page.waitForSelector('main h1, main .breadcrumb');
      await page.waitForLoadState('networkidle');
      const { over, past } = await sideways(page);
      assert.ok(over <= 0, `${path} scrolls ${over} px sideways: ${past.join(', ')}`);
    }
    // The list's filters open, a VM pinned and the list grouped by tag: the longest choices in the bar.
    await page.goto(`${suite.sim.url}/vms?group=tag`);
    await page.waitForSelector('#vm-table tbody tr');
    await page.click('#vm-row-1001 .pin-button');
    await page.waitForSelector('#pinned-1001 .badge');
    await page.click('#vm-filters-toggle');
    await page.click('#views-menu summary');
    const { over, past } = await sideways(page);
    assert.ok(over <= 0, `the list with its filters, pins, groups and views scrolls ${over} px sideways: ${past.join(', ')}`);
    await page.click('#columns-open');
    await page.waitForSelector('#columns-reset');
    const columns = await sideways(page);
    assert.ok(columns.over <= 0, `the list with its column chooser open scrolls ${columns.over} px sideways: ${columns.past.join(', ')}`);
  });
}

// A phone 390 × 844: the VM page's header, actions and tabs leave at least a
// quarter of the first screen to the tab's own content, with the provider's
// notice shown, in either language.
for (const locale of ['en-US', 'es-ES']) {
  test(`on a 390 px phone a VM's tab starts within the first screen (${locale})`, async () => {
    const screen = { width: 390, height: 844 };
    const { page } = await loggedInPage(suite, { viewport: screen, isMobile: true, hasTouch: true, locale });
    await page.goto(`${suite.sim.url}/vms/1001`);
    await page.waitForSelector('#provider-notice');
    await page.waitForSelector('.tab-body #vm-transfer, .tab-body dl');
    const at = await page.evaluate(() => ({
      topbar: document.querySelector('.topbar').getBoundingClientRect().height,
      tabs: document.querySelector('nav.tabs').getBoundingClientRect().bottom,
      content: document.querySelector('.tab-body').getBoundingClientRect().top,
    }));
    assert.ok(at.topbar <= 120, `the top bar takes ${at.topbar} px (two rows are about 113)`);
    assert.ok(at.content <= screen.height * 0.75, `the tab's content starts at ${at.content} px of ${screen.height}`);
  });
}
