// What the build writes into the scripts that run before the panel does (the
// boot script, scripts/build-wasm.mjs; the static pages' inline script,
// first-paint/frame.js): the route table and the values those scripts share
// with the panel (storage keys, time limits, the id and handoff patterns,
// the API's request headers, the languages), as the core writes them
// (`vmdeck_core::boot`, printed by its `boot_values` binary). Written once
// in the core, so that the scripts and the panel cannot drift apart.

import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let values;

/** `{ routes, storage, languages, id, vmPath, handoff, fileWaitMs, request }`; the patterns are RegExp sources. */
export function bootValues() {
  values ??= JSON.parse(execFileSync('cargo', ['run', '--offline', '--quiet', '-p', 'vmdeck-core', '--bin', 'boot_values'], { cwd: root, encoding: 'utf8' }));
  return values;
}

/** `value` as a JavaScript expression to write into a script, inline in a page too (no `</script>`). */
export const literal = (value) => JSON.stringify(value).replace(/</g, '\\u003c');
