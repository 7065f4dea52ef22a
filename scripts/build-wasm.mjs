// Trunk's post-build hook: builds the panel's wasm in parts, then writes the
// Content-Security-Policy and the compressed copies of every file.
//
// Trunk 0.21 cannot split a wasm module, so index.html marks the Rust build
// `data-trunk-skip` and this does it, in the order the split needs:
//   1. cargo builds the wasm with relocations kept (.cargo/config.toml);
//   2. wasm-split-cli cuts it at the `wasm_split` points (src/start/parts/) into
//      the main module, one module per part and shared chunks, plus the
//      `__wasm_split.js` that loads them;
//   3. wasm-bindgen makes the JS bindings of the main module;
//   4. wasm-opt shrinks every module (release builds);
//   5. everything goes into one folder named after the hash of its contents,
//      `app-<hash>/` (the parts refer to each other by fixed names, so the
//      folder carries the hash), with a tiny `boot.js` that starts the app;
//   6. index.html gets the script and the preloads of the main module;
//   7. scripts/first-paint.mjs writes the static pages of the most visited
//      addresses (first-paint/), scripts/csp.mjs the policy into every page,
//      scripts/compress.mjs the .br and .gz.
//
// Usage: as a Trunk hook, or `node scripts/build-wasm.mjs DIR [release|debug]`.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bootValues, literal } from './boot-values.mjs';
import { modulesFor, pageFor, routeTable } from './route-table.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const staging = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
const profile = process.argv[3] ?? process.env.TRUNK_PROFILE ?? 'release';
const publicUrl = (process.env.TRUNK_PUBLIC_URL ?? '/').replace(/\/?$/, '/');
const crate = 'vmdeck';
if (!staging) {
  console.error('build-wasm: give the built folder, or run as a Trunk hook');
  process.exit(2);
}
const release = profile === 'release';

/**
 * The files each part's module needs (its own and the shared chunks it uses),
 * read from the loader wasm-split-cli wrote: `const __chunk_N = makeLoad(…
 * "./chunk_N.wasm" …)` and `export const __wasm_split_load_<part> =
 * wrapAsyncCb(makeLoad(… "./split_<part>.wasm" …, [__chunk_N, …]))`.
 */
function partFiles(loader) {
  const chunks = new Map();
  for (const [, name, file] of loader.matchAll(/const (__chunk_\d+) = makeLoad\([\s\S]*?"\.\/([\w.]+\.wasm)"/g)) chunks.set(name, file);
  const parts = {};
  const exports = /export const __wasm_split_load_(\w+) = wrapAsyncCb\(makeLoad\(([\s\S]*?), \[([^\]]*)\]\)\);/g;
  for (const [, part, fetcher, deps] of loader.matchAll(exports)) {
    const own = fetcher.match(/"\.\/([\w.]+\.wasm)"/)?.[1];
    const used = deps.split(',').map((d) => d.trim()).filter(Boolean).map((d) => chunks.get(d));
    if (used.includes(undefined)) throw new Error(`build-wasm: part ${part} uses a chunk the loader does not define`);
    parts[part] = [...used, ...(own ? [own] : [])];
  }
  if (Object.keys(parts).length === 0) throw new Error('build-wasm: the loader names no parts; has its format changed?');
  return parts;
}

/**
 * Starts the app, and offers `window[hooks.downloadPart](name, urgent)` (vmdeck_core::boot::hooks): it
 * brings a part's files into the HTTP cache, each file once however often it
 * is asked for, and resolves when they are in: to true, to 'gone' when the
 * server no longer has a file (404 or 410, or its page for an address it does
 * not know: this build was replaced by a new deployment), else to false. The
 * panel calls it for the page likely opened next (a guess: downloaded at low
 * priority, not compiled, so the main thread pays nothing), and before it loads a part, so that the loader's
 * own requests for a file already on its way are answered from the cache
 * instead of downloading it a second time.
 */
function bootScript(parts) {
  const routes = routeTable();
  const unknown = routes.flatMap(([, names]) => names).filter((name) => !(name in parts));
  if (unknown.length > 0) throw new Error(`build-wasm: the route table names modules the build does not have: ${unknown.join(', ')}`);
  const { storage, id, handoff, fileWaitMs, configFile, hooks, request } = bootValues();
  const { session, firstRead, logout } = storage;
  const shared = { storage: { session, firstRead, logout }, id, handoff, fileWaitMs, configFile, hooks, request };
  return `import init from './${crate}.js';
// What this script shares with the panel, written once in the core
// (vmdeck_core::boot): the storage keys it reads, the patterns of an id and
// of a handed-over login, the time limits, the API's request headers, and
// the names the panel finds on window (shared.hooks).
const shared = ${literal(shared)};
const idPattern = new RegExp(shared.id);
const handoffPattern = new RegExp(shared.handoff);
// A login the provider's portal hands over in a link
// (#account=…&token=…&next=…, vmdeck_core::deploy::portal) leaves the
// address bar and this tab's history before anything else runs, so that
// neither Back nor a reload brings the token back. The app takes it once,
// with window[shared.hooks.handoff](); one pasted into a running tab is announced.
let handoff = null;
const takeHandoff = () => {
  if (!handoffPattern.test(location.hash)) return false;
  handoff = location.hash;
  history.replaceState(history.state, '', location.pathname + location.search);
  return true;
};
takeHandoff();
window[shared.hooks.handoff] = () => { const given = handoff; handoff = null; return given; };
addEventListener('hashchange', () => { if (takeHandoff()) dispatchEvent(new Event(shared.hooks.handoffEvent)); });
// Inside another site's frame the panel could be dressed up as something
// else (clickjacking) where the server cannot forbid framing: it does not
// start there, and says so, with a link to open it in a tab of its own.
if (window.top !== window.self) {
  // In both languages, as the page's no-script note: the app's catalogue is not loaded.
  const note = document.createElement('main');
  note.id = 'framed';
  for (const [lang, text] of [['en', 'This panel does not run inside another page. Open it in a tab of its own:'], ['es', 'Este panel no funciona dentro de otra página. Ábrelo en una pestaña propia:']]) {
    const line = Object.assign(document.createElement('p'), { lang, textContent: \`\${text} \` });
    line.append(Object.assign(document.createElement('a'), { href: location.href, target: '_blank', rel: 'noopener noreferrer', textContent: location.host }));
    note.append(line);
  }
  document.getElementById('app')?.replaceChildren(note);
} else {
  start();
}

function start() {
// The deployment's settings, asked for now beside the wasm: the app is built
// once they are in (src/deploy.rs), and takes this answer instead of asking again;
// it gives up after as long as the app would wait for it (vmdeck_core::deploy::FILE_WAIT_MS).
window[shared.hooks.config] = fetch(shared.configFile, { signal: AbortSignal.timeout(shared.fileWaitMs) }).then((response) => (response.ok ? response.text() : null)).catch(() => null);
const parts = ${JSON.stringify(parts)};
const files = new Map();
// Resolves to true when every file is in, 'gone' when one is no longer on the
// server (a new deployment), else false; never rejects, as a guess is not awaited.
const GONE = shared.hooks.partGone;
window[shared.hooks.downloadPart] = (part, urgent) => Promise.all((parts[part] ?? []).map((file) => {
  if (!files.has(file)) {
    const done = fetch(new URL(file, import.meta.url), { priority: urgent ? 'high' : 'low' })
      .then((response) => {
        const page = (response.headers.get('content-type') ?? '').startsWith('text/html');
        if (response.status === 404 || response.status === 410 || (response.ok && page)) throw GONE;
        if (!response.ok) throw new Error(\`\${file}: HTTP \${response.status}\`);
        return response.arrayBuffer();
      })
      .then(() => undefined);
    // A failed download is tried afresh next time.
    done.catch(() => files.delete(file));
    files.set(file, done);
  }
  return files.get(file);
})).then(() => true, (error) => (error === GONE ? GONE : false));
// The parts of the page being opened start downloading now, beside the main
// module, instead of once it has arrived and runs (vmdeck_core::route).
const routes = ${JSON.stringify(routes)};
${pageFor.toString()}
${modulesFor.toString()}
// A handed-over login is checked by the login page's code.
for (const part of new Set([...modulesFor(routes, location.pathname), ...(handoff ? modulesFor(routes, '/login') : [])])) {
  window[shared.hooks.downloadPart](part, true);
}
// The page's first API read (vmdeck_core::route::Route::first_read), sent
// now beside the wasm with this tab's login, as the panel's own fetch helper
// would send it (src/api/client.rs); the panel takes the answer, refused or
// not, instead of asking again (shared.hooks.firstRead). Only while the login
// may be used without checking it again: the panel writes, each time it
// checks the login, until when that is (src/session/, the keys in
// src/storage/), and any logout in this browser since then stops it. A
// tab with logins of its own reads the one it shows; a new tab, the
// remembered login the panel says a new tab shows.
let firstRead = null;
try {
  const page = pageFor(routes, location.pathname);
  const tab = JSON.parse(sessionStorage.getItem(shared.storage.session));
  const store = tab ? sessionStorage : localStorage;
  const gate = JSON.parse(store.getItem(shared.storage.firstRead));
  const logins = tab ? tab.logins?.filter((l) => l.login_id === tab.current) : JSON.parse(localStorage.getItem(shared.storage.session));
  const login = Array.isArray(logins) ? logins.find((l) => l.login_id === gate?.login) : undefined;
  const fresh = gate && Date.now() < gate.until && localStorage.getItem(shared.storage.logout) === gate.logouts;
  const ids = idPattern.test(login?.account_id) && (page?.id === undefined || idPattern.test(page.id));
  if (page?.read && !location.search && !handoff && fresh && ids && typeof login.token === 'string' && typeof login.base_url === 'string') {
    const url = login.base_url.replace(/[/]+$/, '') + page.read.replace('{account}', login.account_id).replace('{id}', page.id);
    const response = fetch(url, {
      headers: { ...shared.request.headers, [shared.request.authorization]: login.token },
      cache: 'no-store',
      credentials: 'omit',
      signal: AbortSignal.timeout(shared.request.timeoutMs),
    });
    // A failure is the panel's to see, when it takes the answer.
    response.catch(() => {});
    firstRead = { url, authorization: login.token, response };
  }
} catch {
  // Storage that cannot be read: the panel asks itself.
}
// The answer to the read of \`url\` with \`authorization\`, once; else null.
window[shared.hooks.firstRead] = (url, authorization) => {
  if (!firstRead || firstRead.url !== url || firstRead.authorization !== authorization) return null;
  const { response } = firstRead;
  firstRead = null;
  return response;
};
// Started: the same event as Trunk's own loader sends, with the instance's
// exports (the performance suite reads the wasm memory from it).
init({ module_or_path: new URL('./${crate}_bg.wasm', import.meta.url) })
  .then((wasm) => dispatchEvent(new CustomEvent('TrunkApplicationStarted', { detail: { wasm } })));
}
`;
}

function run(command, args) {
  console.log(`build-wasm: ${command} ${args.join(' ')}`);
  execFileSync(command, args, { cwd: root, stdio: 'inherit' });
}

// 1. The wasm, straight from the linker.
run('cargo', ['build', '--offline', '--target', 'wasm32-unknown-unknown', '--bin', crate, ...(release ? ['--release'] : [])]);
const targetDir = process.env.CARGO_TARGET_DIR ?? path.join(root, 'target');
const linked = path.join(targetDir, 'wasm32-unknown-unknown', release ? 'release' : 'debug', `${crate}.wasm`);

// 2. Split. The main module is written as <crate>.wasm for wasm-bindgen.
const work = path.join(targetDir, 'wasm-split', profile);
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
run('wasm-split-cli', [linked, work, '--target', 'web', '--out-name', crate]);

// 3. Bindings of the main module; its lld exports are what the parts link to.
const main = path.join(work, `${crate}.wasm`);
run('wasm-bindgen', ['--target', 'web', '--keep-lld-exports', '--no-demangle', '--no-typescript', '--out-dir', work, '--out-name', crate, main]);
rmSync(main);

// 4. Smaller modules.
const modules = readdirSync(work).filter((name) => name.endsWith('.wasm'));
if (release) {
  for (const name of modules) {
    const file = path.join(work, name);
    run('wasm-opt', ['-Oz', file, '--output', file]);
  }
}

// 5. One folder, named after what is in it.
writeFileSync(path.join(work, 'boot.js'), bootScript(partFiles(readFileSync(path.join(work, '__wasm_split.js'), 'utf8'))));
// A boot script that does not parse would leave every page dead: stop here instead.
run('node', ['--check', path.join(work, 'boot.js')]);
const files = readdirSync(work, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => path.relative(work, path.join(entry.parentPath ?? entry.path, entry.name)))
  .sort();
const hash = createHash('sha256');
for (const file of files) hash.update(file).update('\0').update(readFileSync(path.join(work, file)));
const folder = `app-${hash.digest('hex').slice(0, 16)}`;
const out = path.join(staging, folder);
rmSync(out, { recursive: true, force: true });
renameSync(work, out);

// 6. index.html starts the app and fetches the main module's two files at once.
const indexPath = path.join(staging, 'index.html');
const html = readFileSync(indexPath, 'utf8');
const at = `${publicUrl}${folder}/`;
const tags = [
  `<link rel="modulepreload" href="${at}${crate}.js" />`,
  `<link rel="modulepreload" href="${at}__wasm_split.js" />`,
  `<link rel="preload" href="${at}${crate}_bg.wasm" as="fetch" type="application/wasm" crossorigin="anonymous" />`,
  `<script type="module" src="${at}boot.js"></script>`,
];
// In place of the Rust link Trunk leaves behind (with its comment): it stood for the wasm.
const rustLink = /\s*<!--[^>]*-->\s*<link data-trunk rel="rust"[^>]*>|\s*<link data-trunk rel="rust"[^>]*>/;
if (!rustLink.test(html)) {
  console.error('build-wasm: index.html has no <link data-trunk rel="rust" data-trunk-skip> to put the app in place of');
  process.exit(1);
}
writeFileSync(indexPath, html.replace(rustLink, `\n    ${tags.join('\n    ')}`));

const sizes = files.filter((f) => f.endsWith('.wasm')).map((f) => `${f} ${readFileSync(path.join(out, f)).length}`);
console.log(`build-wasm: ${folder}: ${sizes.length} modules (${sizes.join(', ')})`);

// 7. The static pages are made from the final index.html; the policy needs
// every page final, the compressed copies every file.
run('node', [path.join('scripts', 'first-paint.mjs'), staging]);
run('node', [path.join('scripts', 'csp.mjs'), staging]);
run('node', [path.join('scripts', 'compress.mjs'), staging]);
