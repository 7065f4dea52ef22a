// Where the main module's bytes go, by crate and by the panel's own modules,
// so that each cut is measured. The shipped module carries no names, so a
// side build makes one that does: the same linker output as the last release
// build, through the same steps as scripts/build-wasm.mjs (wasm-split-cli,
// wasm-bindgen, wasm-opt -Oz) with names kept (`--keep-debug`, `-g`). Its
// functions are the shipped module's, counted and checked against it.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

/**
 * A wasm module's function bodies (with the name where the module has one)
 * and its data segments' size. Reads only what it needs: the imports (their
 * functions come first in the numbering), the code, the data and the `name`
 * section's function names.
 */
export function readModule(bytes) {
  if (bytes.readUInt32BE(0) !== 0x0061736d) throw new Error('not a wasm module');
  let at = 8;
  const uleb = () => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = bytes[at++];
      value += (byte & 0x7f) * 2 ** shift;
      if (!(byte & 0x80)) return value;
    }
  };
  const skipLimits = () => { if (uleb() & 1) uleb(); uleb(); };
  const text = () => { const n = uleb(); at += n; return bytes.toString('utf8', at - n, at); };
  let importedFunctions = 0;
  const bodies = [];
  const names = new Map();
  let data = 0;
  while (at < bytes.length) {
    const id = bytes[at++];
    const length = uleb();
    const end = at + length;
    if (id === 2) {
      for (let n = uleb(); n > 0; n--) {
        text();
        text();
        const kind = bytes[at++];
        if (kind === 0) { importedFunctions++; uleb(); }
        else if (kind === 1) { at++; skipLimits(); } // a table: its type, then limits
        else if (kind === 2) skipLimits();
        else if (kind === 3) at += 2;
        else { at++; uleb(); } // a tag
      }
    } else if (id === 10) {
      for (let n = uleb(); n > 0; n--) { const size = uleb(); bodies.push(bytes.subarray(at, at + size)); at += size; }
    } else if (id === 11) {
      data = length;
    } else if (id === 0 && text() === 'name') {
      while (at < end) {
        const sub = bytes[at++];
        const subEnd = uleb() + at;
        if (sub === 1) for (let n = uleb(); n > 0; n--) { const index = uleb(); names.set(index, text()); }
        at = subEnd;
      }
    }
    at = end;
  }
  return { functions: bodies.map((body, i) => ({ body, name: names.get(importedFunctions + i) ?? null })), data };
}

const ESCAPES = { SP: '@', BP: '*', RF: '&', LT: '<', GT: '>', LP: '(', RP: ')', C: ',' };

/**
 * A Rust symbol as a path: legacy (`_ZN…E`, what our crates get) fully,
 * v0 (`_R…`, what the prebuilt standard library has) as far as its crate.
 */
export function demangle(symbol) {
  const legacy = symbol.match(/^_ZN(.*)E$/);
  if (legacy) {
    const parts = [];
    let rest = legacy[1];
    while (rest) {
      const m = rest.match(/^(\d+)/);
      if (!m) return symbol;
      const length = Number(m[1]);
      if (m[1].length + length > rest.length) return symbol;
      parts.push(rest.slice(m[1].length, m[1].length + length));
      rest = rest.slice(m[1].length + length);
    }
    if (/^h[0-9a-f]{16}$/.test(parts.at(-1) ?? '')) parts.pop();
    return parts
      .map((part) => part
        .replace(/^_\$/, '$')
        .replace(/\$u([0-9a-f]+)\$/g, (_, hex) => String.fromCodePoint(parseInt(hex, 16)))
        .replace(/\$(SP|BP|RF|LT|GT|LP|RP|C)\$/g, (_, e) => ESCAPES[e])
        .replaceAll('..', '::'))
      .join('::');
  }
  const v0 = symbol.match(/^_R.*?C(?:s[0-9A-Za-z]*_)?(\d+)([A-Za-z_]\w*)/);
  if (v0) return `${v0[2].slice(0, Number(v0[1]))}::…`;
  return symbol;
}

/**
 * Whom a function's bytes belong to: its crate, and for our own crates the
 * module (up to two levels: `vmdeck::pages::vm_list`; a lowercase segment is
 * a module when a named item follows it, a function otherwise). A trait's
 * method on a type belongs to the type's crate (`<vmdeck::…::Row as
 * tachys::view::Render>` is ours); on a type parameter or a primitive
 * (`<F as tachys::view::Render>`, Leptos's view code built once per closure)
 * to the trait's.
 */
export function owner(path) {
  let subject = path;
  if (path.startsWith('<')) {
    const impl = path.match(/^<(?:impl )?(.*?) (?:as|for) ([\w:]+)/);
    const self = (impl?.[1] ?? path.slice(1)).replace(/^(?:&(?:mut )?|\*(?:const|mut) |\[|\()+/, '');
    subject = /^[a-z_]\w*::/.test(self) ? self : (impl?.[2] ?? self);
  }
  const segments = subject.split('::');
  const crate = segments[0] || '(unnamed)';
  const modules = [];
  for (let i = 1; i < segments.length - 1 && modules.length < 2; i++) {
    if (!/^[a-z_][a-z0-9_]*$/.test(segments[i]) || !/^[A-Za-z_]/.test(segments[i + 1])) break;
    modules.push(segments[i]);
  }
  return { crate, module: [crate, ...modules].join('::') };
}

const brotli = (buffers) => brotliCompressSync(Buffer.concat(buffers), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/**
 * The main module's code by crate and by our own modules, largest first:
 * `{ crates, ours, total, data, checked }`, each row `{ name, raw, brotli }`
 * in bytes (brotli of the row's functions alone, so more than their share
 * of the module's). Throws when the last linker output is not the build in
 * `shipped` (a different number of functions).
 */
export function attribute({ linked, shipped, own = ['vmdeck', 'vmdeck_core'] }) {
  if (!existsSync(linked)) throw new Error(`${linked}: no linker output; build the release panel first`);
  const work = mkdtempSync(path.join(tmpdir(), 'vmdeck-names-'));
  try {
    const run = (command, args) => execFileSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    run('wasm-split-cli', [linked, work, '--target', 'web', '--out-name', 'vmdeck']);
    const main = path.join(work, 'vmdeck.wasm');
    run('wasm-bindgen', ['--target', 'web', '--keep-lld-exports', '--no-demangle', '--keep-debug', '--no-typescript', '--out-dir', work, '--out-name', 'vmdeck', main]);
    const named = path.join(work, 'vmdeck_bg.wasm');
    run('wasm-opt', ['-Oz', '-g', named, '--output', named]);
    const module = readModule(readFileSync(named));
    const real = readModule(readFileSync(shipped));
    if (real.functions.length !== module.functions.length) {
      throw new Error(`the linker output has ${module.functions.length} functions in its main module, ${shipped} ${real.functions.length}: rebuild the release panel`);
    }
    const crates = new Map();
    const ours = new Map();
    const add = (table, key, body) => table.set(key, [...(table.get(key) ?? []), body]);
    for (const { body, name } of module.functions) {
      const who = owner(name ? demangle(name) : '');
      add(crates, who.crate, body);
      if (own.includes(who.crate)) add(ours, who.module, body);
    }
    const size = (bodies) => bodies.reduce((sum, body) => sum + body.length, 0);
    const rows = (table) => [...table]
      .map(([name, bodies]) => ({ name, raw: size(bodies), brotli: brotli(bodies) }))
      .sort((a, b) => b.raw - a.raw);
    const total = size(module.functions.map((f) => f.body));
    return { crates: rows(crates), ours: rows(ours), total, data: real.data, functions: real.functions.length };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
