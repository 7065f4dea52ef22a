// Screenshots of the built panel against the simulator, light and dark, wide
// and narrow, into screenshots/ (not committed), taken on the end-to-end
// tests' tour of every page and dialog. Run by scripts/screenshots.sh.

import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { accountPath, apiGet } from '../tests/support/api.mjs';
import { launchBrowser } from '../tests/support/browser.mjs';
import { visitEverything } from '../tests/support/pages/tour.mjs';
import { ROOT, startSim } from '../tests/support/simulator.mjs';

const OUT = path.join(ROOT, 'screenshots');
const SIZES = { wide: { width: 1440, height: 900 }, narrow: { width: 390, height: 844 } };
// The stops of the tour that are shot, and the name of each picture.
const SHOTS = {
  login: 'login',
  'VM list': 'vm-list',
  'VM list filtered': 'vm-list-filtered',
  'create VM with errors': 'vm-create',
  'VM overview tab': 'vm-overview',
  'VM network tab': 'vm-network',
  'VM firewall tab': 'vm-firewall',
  'VM settings tab': 'vm-settings',
  'destroy dialog': 'vm-destroy-dialog',
  'task tray': 'vm-busy-tray',
  'network interfaces': 'interfaces',
  'not found': 'not-found',
};

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
      await visitEverything(page, sim.url, vm, async (where) => {
        if (!SHOTS[where]) return;
        const file = path.join(OUT, `${SHOTS[where]}-${scheme}-${size}.png`);
        await page.waitForTimeout(150);
        await page.screenshot({ path: file, fullPage: size === 'wide' });
        taken.push(path.relative(ROOT, file));
      });
      await context.close();
    }
  }
} finally {
  await browser.close();
  await sim.stop();
}
console.log(taken.join('\n'));
