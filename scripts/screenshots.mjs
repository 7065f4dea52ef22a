// Screenshots of the built panel against the simulator, light and dark, wide
// and narrow, into screenshots/ (not committed), taken on the end-to-end
// tests' tour of every page and dialog. Run by scripts/screenshots.sh.

import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { accountPath, apiGet } from '../tests/support/api.mjs';
import { launchBrowser } from '../tests/support/browser.mjs';
import { visitEverything } from '../tests/support/pages/tour.mjs';
import { deployedCopy, ROOT, startSim } from '../tests/support/simulator.mjs';
import { writeFileSync } from 'node:fs';

const OUT = path.join(ROOT, 'screenshots');
const taken = [];
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

/** Shoots the element `selector` shows (a dialog, a banner) as `name`. */
async function shoot(page, selector, name, scheme, size) {
  const file = path.join(OUT, `${name}-${scheme}-${size}.png`);
  await page.waitForTimeout(150);
  await page.locator(selector).screenshot({ path: file });
  taken.push(path.relative(ROOT, file));
}

/**
 * The firewall's previews and countdown, and a protected VM, on `vm`: the
 * import with two bad lines, a set applied to several interfaces, a change
 * with undo counting down, the Settings tab of a protected VM and a destroy
 * in bulk that leaves it out. Everything is put back as it was.
 */
async function firewallAndProtection(page, base, vm, others, scheme, size) {
  await page.goto(`${base}/vms/${vm.id}/firewall`);
  await page.waitForSelector('#rule-default');
  await page.click('#import-rules');
  await page.fill('#import-dialog textarea', 'accept tcp 22 from 203.0.113.0/24 # office\naccept tcp 443\ndrop udp 99999\naccept icmp\ndrop tcp 25 from any # no mail');
  await page.waitForSelector('#import-preview');
  await shoot(page, '#import-dialog', 'fw-import-preview', scheme, size);
  await page.keyboard.press('Escape');

  await page.fill('#rule-port', '8080');
  await page.click('#rule-create');
  await page.waitForSelector('#unapplied-list li');
  await page.check('#apply-undo-on');
  await page.fill('#apply-undo-seconds', '600');
  await page.click('#apply-rules');
  await page.waitForSelector('#undo-countdown');
  await shoot(page, '#undo-bar', 'fw-undo-countdown', scheme, size);
  await page.screenshot({ path: path.join(OUT, `fw-undo-page-${scheme}-${size}.png`) });
  await page.click('#undo-now');
  await page.waitForSelector('#undo-restored', { timeout: 60000 });
  await page.click('#undo-dismiss');

  await page.goto(`${base}/interfaces`);
  await page.waitForSelector('#nics-table');
  const picks = await page.locator('#nics-table input[id^="nic-pick-"]').evaluateAll((boxes) => boxes.slice(0, 3).map((b) => b.id));
  for (const id of picks) await page.check(`#${id}`);
  await page.click('#nics-apply-set');
  await page.selectOption('#apply-set-set', { label: 'Web server' });
  await page.waitForSelector('#apply-set-preview tbody tr');
  await page.waitForTimeout(500);
  await shoot(page, '#apply-set-dialog', 'fw-set-preview', scheme, size);
  await page.keyboard.press('Escape');

  await page.goto(`${base}/vms/${vm.id}/settings`);
  await page.waitForSelector('#card-protection');
  await page.click('#protection-on');
  await page.waitForSelector('#protection-off');
  await page.screenshot({ path: path.join(OUT, `vm-protected-${scheme}-${size}.png`), fullPage: size === 'wide' });
  taken.push(`screenshots/vm-protected-${scheme}-${size}.png`);
  // Its overview: the mark in the header, and the month's transfer against its plan.
  await page.goto(`${base}/vms/${vm.id}`);
  await page.waitForSelector('#vm-transfer:not([aria-busy])');
  await page.screenshot({ path: path.join(OUT, `vm-transfer-${scheme}-${size}.png`) });
  taken.push(`screenshots/vm-transfer-${scheme}-${size}.png`);
  await page.goto(`${base}/vms?limit=100`);
  await page.waitForSelector(`#select-${vm.id}`);
  for (const id of [vm.id, ...others]) await page.check(`#select-${id}`);
  await page.click('#bulk-destroy');
  await page.waitForSelector('#bulk-destroy-dialog[open]');
  await shoot(page, '#bulk-destroy-dialog', 'vm-bulk-destroy-protected', scheme, size);
  await page.keyboard.press('Escape');
  await page.goto(`${base}/vms/${vm.id}/settings`);
  await page.click('#protection-off');
  await page.fill('#protection-off-typed', vm.hostname);
  await page.click('#protection-off-confirm');
  await page.waitForSelector('#protection-on');
}

/**
 * The fleet's own marks, on the first VMs of the list: tags given to three
 * in bulk (the dialog), two pinned (the list with its pinned VMs and the
 * tags in its rows), the list of a tag with the filter bar, and a saved
 * view (the menu). They live in this context's storage only.
 */
async function fleet(page, base, ids, scheme, size) {
  await page.goto(`${base}/vms`);
  await page.waitForSelector(`#select-${ids[0]}`);
  for (const id of ids.slice(0, 3)) await page.check(`#select-${id}`);
  await page.click('#bulk-tags');
  await page.fill('#bulk-tags-text', 'web, prod eu');
  await page.click('#bulk-tags-add');
  await page.waitForSelector('#bulk-tags .tag-list li:has-text("web")');
  await page.keyboard.press('Escape');
  await page.click('#bulk-clear');
  await page.check(`#select-${ids[1]}`);
  await page.click('#bulk-tags');
  await page.fill('#bulk-tags-text', 'customer a');
  await page.click('#bulk-tags-add');
  await page.waitForSelector('#bulk-tags .tag-list li:has-text("customer a")');
  await shoot(page, '#bulk-tags-dialog', 'vm-tags-dialog', scheme, size);
  await page.keyboard.press('Escape');
  await page.click('#bulk-clear');
  for (const id of [ids[2], ids[0]]) await page.click(`#vm-row-${id} .pin-button`);
  await page.waitForSelector(`#pinned-${ids[0]} .badge`);
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(OUT, `vm-list-fleet-${scheme}-${size}.png`) });
  taken.push(`screenshots/vm-list-fleet-${scheme}-${size}.png`);
  await page.goto(`${base}/vms?tag=web`);
  await page.waitForSelector('#vm-table tbody tr');
  await page.click('#views-menu summary');
  await page.click('#view-save-open');
  await page.fill('#view-name', 'Web servers');
  await page.click('#view-save');
  await page.waitForSelector('#view-save-dialog', { state: 'hidden' });
  await page.click('#views-menu summary');
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(OUT, `vm-list-tagged-${scheme}-${size}.png`) });
  taken.push(`screenshots/vm-list-tagged-${scheme}-${size}.png`);
  // The column chooser open, with the note and the template shown.
  await page.keyboard.press('Escape');
  await page.click('#columns-open');
  await page.check('#column-note');
  await page.check('#column-template');
  await page.uncheck('#column-type');
  await page.waitForSelector('#vm-table thead th:has-text("Template")', { state: 'attached' });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(OUT, `vm-list-columns-${scheme}-${size}.png`) });
  taken.push(`screenshots/vm-list-columns-${scheme}-${size}.png`);
  // This month's transfer against the plans, with the column chooser closed.
  await page.goto(`${base}/vms?cols=status,transfer,memory`);
  await page.waitForSelector('#vm-table .transfer-cell');
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(OUT, `vm-list-transfer-${scheme}-${size}.png`) });
  taken.push(`screenshots/vm-list-transfer-${scheme}-${size}.png`);
  // What this browser keeps, saved with the provider, with a file's preview.
  await page.goto(`${base}/workspace`);
  await page.waitForSelector('#workspace-kept');
  await page.click('#workspace-store-save');
  await page.waitForSelector('#workspace-store-saved');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#workspace-export')]);
  const file = JSON.parse(await readFile(await download.path(), 'utf8'));
  const more = { ...file, exported: Date.now(), pins: [...(file.pins ?? []), ids[4]], tags: { ...file.tags, [ids[5]]: ['db'] } };
  await page.setInputFiles('#workspace-import', { name: 'workspace.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(more)) });
  await page.waitForSelector('#workspace-preview');
  await page.waitForTimeout(200);
  await page.screenshot({ path: path.join(OUT, `workspace-${scheme}-${size}.png`), fullPage: true });
  taken.push(`screenshots/workspace-${scheme}-${size}.png`);
}

await mkdir(OUT, { recursive: true });
// config.json is written again below with a plan of the pictured VM's sizes, which the server then serves.
const deployed = deployedCopy('screenshots', (built) => built);
const sim = await startSim(['--vms', '60', '--op-ms', '20000', '--dist', deployed.dir]);
const browser = await launchBrowser();
const listed = (await apiGet(sim.api, accountPath('/virtual_machines?limit=6'))).body;
const [, vm] = listed;
// Another VM, left idle by the tour, for the firewall's and protection's pictures.
const [quiet, ...others] = listed.slice(3).map((v) => v.id);
const { memory, cpus, total_disk_size: disk } = listed[3];
const plans = [{ name: 'Standard', memory, cpus, disk, price: { monthly: 12, currency: 'EUR' }, transfer: { included_gb: 150, month_starts_on: 1 } }];
// Plans of the first VMs' sizes with small allowances, for the list's transfer column (near and over).
for (const [i, gb] of [[0, 2], [1, 8], [2, 40]]) {
  const { memory: m, cpus: c, total_disk_size: d } = listed[i];
  if (!plans.some((p) => p.memory === m && p.cpus === c && p.disk === d)) plans.push({ name: `Small ${i}`, memory: m, cpus: c, disk: d, transfer: { included_gb: gb, month_starts_on: 1 } });
}
// A store of workspace files, for the workspace page's copy kept by the provider.
writeFileSync(path.join(deployed.dir, 'config.json'), JSON.stringify({ ...deployed.config, workspace_store: '/_store/workspace', catalogue: { ...deployed.config.catalogue, plans } }));
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
      const quietVm = (await apiGet(sim.api, accountPath(`/virtual_machine/${quiet}`))).body;
      await firewallAndProtection(page, sim.url, quietVm.virtual_machine ?? quietVm, others, scheme, size);
      await fleet(page, sim.url, listed.map((v) => v.id), scheme, size);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await sim.stop();
  deployed.remove();
}
console.log(taken.join('\n'));
