// The production fronts for the deployment tests: nginx and Caddy started with the site files the build writes, an API of a test's that shows what it got, certificates, and requests over HTTPS with any certificate.

import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { DIST, ROOT } from './simulator.mjs';

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

/**
 * The certificates the tests use, made in a folder of their own: a
 * self-signed one (the panel's, under nginx, and an API no CA vouches for),
 * a test CA, and an API certificate that CA signed. All name 127.0.0.1 and
 * localhost. `cert(name)` gives a certificate's files, `ca` the CA's.
 */
function makeCertificates() {
  const dir = mkdtempSync(path.join(tmpdir(), 'vmdeck-certs-'));
  const openssl = (...args) => execFileSync('/usr/bin/openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  const NAMES = 'subjectAltName=IP:127.0.0.1,DNS:localhost';
  const EC = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl('req', '-x509', ...EC, '-keyout', 'self.key', '-out', 'self.pem', '-days', '2', '-subj', '/CN=localhost', '-addext', NAMES);
  openssl('req', '-x509', ...EC, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=vmdeck test CA');
  openssl('req', ...EC, '-keyout', 'api.key', '-out', 'api.csr', '-subj', '/CN=localhost');
  writeFileSync(path.join(dir, 'api.ext'), `${NAMES}\n`);
  openssl('x509', '-req', '-in', 'api.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'api.pem', '-days', '2', '-extfile', 'api.ext');
  return {
    cert: (name) => ({ cert: path.join(dir, `${name}.pem`), key: path.join(dir, `${name}.key`) }),
    ca: path.join(dir, 'ca.pem'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * A request as fetch makes one, with no redirect followed and the body
 * decoded as fetch does, but over HTTPS with any certificate: the panel's
 * under nginx is the test's own, self-signed.
 */
export function request(url, { method = 'GET', headers = {}, body, expectContinue = false } = {}) {
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
export function built(file) {
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
async function startNginx(api, { certs, trusted } = {}) {
  const port = await freePort();
  const plainPort = await freePort();
  const site = configured('nginx.conf', [
    [/^(\s*)listen 80;.*$/m, `$1listen 127.0.0.1:${plainPort};`],
    [/^(\s*)listen 443 ssl http2;.*$/m, `$1listen 127.0.0.1:${port} ssl http2;`],
    [/^(\s*)ssl_certificate \S+;.*$/m, `$1ssl_certificate ${certs.cert('self').cert};`],
    [/^(\s*)ssl_certificate_key \S+;.*$/m, `$1ssl_certificate_key ${certs.cert('self').key};`],
    [/^(\s*)root \/srv\/vmdeck\/dist;.*$/m, `$1root ${DIST};`],
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
    [/^(\s*)root \* \/srv\/vmdeck\/dist.*$/m, `$1root * ${DIST}`],
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
export async function startEcho(tls) {
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

// Each front, and `server`, the Server header it sends: a name, never a version.
export const FRONTS = {
  nginx: { start: startNginx, server: 'nginx', siteFile: 'nginx.conf' },
  caddy: { start: startCaddy, server: null, siteFile: 'Caddyfile' },
};

/**
 * The fronts of a test file, before the suite's simulator (`suite.sim`),
 * stopped with the certificates removed by `hooks.after`. Each front is
 * started by the first test asking for it (`front(name)` its address,
 * `frontServer(name)` the server), once the suite's simulator runs; a second
 * one of each before the echoing API (`echo()`, started once too), by
 * `echoFront(name)`. `withFront(name, api, options, body)` runs `body(url)`
 * with a front of its own before `api` (`options.trusted`: a CA the API's
 * certificate may come from), stopped after it. `cert(name)` and `ca` are
 * the certificates' files.
 */
export function useFronts(suite, hooks) {
  const certs = makeCertificates();
  const running = {};
  const started = (key, start) => (running[key] ??= start());
  hooks.after(async () => {
    for (const pending of Object.values(running)) await pending.then((server) => server.stop(), () => {});
    certs.remove();
  });
  const start = (name, api, options = {}) => FRONTS[name].start(api, { ...options, certs });
  const frontServer = (name) => started(name, () => start(name, suite.sim.api));
  const echo = () => started('echo', () => startEcho());
  return {
    cert: certs.cert,
    ca: certs.ca,
    frontServer,
    front: async (name) => (await frontServer(name)).url,
    echo,
    echoFront: async (name) => (await started(`${name} before echo`, async () => start(name, (await echo()).api))).url,
    async withFront(name, api, options, body) {
      const server = await start(name, api, options);
      try {
        await body(server.url);
      } finally {
        await server.stop();
      }
    },
  };
}
