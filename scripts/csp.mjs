// Trunk's post-build hook: writes the Content-Security-Policy into the built
// index.html and the static pages beside it. The inline bootstrap script Trunk generates is allowed by its
// hash, computed here from the file itself so it can never go stale, and the
// API's origin comes from the config.json that ships beside it.
//
// It also writes the site files to install, site/nginx.conf and
// site/Caddyfile at the project's root: deploy/'s, with their policy line set
// to this policy plus what a <meta> cannot say (no framing), so that the
// header and the <meta> come from one place and cannot differ.
//
// Usage: node scripts/csp.mjs [DIR]   (DIR defaults to $TRUNK_STAGING_DIR)

import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAGES } from './first-paint.mjs';

/** The project's root: the site files go beside dist/, wherever Trunk stages the build. */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The templates in deploy/, each written to site/ under the same name. */
export const SITE_FILES = ['nginx.conf', 'Caddyfile'];

/** The policy for a built index.html and its config.json. */
export function policy(html, config) {
  // Every inline script, not the JSON blocks, which are data the browser never runs.
  const hashes = [...html.matchAll(/<script(?![^>]*\b(?:src=|type="application\/json"))[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`,
  );
  const connect = ["'self'"];
  const origin = apiOrigin(config);
  if (origin) connect.push(origin);
  return [
    "default-src 'none'",
    `script-src 'self' 'wasm-unsafe-eval' ${[...new Set(hashes)].join(' ')}`.trim(),
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** The header's policy: the <meta>'s, plus no framing, which a <meta> cannot say. */
export function headerPolicy(metaPolicy) {
  return `${metaPolicy}; frame-ancestors 'none'`;
}

// A template's policy line: nginx's `add_header Content-Security-Policy "…"`,
// Caddy's `Content-Security-Policy "…"` in its header block.
const POLICY_LINE = /^(\s*(?:add_header\s+)?Content-Security-Policy\s+")([^"]*)(".*)$/gm;

/** The policy on the template's one policy line; throws when it has none or several. */
export function templatePolicy(text, name) {
  const lines = [...text.matchAll(POLICY_LINE)];
  if (lines.length !== 1) {
    throw new Error(`deploy/${name} has ${lines.length} Content-Security-Policy lines, where the policy must go on exactly one`);
  }
  return lines[0][2];
}

/** The template with its policy line set to `header`. */
export function withPolicy(text, name, header) {
  templatePolicy(text, name);
  return text.replace(POLICY_LINE, (_, before, _old, after) => `${before}${header}${after}`);
}

/** site/`name`: deploy/`name` (`template`) with its policy line set to the header's for `metaPolicy`. */
export function siteFile(name, template, metaPolicy) {
  const text = withPolicy(template, name, headerPolicy(metaPolicy));
  return `# Written by scripts/csp.mjs from deploy/${name} with this build's policy: the file to install.\n${text}`;
}

/** The origin of an absolute API address; none for a path on the panel's own origin. */
function apiOrigin(config) {
  const base = config?.api_base_url;
  if (typeof base !== 'string' || !/^https?:\/\//i.test(base)) return null;
  try {
    return new URL(base).origin;
  } catch {
    throw new Error(`csp: config.json's api_base_url is not a valid address: ${base}`);
  }
}

function main() {
  const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
  if (!dir) {
    console.error('csp: give the built folder, or run as a Trunk hook');
    process.exit(2);
  }
  // index.html and the static pages (scripts/first-paint.mjs): one policy for all, as the header is one.
  const pages = ['index.html', ...Object.keys(PAGES)].map((name) => {
    const file = path.join(dir, name);
    const built = readFileSync(file, 'utf8');
    return { name, file, built, html: built.replace(/\s*<meta http-equiv="Content-Security-Policy"[^>]*>/, '') };
  });
  let config = null;
  try {
    config = JSON.parse(readFileSync(path.join(dir, 'config.json'), 'utf8'));
  } catch (error) {
    if (error.code !== 'ENOENT') throw new Error(`csp: config.json cannot be read: ${error.message}`);
  }
  const metaPolicy = policy(pages.map((p) => p.html).join('\n'), config);
  const meta = `<meta http-equiv="Content-Security-Policy" content="${metaPolicy}" />`;
  for (const page of pages) {
    // First in <head> after the charset, so that it covers every element after it.
    page.withMeta = page.html.replace(/(<meta charset="utf-8" \/>)/, `$1\n    ${meta}`);
    if (page.withMeta === page.html) {
      console.error(`csp: ${page.name} has no <meta charset="utf-8" />; the policy has nowhere to go`);
      process.exit(1);
    }
  }
  // Both templates are read and checked before anything is written, so that
  // a failed build never leaves one site file new and the other old.
  let sites;
  try {
    sites = SITE_FILES.map((name) => [name, siteFile(name, readFileSync(path.join(ROOT, 'deploy', name), 'utf8'), metaPolicy)]);
  } catch (error) {
    console.error(`csp: ${error.message}`);
    process.exit(1);
  }
  // An unchanged page is left alone: its compressed copies stay true.
  for (const page of pages) if (page.withMeta !== page.built) writeFileSync(page.file, page.withMeta);
  mkdirSync(path.join(ROOT, 'site'), { recursive: true });
  for (const [name, text] of sites) writeFileSync(path.join(ROOT, 'site', name), text);
  console.log(`csp: ${meta}`);
  console.log(`csp: ${SITE_FILES.map((name) => `site/${name}`).join(', ')} written with the same policy, plus frame-ancestors 'none'`);
}

// Run as a script (the build's hook); imported (by the tests), only the functions.
if (process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url))) main();
