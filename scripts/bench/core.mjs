// Section `core`: the core's share of the list over 10,000 VMs, native and
// without the browser: reading the list, a tag's VMs, the groups by tag, the
// pinned VMs first, a search typed (crates/core/benches/fleet.rs, run here
// with `cargo bench` in the CARGO_TARGET_DIR of the caller). Each is held to
// the browser's budget from keystroke to table: the core's share should be
// far under it.

import { spawnSync } from 'node:child_process';
import { ROOT } from '../../tests/support/simulator.mjs';
import { figures, log, record } from './shared.mjs';

export const name = 'core';

export const FIGURES = figures({
  fleet: { name: 'core: {what}', unit: 'ms', budget: 100, better: 'lower' },
});

const COMMAND = ['bench', '--offline', '-p', 'vmdeck-core', '--bench', 'fleet'];

/**
 * The bench's figures in order, from its lines `BENCH <name>\t<median ms>`,
 * which may go on with `\t<min>\t<max>\t<runs>`: a number, or the stats of the runs.
 */
export function parse(output) {
  const number = String.raw`\t(\d+(?:\.\d+)?)`;
  const line = new RegExp(String.raw`^BENCH ([^\t\n]+)${number}(?:${number}${number}${number})?$`, 'gm');
  return [...output.matchAll(line)].map(([, what, median, min, max, n]) => ({
    what,
    value: min === undefined ? Number(median) : { median: Number(median), min: Number(min), max: Number(max), n: Number(n) },
  }));
}

export async function run() {
  // cargo's progress and the bench's lines for people go to stderr; the figures come on stdout.
  const bench = spawnSync('cargo', COMMAND, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 24 });
  const found = bench.status === 0 ? parse(bench.stdout) : [];
  if (!found.length) {
    const why = bench.error ? bench.error.message : `cargo ${COMMAND.join(' ')} exited with ${bench.status}`;
    log(why);
    record(FIGURES.fleet, 'not run', { slots: { what: 'fleet' }, note: `(${why})` });
    return;
  }
  for (const { what, value } of found) {
    record(FIGURES.fleet, value, { slots: { what: `fleet ${what}` }, note: value.n ? `(native, ${value.n} runs)` : '(native)' });
  }
}
