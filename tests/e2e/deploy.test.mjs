// The production deployment: site/nginx.conf run by Debian's nginx, and
// site/Caddyfile by Debian's Caddy (the files the build writes from deploy/'s
// templates, with the built policy), each in front of the simulator, serving
// dist/ itself and proxying /api/ to the simulator's API; the panel used
// through each, and the same headers checked. Some checks start a front of
// their own before a small API of the test's: one that shows what it was
// sent, or one with a certificate of its own.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { DEMO, ROOT, accountPath, loggedInPage, useSuite } from './harness.mjs';
import { headerPolicy, policy, siteFile, templatePolicy } from '../../scripts/csp.mjs';

const suite = useSuite(['--vms', '30'], { before, after, afterEach });
const CADDY = '/usr/bin/caddy';
const MIB = 1024 * 1024;

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

/**
 * The certificates the tests use, made once in a folder of their own: a
 * self-signed one (the panel's, under nginx, and an API no CA vouches for),
 * a test CA, and an API certificate that CA signed. All name 127.0.0.1 and
 * localhost.
 */
const CERTS = mkdtempSync(path.join(tmpdir(), 'vmdeck-certs-'));
after(() => rmSync(CERTS, { recursive: true, force: true }));
const cert = (name) => ({ cert: path.join(CERTS, `${name}.pem`), key: path.join(CERTS, `${name}.key`) });
const openssl = (...args) => execFileSync('/usr/bin/openssl', args, { cwd: CERTS, stdio: ['ignore', 'ignore', 'pipe'] });
const NAMES = 'subjectAltName=IP:127.0.0.1,DNS:localhost';
const EC = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
openssl('req', '-x509', ...EC, '-keyout', 'self.key', '-out', 'self.pem', '-days', '2', '-subj', '/CN=localhost', '-addext', NAMES);
openssl('req', '-x509', ...EC, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=vmdeck test CA');
openssl('req', ...EC, '-keyout', 'api.key', '-out', 'api.csr', '-subj', '/CN=localhost');
writeFileSync(path.join(CERTS, 'api.ext'), `${NAMES}\n`);
openssl('x509', '-req', '-in', 'api.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'api.pem', '-days', '2', '-extfile', 'api.ext');

/**
 * A request as fetch makes one, with no redirect followed and the body
 * decoded as fetch does, but over HTTPS with any certificate: the panel's
 * under nginx is the test's own, self-signed.
 */
function request(url, { method = 'GET', headers = {}, body, expectContinue = false } = {}) {
  const send = url.startsWith('https:') ? https.request : http.request;
  return new Promise((resolve, reject) => {
    let answered = false;
    // With `expectContinue`, the body goes only once the server asks for it
    // (100 Continue): a server that refuses it answers first, and the client
    // is never still writing into a connection the server has closed.
    const asked = expectContinue ? { ...headers, Expect: '100-continue', 'Content-Length': String(body?.length ?? 0) } : headers;
    const sent = send(url, { method, headers: asked, agent: false, rejectUnauthorized: false }, (answer) => {
      answered = true;
      const chunks = [];
      answer.on('data', (chunk) => chunks.push(chunk));
      answer.on('error', reject);
      answer.on('end', () => {
        let bytes = Buffer.concat(chunks);
        const encoding = answer.headers['content-encoding'];
        if (encoding === 'br') bytes = brotliDecompressSync(bytes);
        if (encoding === 'gzip') bytes = gunzipSync(bytes);
        const fields = new Headers();
        for (let i = 0; i < answer.rawHeaders.length; i += 2) fields.append(answer.rawHeaders[i], answer.rawHeaders[i + 1]);
        const empty = [204, 304].includes(answer.statusCode) || method === 'HEAD';
        const response = new Response(empty ? null : bytes, { status: answer.statusCode, headers: fields });
        Object.defineProperty(response, 'url', { value: url });
        resolve(response);
        // An answer before the body was asked for: the body is never sent.
        sent.destroy();
      });
    });
    // A server may answer before it has read a body it refuses, and close.
    sent.on('error', (error) => {
      if (!answered) reject(error);
    });
    if (expectContinue) {
      sent.on('continue', () => sent.end(body));
      sent.flushHeaders();
    } else {
      sent.end(body);
    }
  });
}

/** site/`file`: the build's copy of deploy/`file`, with the built policy. */
function built(file) {
  const written = path.join(ROOT, 'site', file);
  assert.ok(existsSync(written), `site/${file} is missing: the build writes it (scripts/csp.mjs); build the panel first`);
  return readFileSync(written, 'utf8');
}

/**
 * site/`file` as a provider would install it, its "SET" lines and whatever
 * else `lines` names changed as they say.
 */
function configured(file, lines) {
  let text = built(file);
  for (const [line, value] of lines) {
    assert.equal(text.match(new RegExp(line.source, 'gm'))?.length, 1, `site/${file} has one line ${line}`);
    text = text.replace(line, value);
  }
  return text;
}

/** Waits until the server answers at `url`, or fails with what `failed()` says. */
async function answering(url, child, failed) {
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}: ${failed()}`);
    try {
      await request(`${url}/config.json`);
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
 * Starts nginx with site/nginx.conf, its four "SET" lines changed (the
 * site's certificate and key: the test's self-signed one; dist/ as the root;
 * the API: `api`) and its ports moved to free ones on 127.0.0.1. `trusted`
 * replaces the system's CAs as those the API's certificate must come from.
 * `url` is the panel over HTTPS, `plain` its port 80.
 */
async function startNginx(api, { trusted } = {}) {
  const port = await freePort();
  const plainPort = await freePort();
  const site = configured('nginx.conf', [
    [/^(\s*)listen 80;.*$/m, `$1listen 127.0.0.1:${plainPort};`],
    [/^(\s*)listen 443 ssl http2;.*$/m, `$1listen 127.0.0.1:${port} ssl http2;`],
    [/^(\s*)ssl_certificate \S+;.*$/m, `$1ssl_certificate ${cert('self').cert};`],
    [/^(\s*)ssl_certificate_key \S+;.*$/m, `$1ssl_certificate_key ${cert('self').key};`],
    [/^(\s*)root \/srv\/vmdeck\/dist;.*$/m, `$1root ${path.join(ROOT, 'dist')};`],
    [/^(\s*)proxy_pass https:\/\/api\.provider\.example\/;.*$/m, `$1proxy_pass ${api}/;`],
    ...(trusted ? [[/^(\s*)proxy_ssl_trusted_certificate \S+;.*$/m, `$1proxy_ssl_trusted_certificate ${trusted};`]] : []),
  ]);
  const dir = mkdtempSync(path.join(tmpdir(), 'vmdeck-nginx-'));
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
  const url = `https://127.0.0.1:${port}`;
  const stop = stopper(child, dir, 'SIGQUIT');
  await answering(url, child, () => `nginx: ${readFileSync(path.join(dir, 'error.log'), 'utf8')}`).catch(async (error) => {
    await stop();
    throw error;
  });
  return { url, plain: `http://127.0.0.1:${plainPort}`, stop };
}

/**
 * Starts Caddy with site/Caddyfile, its four "SET" lines changed: the
 * site's address (plain HTTP on a free port, where a provider names its
 * host and Caddy gets it a certificate), dist/ as the root, and the API
 * (`api`, whose paths start with /api) as the upstream. `trusted` adds a CA
 * the API's certificate may come from. Caddy's own admin endpoint is off and
 * its state stays in a folder of its own.
 */
async function startCaddy(api, { trusted } = {}) {
  const port = await freePort();
  const upstream = new URL(api);
  const site = configured('Caddyfile', [
    [/^vmdeck\.provider\.example \{.*$/m, `http://127.0.0.1:${port} {`],
    [/^(\s*)root \* \/srv\/vmdeck\/dist.*$/m, `$1root * ${path.join(ROOT, 'dist')}`],
    [/^(\s*)rewrite \* \{uri\}.*$/m, `$1rewrite * ${upstream.pathname}{uri}`],
    [/^(\s*)reverse_proxy https:\/\/api\.provider\.example \{.*$/m, `$1reverse_proxy ${upstream.origin} {`],
    ...(trusted ? [[/^(\s*)(dial_timeout .*)$/m, `$1$2\n$1tls_trusted_ca_certs ${trusted}`]] : []),
  ]);
  const dir = mkdtempSync(path.join(tmpdir(), 'vmdeck-caddy-'));
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
  const stop = stopper(child, dir, 'SIGTERM');
  await answering(url, child, () => `caddy: ${output}`).catch(async (error) => {
    await stop();
    throw error;
  });
  return { url, stop };
}

/**
 * An API of the test's, under /api: it keeps the headers and body length of
 * each request it gets (`seen`), and answers 200 with JSON, a cookie and a
 * Cache-Control that would let anyone store it. Over HTTPS with the
 * certificate `tls`.
 */
async function startEcho(tls) {
  const seen = [];
  const answer = (req, res) => {
    // Kept as it arrives: a request cut short shows with what came of its body.
    const got = { method: req.method, url: req.url, headers: req.headers, length: 0 };
    seen.push(got);
    req.on('data', (chunk) => {
      got.length += chunk.length;
    });
    req.on('end', () => {
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Set-Cookie': 'session=from-the-api; Path=/',
        'Cache-Control': 'public, max-age=3600',
      });
      res.end(JSON.stringify({ ok: true }));
    });
  };
  const server = tls
    ? https.createServer({ cert: readFileSync(tls.cert), key: readFileSync(tls.key) }, answer)
    : http.createServer(answer);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  // Over HTTPS by name, which nginx checks the certificate against (it
  // matches no address); localhost is 127.0.0.1, or ::1 tried first.
  const api = `${tls ? 'https://localhost' : 'http://127.0.0.1'}:${server.address().port}/api`;
  return {
    api,
    seen,
    async stop() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

// Each front is started by its first test, once the suite's simulator runs;
// a second one of each before the echoing API, by the first test needing it.
// `server` is the Server header it sends: a name, never a version.
const FRONTS = {
  nginx: { start: startNginx, server: 'nginx' },
  caddy: { start: startCaddy, server: null },
};
const running = {};
const started = (key, start) => (running[key] ??= start());
after(async () => {
  for (const pending of Object.values(running)) await pending.then((server) => server.stop(), () => {});
});
const frontServer = (name) => started(name, () => FRONTS[name].start(suite.sim.api));
const front = async (name) => (await frontServer(name)).url;
const echo = () => started('echo', () => startEcho());
const echoFront = async (name) => (await started(`${name} before echo`, async () => FRONTS[name].start((await echo()).api))).url;

/** `body` with a front of its own before `api`, stopped after it. */
async function withFront(name, api, options, body) {
  const server = await FRONTS[name].start(api, options);
  try {
    await body(server.url);
  } finally {
    await server.stop();
  }
}

const app = () => readdirSync(path.join(ROOT, 'dist')).find((name) => name.startsWith('app-'));
const builtMeta = () => readFileSync(path.join(ROOT, 'dist', 'index.html'), 'utf8').match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)"/)[1];
const SITE_FILE = { nginx: 'nginx.conf', caddy: 'Caddyfile' };

for (const [name, { server }] of Object.entries(FRONTS)) {
  const get = async (pathname, headers = {}) => request(`${await front(name)}${pathname}`, { headers });

  test(`${name}: site/ is deploy/'s template with the built policy; the template holds the default build's`, () => {
    const file = SITE_FILE[name];
    const template = readFileSync(path.join(ROOT, 'deploy', file), 'utf8');
    assert.equal(built(file), siteFile(file, template, builtMeta()), `site/${file} is stale: build again`);
    assert.equal(templatePolicy(built(file), file), `${builtMeta()}; frame-ancestors 'none'`);
    const html = readFileSync(path.join(ROOT, 'dist', 'index.html'), 'utf8').replace(/\s*<meta http-equiv="Content-Security-Policy"[^>]*>/, '');
    assert.equal(templatePolicy(template, file), headerPolicy(policy(html, { api_base_url: '/api' })), `deploy/${file}'s policy line`);
    // The build stops when it cannot tell where the policy goes.
    const line = template.split('\n').find((text) => text.includes(`Content-Security-Policy "`));
    assert.throws(() => siteFile(file, template.replace(line, ''), builtMeta()), /has 0 Content-Security-Policy lines/);
    assert.throws(() => siteFile(file, template.replace(line, `${line}\n${line}`), builtMeta()), /has 2 Content-Security-Policy lines/);
  });

  test(`${name}: the panel through it: log in, the list, and a deep link reloaded`, async () => {
    const base = await front(name);
    const { page } = await loggedInPage(suite, { base, ready: '#vm-table tbody tr', ignoreHTTPSErrors: true });
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
      assert.equal(headers.get('strict-transport-security'), 'max-age=31536000', response.url);
      assert.equal(headers.get('server'), server, 'no version given away');
    }
    assert.equal(index.headers.get('cache-control'), 'no-cache');
    assert.equal((await get('/config.json')).headers.get('cache-control'), 'no-cache');
  });

  if (name === 'nginx') {
    // Caddy sends plain HTTP to HTTPS itself once it has the site's name; its
    // test site is plain HTTP.
    test(`${name}: plain HTTP answers every request with a 301 to the same address on https`, async () => {
      const { plain } = await frontServer(name);
      for (const pathname of ['/', '/vms/42/network?tab=1', `/api${accountPath('/virtual_machines')}`]) {
        for (const method of ['GET', 'POST']) {
          const moved = await request(`${plain}${pathname}`, { method, headers: { Authorization: DEMO.token } });
          assert.equal(moved.status, 301, `${method} ${pathname}`);
          assert.equal(moved.headers.get('location'), `https://127.0.0.1${pathname}`);
          assert.equal(moved.headers.get('server'), server, 'no version given away');
        }
      }
    });
  }

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
      // Decoded as fetch decodes: the copy sent is the original's.
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

  test(`${name}: no API answer is stored, whatever the API says`, async () => {
    const listed = await get(`/api${accountPath('/virtual_machines?limit=3')}`, { Authorization: DEMO.token });
    assert.equal(listed.status, 200);
    assert.equal(listed.headers.get('cache-control'), 'no-store');
    const refused = await get(`/api${accountPath('/virtual_machines')}`, { Authorization: 'wrong' });
    assert.equal(refused.status, 401);
    assert.equal(refused.headers.get('cache-control'), 'no-store');
    // The echoing API says "public, max-age=3600".
    const echoed = await request(`${await echoFront(name)}/api/cacheable`);
    assert.equal(echoed.status, 200);
    assert.equal(echoed.headers.get('cache-control'), 'no-store');
  });

  test(`${name}: no cookie either way, X-Forwarded-For the client's address only, Authorization as sent`, async () => {
    const { seen } = await echo();
    const answer = await request(`${await echoFront(name)}/api/echo/${name}`, {
      headers: { Authorization: 'Bearer the-token', Cookie: 'a=b', 'X-Forwarded-For': '6.6.6.6' },
    });
    assert.equal(answer.status, 200);
    assert.deepEqual(await answer.json(), { ok: true });
    assert.equal(answer.headers.get('set-cookie'), null, 'the API sets no cookie on the panel\'s origin');
    const got = seen.find(({ url }) => url === `/api/echo/${name}`);
    assert.ok(got, `the API got the request: ${JSON.stringify(seen.map(({ url }) => url))}`);
    assert.equal(got.headers.cookie, undefined, 'no cookie of the panel\'s origin goes to the API');
    assert.equal(got.headers['x-forwarded-for'], '127.0.0.1');
    assert.equal(got.headers.authorization, 'Bearer the-token');
  });

  test(`${name}: a request body over 1 MiB is refused with 413, before it reaches the API`, async () => {
    const { seen } = await echo();
    const upload = `${await echoFront(name)}/api/upload/${name}`;
    const limit = await request(upload, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: Buffer.alloc(MIB, 0x20) });
    assert.equal(limit.status, 200, 'exactly 1 MiB goes through');
    const large = await request(upload, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: Buffer.alloc(2 * MIB, 0x20), expectContinue: true });
    assert.equal(large.status, 413);
    assert.deepEqual(
      seen.filter(({ url }) => url === `/api/upload/${name}`).map(({ length }) => length),
      [MIB],
      'only the 1 MiB body reached the API',
    );
  });

  test(`${name}: the API's certificate is checked: a self-signed one is a 502, the request never sent`, async () => {
    const api = await startEcho(cert('self'));
    try {
      await withFront(name, api.api, {}, async (url) => {
        const answer = await request(`${url}/api/vms`, { headers: { Authorization: DEMO.token } });
        assert.equal(answer.status, 502);
        assert.deepEqual(api.seen, [], 'the token was not sent');
      });
    } finally {
      await api.stop();
    }
  });

  test(`${name}: an API certificate from a CA it is told to trust is accepted`, async () => {
    const api = await startEcho(cert('api'));
    try {
      await withFront(name, api.api, { trusted: path.join(CERTS, 'ca.pem') }, async (url) => {
        const answer = await request(`${url}/api/vms`, { headers: { Authorization: DEMO.token } });
        assert.equal(answer.status, 200);
        assert.equal(api.seen.length, 1);
        assert.equal(api.seen[0].headers.authorization, DEMO.token);
      });
    } finally {
      await api.stop();
    }
  });
}
