// Screenshots of the built panel against the simulator, light and dark, wide
// and narrow, into screenshots/ (not committed). Run by scripts/screenshots.sh.

import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { ROOT, startSim, launchBrowser, logIn, apiGet, accountPath } from '../tests/e2e/harness.mjs';

const OUT = path.join(ROOT, 'screenshots');
const SIZES = { wide: { width: 1440, height: 900 }, narrow: { width: 390, height: 844 } };

await mkdir(OUT, { recursive: true });
const sim = await startSim(['--vms', '60', '--op-ms', '20000']);
const browser = await launchBrowser();
const [, vm] = (await apiGet(sim.api, accountPath('/virtual_machines?limit=2'))).body;
const taken = [];
try {
  for (const scheme of ['light', 'dark']) {
    for (const [size, viewport] of Object.entries(SIZES)) {
      const context = await browser.newContext({ viewport, colorScheme: scheme, deviceScaleFactor: 1 });
      const page = await context.newPage();
      const shot = async (name) => {
        const file = path.join(OUT, `${name}-${scheme}-${size}.png`);
        await page.waitForTimeout(150);
        await page.screenshot({ path: file, fullPage: size === 'wide' });
        taken.push(path.relative(ROOT, file));
      };
      await page.goto(`${sim.url}/login`);
      await page.waitForSelector('#login-submit');
      await shot('login');
      await logIn(page, sim.url);
      await page.waitForSelector('#vm-table tbody tr');
      await shot('vm-list');
      await page.click('#vm-filters-toggle');
      await page.selectOption('#filter-status', 'online');
      await page.waitForURL(/status=online/);
      await page.waitForSelector('#vm-table tbody tr');
      await shot('vm-list-filtered');
      await page.goto(`${sim.url}/vms/new`);
      await page.waitForSelector('#create-submit');
      await page.click('#add-disk');
      await page.fill('#create-hostname', '9-bad host');
      await page.click('#create-submit');
      await shot('vm-create');
      await page.goto(`${sim.url}/vms/${vm.id}`);
      await page.waitForSelector('#vm-title');
      await shot('vm-overview');
      await page.click('#tab-network');
      await page.waitForSelector('.nic');
      await shot('vm-network');
      await page.click('#tab-firewall');
      await page.waitForSelector('#rule-default');
      await shot('vm-firewall');
      await page.goto(`${sim.url}/interfaces`);
      await page.waitForSelector('#nics-table');
      await shot('interfaces');
      await page.goto(`${sim.url}/vms/${vm.id}`);
      await page.waitForSelector('#vm-title');
      await page.click('#tab-settings');
      await page.waitForSelector('#card-edit');
      await shot('vm-settings');
      await page.click('#open-destroy');
      await page.waitForSelector('#destroy-dialog[open]');
      await shot('vm-destroy-dialog');
      await page.keyboard.press('Escape');
      await page.click('#action-reboot');
      await page.click('#reboot-dialog #confirm-action');
      await page.waitForSelector('.vm-state .busy');
      await page.click('#task-tray-toggle');
      await shot('vm-busy-tray');
      await page.goto(`${sim.url}/nowhere`);
      await page.waitForSelector('#not-found');
      await shot('not-found');
      await context.close();
    }
  }
} finally {
  await browser.close();
  await sim.stop();
}
console.log(taken.join('\n'));
