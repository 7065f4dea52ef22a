// Trunk's post-build hook: writes the Content-Security-Policy into the built
// index.html. The inline bootstrap script Trunk generates is allowed by its
// hash, computed here from the file itself so it can never go stale, and the
// API's origin comes from the config.json that ships beside it.
//
// Usage: node scripts/csp.mjs [DIR]   (DIR defaults to $TRUNK_STAGING_DIR)

import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error('csp: give the built folder, or run as a Trunk hook');
  process.exit(2);
}

/** The policy for a built index.html and its config.json. */
export function policy(html, config) {
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`,
  );
  const connect = ["'self'"];
  const origin = apiOrigin(config);
  if (origin) connect.push(origin);
  return [
    "default-src 'none'",
    `script-src 'self' 'wasm-unsafe-eval' ${hashes.join(' ')}`.trim(),
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
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

const indexPath = path.join(dir, 'index.html');
const html = readFileSync(indexPath, 'utf8').replace(/\s*<meta http-equiv="Content-Security-Policy"[^>]*>/, '');
let config = null;
try {
  config = JSON.parse(readFileSync(path.join(dir, 'config.json'), 'utf8'));
} catch (error) {
  if (error.code !== 'ENOENT') throw new Error(`csp: config.json cannot be read: ${error.message}`);
}
const meta = `<meta http-equiv="Content-Security-Policy" content="${policy(html, config)}" />`;
// First in <head> after the charset, so that it covers every element after it.
const withPolicy = html.replace(/(<meta charset="utf-8" \/>)/, `$1\n    ${meta}`);
if (withPolicy === html) {
  console.error('csp: index.html has no <meta charset="utf-8" />; the policy has nowhere to go');
  process.exit(1);
}
writeFileSync(indexPath, withPolicy);
console.log(`csp: ${meta}`);
