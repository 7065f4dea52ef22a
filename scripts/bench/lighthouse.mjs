// Section `lighthouse`: Lighthouse's performance figures for a cold /login, a
// cold logged-in /vms and a VM's page opened from a bookmark, with its mobile
// and its desktop preset, and a returning visit on mobile (`mobile, warm`:
// the HTTP cache and the compiled code cache kept from a visit before).
// Lighthouse must be on PATH (scripts/tools.sh --bench).

import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHROMIUM, CHROMIUM_FLAGS, launchProfile } from '../../tests/support/browser.mjs';
import { accountPath, apiGet } from '../../tests/support/api.mjs';
import { rememberedLogin } from '../../tests/support/pages/login.mjs';
import { figures, log, record, stats } from './shared.mjs';

export const name = 'lighthouse';

const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LH_RUNS || 3);
// The visits measured, by the name BENCH_LH_PRESETS picks them with (comma-separated).
const PRESETS = { mobile: 'mobile', desktop: 'desktop', warm: 'mobile, warm' };
const picked = process.env.BENCH_LH_PRESETS ? process.env.BENCH_LH_PRESETS.split(',').map((p) => p.trim()) : Object.keys(PRESETS);
const unknownPreset = picked.find((p) => !(p in PRESETS));
if (unknownPreset) throw new Error(`BENCH_LH_PRESETS: no preset ${unknownPreset} (there are ${Object.keys(PRESETS).join(', ')})`);
const presets = picked.map((p) => PRESETS[p]);

// Each figure of a Lighthouse report, `value` read from the report, with its
// budget per preset.
const audit = (id, scale = 1) => (lhr) => lhr.audits[id].numericValue / scale;
const PAGE = 'lighthouse {route}, {preset}: ';
// The mobile budgets of a cold visit are the panel's aim (a static page's
// figures); the floors, what it must at the very least reach.
const NO_SHIFT = { budget: 0.02, better: 'lower' };
export const FIGURES = figures({
  score: {
    name: `${PAGE}performance score`, unit: '', value: (lhr) => lhr.categories.performance.score * 100,
    variants: { mobile: { budget: 98, floor: 95, better: 'higher' } },
  },
  fcp: { name: `${PAGE}first contentful paint`, unit: 'ms', value: audit('first-contentful-paint') },
  lcp: {
    name: `${PAGE}largest contentful paint`, unit: 'ms', value: audit('largest-contentful-paint'),
    variants: { mobile: { budget: 1500, floor: 2000, better: 'lower' } },
  },
  tbt: {
    name: `${PAGE}total blocking time`, unit: 'ms', value: audit('total-blocking-time'),
    variants: { mobile: { budget: 100, better: 'lower' } },
  },
  cls: {
    name: `${PAGE}cumulative layout shift`, unit: '', value: audit('cumulative-layout-shift'),
    variants: { mobile: NO_SHIFT, desktop: NO_SHIFT },
  },
  bytes: { name: `${PAGE}bytes transferred`, unit: 'KB', value: audit('total-byte-weight', 1000) },
  // Without Lighthouse there is nothing to show, and that is not a pass.
  missing: { name: 'lighthouse', unit: '' },
});

// The flags Lighthouse starts Chromium with: headless, and those of the tests.
const LIGHTHOUSE_CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

/**
 * Lighthouse and the Chrome launcher it comes with, from where
 * `scripts/tools.sh --bench` installed them (on PATH; not in package.json, so
 * that the tests' `npm ci` does not fetch them). Null when it is not there.
 */
async function lighthouseModules() {
  const bin = (process.env.PATH || '').split(path.delimiter).map((dir) => path.join(dir, 'lighthouse')).find(existsSync);
  if (!bin) return null;
  const require = createRequire(realpathSync(bin));
  const load = (name) => import(pathToFileURL(require.resolve(name)).href);
  const [lighthouse, launcher] = await Promise.all([load('lighthouse'), load('chrome-launcher')]);
  return { run: lighthouse.default, desktopConfig: lighthouse.desktopConfig, launch: launcher.launch };
}

/** Logs in with "remember me" in the Chromium profile `dir`, so that its visits are logged in. */
async function rememberedProfile(dir, sim) {
  const context = await launchProfile(dir);
  const page = context.pages()[0] ?? (await context.newPage());
  await rememberedLogin(page, sim.url);
  // Closed, not killed: the token must be written to the profile's localStorage.
  await context.close();
}

/**
 * One Lighthouse visit in the profile `dir`, cold unless `warm`: the HTTP
 * cache and the compiled code cache are deleted first. Lighthouse keeps its
 * hands off the storage (which holds the login) and, warm, off the caches.
 */
async function lighthouseOnce(lh, url, dir, preset, warm = false) {
  if (!warm) for (const cache of ['Cache', 'Code Cache']) rmSync(path.join(dir, 'Default', cache), { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const chrome = await lh.launch({ chromePath: CHROMIUM, chromeFlags: LIGHTHOUSE_CHROME_FLAGS, userDataDir: dir, logLevel: 'silent' });
  try {
    const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true };
    const { lhr } = await lh.run(url, flags, preset === 'desktop' ? lh.desktopConfig : undefined);
    if (lhr.runtimeError) throw new Error(`lighthouse on ${url}: ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    const exited = chrome.process.exitCode === null ? once(chrome.process, 'exit') : null;
    chrome.kill();
    await exited; // the next run takes over the profile
  }
}

export async function run({ account }) {
  const lh = await lighthouseModules();
  if (!lh) {
    record(FIGURES.missing, 'not run', { note: '(not on PATH: source scripts/tools.sh --test --bench)' });
    return;
  }
  const { sim } = await account('small');
  process.env.CHROME_PATH = CHROMIUM;
  const profiles = mkdtempSync(path.join(tmpdir(), 'vmdeck-lighthouse-'));
  try {
    const loggedOut = path.join(profiles, 'logged-out');
    const loggedIn = path.join(profiles, 'logged-in');
    await rememberedProfile(loggedIn, sim);
    const [vm] = (await apiGet(sim.api, accountPath('/virtual_machines?limit=1'))).body;
    const bookmark = `/vms/${vm.id}`;
    for (const [route, dir] of [['/login', loggedOut], ['/vms', loggedIn], [bookmark, loggedIn]]) {
      for (const preset of presets) {
        const warm = preset.endsWith('warm');
        // The visit before, which leaves the caches a returning user has.
        if (warm) await lighthouseOnce(lh, `${sim.url}${route}`, dir, 'mobile');
        const reports = [];
        for (let i = 0; i < LIGHTHOUSE_RUNS; i++) reports.push(await lighthouseOnce(lh, `${sim.url}${route}`, dir, warm ? 'mobile' : preset, warm));
        // A visit that ends on another page (the login, for a lost token) measured the wrong thing.
        const elsewhere = reports.map((r) => new URL(r.finalDisplayedUrl).pathname).filter((p) => p !== route);
        if (elsewhere.length) log(`lighthouse ${route}: ${elsewhere.length} visits ended at ${elsewhere[0]}`);
        const note = elsewhere.length ? `(${elsewhere.length} visits ended at ${elsewhere[0]})` : '';
        const slots = { route: route === '/vms' ? `${route} (logged in)` : route === bookmark ? '/vms/:id (logged in, a bookmark)' : route, preset };
        for (const figure of Object.values(FIGURES)) {
          if (figure.value) record(figure, stats(reports.map(figure.value)), { slots, variant: preset, note });
        }
      }
    }
  } finally {
    rmSync(profiles, { recursive: true, force: true });
  }
}
