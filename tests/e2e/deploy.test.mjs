// The production deployment: deploy/nginx.conf run by Debian's nginx, and
// deploy/Caddyfile by Debian's Caddy, each in front of the simulator, serving
// dist/ itself and proxying /api/ to the simulator's API; the panel used
// through each, and the same headers checked.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO, ROOT, accountPath, loggedInPage, useSuite } from './harness.mjs';

const suite = useSuite(['--vms', '30'], { before, after, afterEach });
const CADDY = '/usr/bin/caddy';

/** A free TCP port on 127.0.0.1. */
async function freePort() {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  await once(server, 'close');
  return port;
}

/** `file` of deploy/ as a provider would install it, its "SET" lines changed as `lines` say. */
function configured(file, lines) {
  let text = readFileSync(path.join(ROOT, 'deploy', file), 'utf8');
  for (const [line, value] of lines) {
    assert.equal(text.match(new RegExp(line.source, 'gm'))?.length, 1, `deploy/${file} has one line ${line}`);
    text = text.replace(line, value);
  }
  return text;
}

/** Waits until the server answers at `url`, or fails with what `failed()` says. */
async function answering(url, child, failed) {
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}: ${failed()}`);
    try {
      await fetch(`${url}/config.json`);
      return;
    } catch (error) {
      if (waited > 10000) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** What stops a server started below (with `signal`, its graceful one) and removes its folder. */
function stopper(child, dir, signal) {
  return async () => {
    if (child.exitCode === null) {
      child.kill(signal);
      await once(child, 'exit');
    }
    rmSync(dir, { recursive: true, force: true });
  };
}

/**
 * Starts nginx with deploy/nginx.conf, its three "SET" lines changed: the
 * port, dist/ as the root, and the simulator's API as the upstream.
 */
async function startNginx(api) {
  const dir = mkdtempSync(path.join(tmpdir(), 'vmdeck-nginx-'));
  const port = await freePort();
  const site = configured('nginx.conf', [
    [/^(\s*)listen 80;.*$/m, `$1listen 127.0.0.1:${port};`],
    [/^(\s*)root \/srv\/vmdeck\/dist;.*$/m, `$1root ${path.join(ROOT, 'dist')};`],
    [/^(\s*)proxy_pass https:\/\/api\.provider\.example\/;.*$/m, `$1proxy_pass ${api}/;`],
  ]);
  writeFileSync(path.join(dir, 'vmdeck.conf'), site);
  // What Debian's /etc/nginx/nginx.conf gives the file: the http block, the
  // MIME types and the brotli module; the rest keeps nginx inside `dir`.
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;
events { worker_connections 256; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    client_body_temp_path ${dir}/body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    include ${dir}/vmdeck.conf;
}
`,
  );
  const child = spawn('/usr/sbin/nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  await answering(url, child, () => `nginx: ${readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
  return { url, stop: stopper(child, dir, 'SIGQUIT') };
}

/**
 * Starts Caddy with deploy/Caddyfile, its four "SET" lines changed: the
 * site's address (plain HTTP on a free port, where a provider names its
 * host and Caddy gets it a certificate), dist/ as the root, and the
 * simulator's API, whose paths start with /api, as the upstream. Caddy's
 * own admin endpoint is off and its state stays in a folder of its own.
 */
async function startCaddy(api) {
  const dir = mkdtempSync(path.join(tmpdir(), 'vmdeck-caddy-'));
  const port = await freePort();
  const upstream = new URL(api);
  const site = configured('Caddyfile', [
    [/^vmdeck\.provider\.example \{.*$/m, `http://127.0.0.1:${port} {`],
    [/^(\s*)root \* \/srv\/vmdeck\/dist.*$/m, `$1root * ${path.join(ROOT, 'dist')}`],
    [/^(\s*)rewrite \* \{uri\}.*$/m, `$1rewrite * ${upstream.pathname}{uri}`],
    [/^(\s*)reverse_proxy https:\/\/api\.provider\.example \{.*$/m, `$1reverse_proxy ${upstream.origin} {`],
  ]);
  const file = path.join(dir, 'Caddyfile');
  writeFileSync(file, `{\n\tadmin off\n}\n\n${site}`);
  let output = '';
  const child = spawn(CADDY, ['run', '--config', file, '--adapter', 'caddyfile'], {
    env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  await answering(url, child, () => `caddy: ${output}`);
  return { url, stop: stopper(child, dir, 'SIGTERM') };
}

// Each front is started by its first test, once the suite's simulator runs.
// `server` is the Server header it sends: a name, never a version.
const FRONTS = {
  nginx: { start: startNginx, server: 'nginx' },
  caddy: { start: startCaddy, server: null },
};
const running = {};
async function front(name) {
  running[name] ??= await FRONTS[name].start(suite.sim.api);
  return running[name].url;
}
after(async () => {
  for (const server of Object.values(running)) await server.stop();
});

const app = () => readdirSync(path.join(ROOT, 'dist')).find((name) => name.startsWith('app-'));

for (const [name, { server }] of Object.entries(FRONTS)) {
  const get = async (pathname, headers = {}) => fetch(`${await front(name)}${pathname}`, { headers, redirect: 'manual' });

  test(`${name}: the panel through it: log in, the list, and a deep link reloaded`, async () => {
    const base = await front(name);
    const { page } = await loggedInPage(suite, { base, ready: '#vm-table tbody tr' });
    const vm = await page.$eval('#vm-table tbody tr', (row) => row.id.replace('vm-row-', ''));
    await page.goto(`${base}/vms/${vm}/network`);
    await page.waitForSelector('#vm-title');
    await page.reload();
    await page.waitForSelector('.nic');
    assert.match(page.url(), new RegExp(`/vms/${vm}/network$`));
  });

  test(`${name}: security headers on every answer, the policy as in index.html plus no framing`, async () => {
    const index = await get('/', { Accept: 'text/html' });
    assert.equal(index.status, 200);
    const meta = (await index.text()).match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)"/)[1];
    for (const response of [index, await get(`/${app()}/boot.js`), await get('/nowhere.js'), await get(`/api${accountPath('/virtual_machines')}`, { Authorization: DEMO.token })]) {
      const headers = response.headers;
      assert.equal(headers.get('content-security-policy'), `${meta}; frame-ancestors 'none'`, response.url);
      assert.equal(headers.get('x-content-type-options'), 'nosniff');
      assert.equal(headers.get('x-frame-options'), 'DENY');
      assert.equal(headers.get('referrer-policy'), 'no-referrer');
      assert.equal(headers.get('server'), server, 'no version given away');
    }
    assert.equal(index.headers.get('cache-control'), 'no-cache');
    assert.equal((await get('/config.json')).headers.get('cache-control'), 'no-cache');
  });

  test(`${name}: the precompressed files by Accept-Encoding, hashed ones cached for a year`, async () => {
    const wasm = `/${app()}/vmdeck_bg.wasm`;
    const raw = readFileSync(path.join(ROOT, 'dist', wasm));
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ]) {
      const response = await get(wasm, { 'Accept-Encoding': accept });
      assert.equal(response.status, 200, accept);
      assert.equal(response.headers.get('content-encoding'), encoding, accept);
      assert.equal(response.headers.get('content-type'), 'application/wasm');
      assert.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      if (encoding) assert.match(response.headers.get('vary') ?? '', /accept-encoding/i, accept);
      // fetch decodes what it is sent: the copy sent is the original's.
      assert.ok(Buffer.from(await response.arrayBuffer()).equals(raw), `${accept}: decodes to the original`);
    }
    const css = readdirSync(path.join(ROOT, 'dist')).find((name) => /^main-[0-9a-f]{16}\.css$/.test(name));
    assert.equal((await get(`/${css}`)).headers.get('cache-control'), 'public, max-age=31536000, immutable');
  });

  test(`${name}: index.html for a page of the panel only; a missing file is a plain 404, never cached`, async () => {
    for (const accept of ['text/html,application/xhtml+xml', '*/*', undefined]) {
      const page = await get('/vms/42/network', accept ? { Accept: accept } : {});
      assert.equal(page.status, 200, `Accept: ${accept}`);
      assert.match(await page.text(), /<div id="app">/);
      assert.equal(page.headers.get('cache-control'), 'no-cache');
    }
    for (const [pathname, headers] of [
      [`/${app()}/missing.wasm`, {}],
      ['/missing.js', { Accept: '*/*' }],
      ['/vms/42', { Accept: 'application/json' }],
    ]) {
      const missing = await get(pathname, headers);
      assert.equal(missing.status, 404, pathname);
      assert.match(missing.headers.get('content-type'), /^text\/plain/);
      assert.equal(await missing.text(), 'Not found\n');
      assert.equal(missing.headers.get('cache-control'), 'no-cache', `${pathname}: a 404 is not kept`);
    }
  });

  test(`${name}: /api/ goes to the API with the Authorization header as sent`, async () => {
    const listed = await get(`/api${accountPath('/virtual_machines?limit=3')}`, { Authorization: DEMO.token, Accept: 'application/json' });
    assert.equal(listed.status, 200);
    assert.equal((await listed.json()).length, 3);
    const refused = await get(`/api${accountPath('/virtual_machines')}`, { Authorization: 'wrong', Accept: 'application/json' });
    assert.equal(refused.status, 401, 'the token is the API\'s to judge');
    const missing = await get(`/api${accountPath('/virtual_machine/999999')}`, { Authorization: DEMO.token, Accept: 'application/json' });
    assert.equal(missing.status, 404);
    assert.notEqual(await missing.text(), 'Not found\n', 'the API\'s own 404, not the panel\'s');
  });
}
