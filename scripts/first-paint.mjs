// Writes the pages the server sends for the panel's most visited addresses,
// so that their first paint is the page itself rather than grey bars: the
// login form, whole and ready for typing, the VM list's frame, a VM page's
// frame. Each is the built index.html with the page's frame from
// first-paint/ in place of its skeleton:
//   - its texts from the catalogue (crates/core/i18n/en.json), with each other
//     language's beside them in a JSON block that the frame's script
//     (first-paint/frame.js, inline and allowed by its hash) puts in place
//     before the first paint when the user reads that language (the
//     languages the panel speaks come from the core, scripts/boot-values.mjs);
//   - what the deployment's config.json shows there (its brand's name, its
//     notice and links, the login form's API address, how long a login
//     lasts), read by the core as the panel reads it (its `first_paint`
//     binary). A deployment that edits config.json after the build runs this
//     again (`node scripts/first-paint.mjs DIR`) so that the first paint
//     shows the edit too; else the app shows it once it starts.
// The server chooses the page by address (crates/sim/src/assets.rs,
// deploy/nginx.conf, deploy/Caddyfile): see PAGES.
//
// Usage: node scripts/first-paint.mjs DIR   (run by scripts/build-wasm.mjs)

import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bootValues, literal } from './boot-values.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FRAMES = path.join(ROOT, 'first-paint');

/** Each static page: its file in the built folder, and the frames it is made of, outermost first. */
export const PAGES = {
  'pages/login.html': ['login.html'],
  'pages/vms.html': ['shell.html', 'vms.html'],
  'pages/vm.html': ['shell.html', 'vm.html'],
};

const escape = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function frame(name) {
  // Its comments say what it is, for whoever edits it; not for the page.
  return readFileSync(path.join(FRAMES, name), 'utf8').replace(/\s*<!--[\s\S]*?-->\s*/g, '\n').trim();
}

function noticeHtml(notice) {
  if (!notice) return '';
  const window = [notice.starts != null ? ` data-starts="${notice.starts}"` : '', notice.ends != null ? ` data-ends="${notice.ends}"` : ''].join('');
  const dismiss = notice.dismissible ? '<button class="button button-quiet" type="button" data-t="shell.NOTICE_DISMISS"></button>' : '';
  return `<section class="notice notice-${notice.level} provider-notice" role="region" data-ta="aria-label:deploy.notice_label" data-notice="${escape(notice.key)}"${window}><p data-t="deploy.notice_text"></p>${dismiss}</section>`;
}

/** The way switch of the login form, as `WaySwitch` draws it (src/pages/login/fields.rs): none for one way. */
function waysHtml(ways) {
  if (ways.length < 2) return '';
  const label = { password: 'shell.LOGIN_PASSWORD', 'api-key': 'shell.LOGIN_API_KEY', token: 'shell.LOGIN_WAY_TOKEN' };
  const choices = ways.map((way, at) => `<label class="login-way"><input type="radio" name="login-way" id="first-paint-way-${way}"${at === 0 ? ' checked' : ''}><span data-t="${label[way]}"></span></label>`);
  return `<fieldset class="login-ways"><legend class="visually-hidden" data-t="shell.LOGIN_WAYS"></legend>${choices.join('')}</fieldset>`;
}

/** The login form's fields of the first way only: the app opens on it. */
function firstWay(markup, ways) {
  return markup.replace(/\n\s*\[\[([a-z-]+)\]\]([\s\S]*?)\[\[\/\1\]\]/g, (_, way, fields) => (way === ways[0] ? fields.replace(/\s+$/, '') : ''));
}

function linksHtml(links) {
  if (links.length === 0) return '';
  const items = links.map((link) => `<li><a href="${escape(link.url)}" target="_blank" rel="noopener noreferrer" data-t="${escape(link.text)}"></a></li>`);
  return `<ul class="login-links">${items.join('')}</ul>`;
}

/**
 * The frame's markup with its texts in the language the page is written in,
 * the first of `langs` (`data-t`: the element's text, `data-ta`:
 * `attribute:key;…`), and every text it uses in each other language, by language.
 */
export function written(markup, texts, [first, ...others]) {
  const used = new Set();
  const text = (key, lang) => {
    const value = texts[lang]?.[key];
    if (typeof value !== 'string') throw new Error(`first-paint: no ${lang} text for ${key}`);
    used.add(key);
    return value;
  };
  let filled = 0;
  let html = markup.replace(/(<(\w+)\b[^>]*\bdata-t="([^"]+)"[^>]*>)[^<]*(<\/\2>)/g, (_, open, _tag, key, close) => {
    filled += 1;
    return `${open}${escape(text(key, first))}${close}`;
  });
  // An element with data-t holds its text only: one with elements inside is a mistake in the frame.
  const marked = markup.match(/\bdata-t="/g)?.length ?? 0;
  if (filled !== marked) throw new Error(`first-paint: ${marked - filled} element(s) with data-t hold more than text`);
  html = html.replace(/\bdata-ta="([^"]+)"/g, (whole, pairs) => {
    const attributes = pairs.split(';').map((pair) => {
      const [name, key] = pair.split(':');
      return `${name}="${escape(text(key, first))}"`;
    });
    return `${attributes.join(' ')} ${whole}`;
  });
  const keys = [...used].sort();
  const besides = Object.fromEntries(others.map((lang) => [lang, Object.fromEntries(keys.map((key) => [key, text(key, lang)]))]));
  return { html, besides };
}

/** The core's reading of the deployment's config.json: what the frames show of it. */
function deployment(dir) {
  const out = execFileSync('cargo', ['run', '--offline', '--quiet', '-p', 'vmdeck-core', '--bin', 'first_paint', '--', path.join(dir, 'config.json')], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return JSON.parse(out);
}

/** The languages the panel speaks, the one the pages are written in (the panel's fallback) first. */
function pageLanguages() {
  const { spoken, fallback } = bootValues().languages;
  return [fallback, ...spoken.filter((lang) => lang !== fallback)];
}

/**
 * The inline script every page ends with (index.html too): the theme and the
 * language before the first paint. With what it shares with the panel, from
 * the core, in place of `SHARED`.
 */
export function frameScript() {
  const { storage, languages, vmPath } = bootValues();
  const { theme, lang, noticesDismissed } = storage;
  const shared = { storage: { theme, lang, noticesDismissed }, languages, vmPath };
  const script = readFileSync(path.join(FRAMES, 'frame.js'), 'utf8').replace(/^(\/\/.*\n)+/, '').trim();
  if (!/\(SHARED\);$/.test(script)) throw new Error('first-paint: frame.js does not end with `(SHARED);` for the build to put its values in');
  return `<script>${script.replace(/\(SHARED\);$/, () => `(${literal(shared)});`)}</script>`;
}

/** `index.html` with the frame script before `</body>`, and with it, `markup` in #app and its texts in the other languages. */
export function page(index, markup, besides) {
  const app = /(<div id="app">)[\s\S]*?(\n    <\/div>\n  <\/body>)/;
  if (!app.test(index)) throw new Error('first-paint: index.html has no <div id="app"> … </div> closing just before </body>');
  const block = Object.entries(besides ?? {})
    .map(([lang, texts]) => `\n    <script type="application/json" id="first-paint-${lang}">${literal(texts)}</script>`)
    .join('');
  const body = markup === null ? index : index.replace(app, (_, open, close) => `${open}\n${markup}${close}`);
  return body.replace(/\n  <\/body>/, `${block}\n    ${frameScript()}\n  </body>`);
}

function main() {
  const dir = process.argv[2];
  if (!dir) {
    console.error('first-paint: give the built folder');
    process.exit(2);
  }
  const indexPath = path.join(dir, 'index.html');
  // The index as the build wrote it: a second run starts from it again.
  const index = readFileSync(indexPath, 'utf8')
    .replace(/\n    <script type="application\/json" id="first-paint-[a-z]+">[\s\S]*?<\/script>/g, '')
    .replace(/\n    <script>[\s\S]*?<\/script>(?=\n  <\/body>)/, '');
  const langs = pageLanguages();
  const texts = Object.fromEntries(langs.map((lang) => [lang, JSON.parse(readFileSync(path.join(ROOT, 'crates/core/i18n', `${lang}.json`), 'utf8'))]));
  const config = deployment(dir);
  for (const [key, byLang] of Object.entries(config.texts)) {
    for (const lang of langs) texts[lang][key] = byLang[lang];
  }
  for (const [file, frames] of Object.entries(PAGES)) {
    const markup = frames
      .map(frame)
      .map((text) => firstWay(text, config.login_ways))
      .reduceRight((inner, outer) => outer.replace('{{page}}', inner))
      .replace('{{brand}}', escape(config.brand))
      .replace('{{api_base_url}}', escape(config.api_base_url))
      .replace('{{notice}}', noticeHtml(config.notice))
      .replace('{{links}}', linksHtml(config.links))
      .replace('{{login_ways}}', waysHtml(config.login_ways))
      .replace('{{noscript}}', index.match(/<noscript>[\s\S]*?<\/noscript>/)?.[0] ?? '');
    const { html, besides } = written(markup, texts, langs);
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), page(index, html, besides));
  }
  writeFileSync(indexPath, page(index, null, null));
  console.log(`first-paint: ${Object.keys(PAGES).join(', ')}`);
}

if (process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url))) main();
