// Section `bundle`: what the built panel weighs, all of it and what a first
// visit to each page downloads, as the server sends it (dist/), and where the
// main module's bytes go, by crate and by the panel's own modules (a side
// build with names kept from the last release build's linker output:
// attribution.mjs).

import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { partsFor } from '../route-table.mjs';
import { DIST, ROOT } from '../../tests/support/simulator.mjs';
import { attribute } from './attribution.mjs';
import { figures, fmt, record } from './shared.mjs';

export const name = 'bundle';

export const FIGURES = figures({
  raw: { name: 'bundle: all wasm + js ({files} files), raw', unit: 'KB' },
  brotli: { name: 'bundle: all wasm + js, brotli', unit: 'KB' },
  // The list is where a visit starts: the only page with a budget.
  firstVisit: {
    name: 'first visit {route}: wasm + js, brotli',
    unit: 'KB',
    variants: { '/vms': { budget: 150, floor: 200, better: 'lower' } },
  },
  mainCode: { name: 'main module: code ({functions} functions) and data', unit: 'KB' },
  byCrate: { name: 'main module by crate: {crate}', unit: 'KB' },
  byModule: { name: 'main module, our own: {module}', unit: 'KB' },
});

// How many crates and modules of our own the table shows, largest first; the rest in one line each.
const CRATES_SHOWN = 12;
const MODULES_SHOWN = 10;

// The pages whose first visit is measured, with the parts each needs.
const ROUTES = ['/login', '/vms', '/vms/new', '/vms/:id', '/vms/:id/firewall', '/vms/:id/statistics', '/interfaces'];
// What every first visit downloads before any part: the bindings, the main
// module (shell and list), the parts loader and the script that starts them.
const MAIN_FILES = ['vmdeck.js', 'vmdeck_bg.wasm', '__wasm_split.js', 'boot.js'];

/**
 * What a file costs as the server sends it: raw, or its `.gz` or `.br` copy
 * (the build writes no copy that would not be smaller, and then the file
 * itself is sent).
 */
function served(file) {
  const size = (f) => (existsSync(f) ? statSync(f).size : null);
  const raw = statSync(file).size;
  return { raw, gzip: size(`${file}.gz`) ?? raw, brotli: size(`${file}.br`) ?? raw };
}

function totalSize(files) {
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const size = served(file);
    for (const k of Object.keys(total)) total[k] += size[k];
  }
  return total;
}

/** The built wasm and js, every folder down; not the copies, nor a dot folder (a build's staging). */
function builtCode() {
  return readdirSync(DIST, { recursive: true })
    .filter((f) => /\.(wasm|js)$/.test(f) && !f.split(path.sep).some((segment) => segment.startsWith('.')))
    .map((f) => path.join(DIST, f));
}

/** The folder of this build's wasm, as `index.html` loads it (an older build's may be there too). */
function appFolder() {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const boot = html.match(/src="\/([^"]+)\/boot\.js"/);
  if (!boot) throw new Error('dist/index.html loads no boot.js: is the panel built?');
  return path.join(DIST, boot[1]);
}

/**
 * The files a part downloads, read from the parts loader: each part and each
 * chunk is a `makeLoad` of one file with the list of loads it needs first,
 * `const NAME = [wrapAsyncCb(]makeLoad(<fetch of "./FILE">, [DEPENDENCY, ...])`.
 */
function partFiles(loader) {
  const loads = new Map();
  for (const m of loader.matchAll(/const (\w+) = (?:wrapAsyncCb\()?makeLoad\([\s\S]*?new URL\("\.\/([^"]+)"[\s\S]*?,\s*\[([^\]]*)\]\)/g)) {
    loads.set(m[1], { file: m[2], needs: m[3].split(',').map((d) => d.trim()).filter(Boolean) });
  }
  const files = (name) => {
    const load = loads.get(name);
    if (!load) throw new Error(`__wasm_split.js has no load ${name}: has its format changed?`);
    return [load.file, ...load.needs.flatMap(files)];
  };
  return (module) => files(`__wasm_split_load_${module}`);
}

export async function run() {
  const all = builtCode();
  const total = totalSize(all);
  record(FIGURES.raw, total.raw / 1000, { slots: { files: all.length } });
  record(FIGURES.brotli, total.brotli / 1000, { note: `(gzip ${fmt(total.gzip / 1000)} KB)` });

  // A first visit: the main files, then every part of the page with its chunks, each once.
  const folder = appFolder();
  const filesOf = partFiles(readFileSync(path.join(folder, '__wasm_split.js'), 'utf8'));
  for (const route of ROUTES) {
    const parts = partsFor(route.replace(':id', '1'));
    const files = new Set([...MAIN_FILES, ...parts.flatMap(filesOf)]);
    const size = totalSize([...files].map((f) => path.join(folder, f)));
    record(FIGURES.firstVisit, size.brotli / 1000, {
      slots: { route },
      variant: route,
      note: `(raw ${fmt(size.raw / 1000)} KB; ${files.size} files)`,
    });
  }

  const named = attribute({
    linked: path.join(process.env.CARGO_TARGET_DIR ?? path.join(ROOT, 'target'), 'wasm32-unknown-unknown', 'release', 'vmdeck.wasm'),
    shipped: path.join(folder, 'vmdeck_bg.wasm'),
  });
  const kb = (bytes) => bytes / 1000;
  record(FIGURES.mainCode, kb(named.total + named.data), {
    slots: { functions: named.functions },
    note: `(code ${fmt(kb(named.total))} KB, data ${fmt(kb(named.data))} KB, raw)`,
  });
  const shown = (rows, count, figure, slot, rest) => {
    for (const row of rows.slice(0, count)) {
      record(figure, kb(row.raw), { slots: { [slot]: row.name }, note: `raw (${fmt(kb(row.brotli))} KB brotli on its own)` });
    }
    const others = rows.slice(count);
    const raw = others.reduce((sum, row) => sum + row.raw, 0);
    if (others.length) record(figure, kb(raw), { slots: { [slot]: `${others.length} ${rest}` }, note: 'raw' });
  };
  shown(named.crates, CRATES_SHOWN, FIGURES.byCrate, 'crate', 'other crates');
  shown(named.ours, MODULES_SHOWN, FIGURES.byModule, 'module', 'other modules');
}
