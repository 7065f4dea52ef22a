// The project's paths (ROOT, DIST, SIM), the release simulator started on a free port with the built panel, and the panel deployed with a config of a test's.

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DIST = path.join(ROOT, 'dist');
export const SIM = path.join(ROOT, 'target/release/vmdeck-sim');

/** Starts the release simulator on a free port with the built panel. */
export async function startSim(args = []) {
  const child = spawn(SIM, ['--listen', '127.0.0.1:0', '--dist', DIST, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`simulator did not start: ${output}`)), 15000);
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = output.match(/listening on (http:\/\/[\d.:]+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on('exit', (code) => reject(new Error(`simulator exited with ${code}: ${output}`)));
  });
  const end = async (signal) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      await once(child, 'exit');
    }
  };
  return {
    url,
    api: `${url}/api`,
    /** Replaces the API's fault switches: `{ latency_ms, error_rate, malformed_rate, drop_rate }`, those left out off. */
    async setFaults(faults = {}) {
      const response = await fetch(`${url}/_sim/faults`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(faults) });
      if (response.status !== 200) throw new Error(`the simulator refused the faults ${JSON.stringify(faults)}: ${response.status} ${await response.text()}`);
    },
    stop: () => end('SIGTERM'),
    /** Gone at once, as a crash or a redeploy would be: open connections and all. */
    kill: () => end('SIGKILL'),
  };
}

/**
 * A copy of the built panel in a folder of its own (named after `name`), as a
 * provider deploys it: its config.json made by `configure(built)` from the
 * built one, and `files` ({ path: text }) added. Answers the folder (`dir`,
 * for the simulator's --dist), the built config, and `remove()`.
 */
export function deployedCopy(name, configure, files = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), `vmdeck-${name}-`));
  cpSync(DIST, dir, { recursive: true });
  const built = JSON.parse(readFileSync(path.join(DIST, 'config.json'), 'utf8'));
  writeFileSync(path.join(dir, 'config.json'), JSON.stringify(configure(built)));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return { dir, config: built, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
