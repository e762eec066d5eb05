/**
 * Several server instances behind one address, on one machine: what a chain of schools runs on several
 * servers, with the same code (issue 30).
 *
 *   DATABASE_URL=postgres://… npm run cluster [-- --instances 2 --port 3100]
 *
 * Starts `instances` server processes on one PostgreSQL database, one DATA_DIR (its secrets) and one
 * S3-compatible store, on ports port+1, port+2, …, and a small reverse proxy on `port` that sends
 * each request and each socket to the next instance that answers, round robin (X-Forwarded-For set, the
 * instances trust it). An instance that stops answering is skipped until its readiness answers again.
 * The first instance migrates and seeds before the others start. Without S3_* in the environment the
 * store is a local s3rver on `--s3-port` (port+90) keeping its objects in DATA_DIR/s3, so the instances
 * share their files as they do in production rather than through one folder. The test of this topology
 * is apps/server/test/cluster.test.ts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { S3Storage } from '../apps/server/src/platform/storage.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Instance {
  port: number;
  /** Every line the instance wrote to its standard output (pino's JSON lines). */
  logs: string[];
  process: ChildProcess;
  /** Ends the instance at once (SIGKILL: no graceful shutdown). */
  kill(): Promise<void>;
}

export interface Cluster {
  url: string;
  instances: Instance[];
  stop(): Promise<void>;
}

/** Waits until `url` answers 200, or rejects after `ms`. */
async function ready(url: string, ms: number, alive: () => boolean): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    if (!alive()) throw new Error(`the instance at ${url} exited`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not become ready in ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function startInstance(port: number, env: Record<string, string>): Instance {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', TRUST_PROXY: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  let rest = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    logs.push(...lines);
  });
  child.stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    port,
    logs,
    process: child,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** The proxy: each request and each websocket to the next instance whose port accepts it. */
function startProxy(port: number, instances: Instance[]): Promise<http.Server> {
  let next = 0;
  const down = new Set<number>();
  const order = () => {
    const start = next++;
    const all = instances.map((_, i) => instances[(start + i) % instances.length] as Instance);
    return [...all.filter((i) => !down.has(i.port)), ...all.filter((i) => down.has(i.port))];
  };
  const forwarded = (req: http.IncomingMessage) => {
    const client = req.socket.remoteAddress ?? '';
    const prior = req.headers['x-forwarded-for'];
    return prior ? `${prior}, ${client}` : client;
  };
  const server = http.createServer((req, res) => {
    // The body is read once, so that a request an instance refused to connect for goes to the next.
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const targets = order();
      const attempt = (k: number) => {
        const target = targets[k];
        if (!target) {
          res.writeHead(502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: 'No instance answers', code: 'NOT_READY' }));
          return;
        }
        const upstream = http.request(
          {
            host: '127.0.0.1',
            port: target.port,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, 'x-forwarded-for': forwarded(req), 'content-length': String(body.length) },
          },
          (answer) => {
            down.delete(target.port);
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on('error', (err: NodeJS.ErrnoException) => {
          if (res.headersSent) return res.destroy();
          // Not connected: nothing reached that instance; the next one takes the request.
          if (err.code === 'ECONNREFUSED' || err.code === 'ECONNRESET') {
            down.add(target.port);
            return attempt(k + 1);
          }
          res.writeHead(502).end();
        });
        upstream.end(body);
      };
      attempt(0);
    });
  });
  server.on('upgrade', (req, socket, head) => {
    const targets = order();
    const attempt = (k: number) => {
      const target = targets[k];
      if (!target) return socket.destroy();
      const upstream = net.connect(target.port, '127.0.0.1');
      upstream.once('connect', () => {
        down.delete(target.port);
        const headers = { ...req.headers, 'x-forwarded-for': forwarded(req) };
        const lines = [`${req.method} ${req.url} HTTP/1.1`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
        upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length > 0) upstream.write(head);
        upstream.pipe(socket).pipe(upstream);
      });
      upstream.once('error', () => {
        if (upstream.readyState === 'open') return socket.destroy();
        down.add(target.port);
        attempt(k + 1);
      });
      socket.on('error', () => upstream.destroy());
      upstream.on('close', () => socket.destroy());
    };
    attempt(0);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** Starts the instances (the first alone, then the others) and the proxy; `stop` ends them all. */
export async function startCluster(options: {
  instances?: number;
  port: number;
  env: Record<string, string>;
  startMs?: number;
}): Promise<Cluster> {
  const count = options.instances ?? 2;
  const instances: Instance[] = [];
  const startMs = options.startMs ?? 120_000;
  try {
    for (let i = 1; i <= count; i++) {
      const instance = startInstance(options.port + i, options.env);
      instances.push(instance);
      // The first migrates and seeds an empty database: the others wait for it.
      await ready(
        `http://127.0.0.1:${instance.port}/api/health/ready`,
        startMs,
        () => instance.process.exitCode === null && instance.process.signalCode === null,
      );
    }
  } catch (err) {
    await Promise.all(instances.map((i) => i.kill()));
    throw new Error(`${(err as Error).message}\n${instances.flatMap((i) => i.logs.slice(-20)).join('\n')}`);
  }
  const proxy = await startProxy(options.port, instances);
  return {
    url: `http://127.0.0.1:${options.port}`,
    instances,
    stop: async () => {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await Promise.all(instances.map((i) => i.kill()));
    },
  };
}

/** s3rver ships no types: the part of it used here. */
interface S3rverServer {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}

/**
 * A local S3-compatible store (s3rver, a development dependency) on `port`, its objects under
 * DATA_DIR/s3, with the app's bucket; answers the S3_* settings the instances are given.
 */
async function startStore(port: number) {
  const S3rver = createRequire(import.meta.url)('s3rver') as new (options: Record<string, unknown>) => S3rverServer;
  const directory = path.join(path.resolve(root, process.env.DATA_DIR ?? 'data'), 's3');
  fs.mkdirSync(directory, { recursive: true });
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory });
  await server.run();
  const env = {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: 'cue-media',
    S3_ACCESS_KEY: 'S3RVER',
    S3_SECRET_KEY: 'S3RVER',
  };
  const setup = new S3Storage({
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET,
    accessKeyId: env.S3_ACCESS_KEY,
    secretAccessKey: env.S3_SECRET_KEY,
    region: 'us-east-1',
  });
  try {
    await setup.ensureBucket();
  } finally {
    setup.destroy();
  }
  return { env, directory, close: () => server.close() };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (name: string, fallback: number) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : fallback;
  };
  if (!process.env.DATABASE_URL) {
    process.stderr.write('Several instances share one PostgreSQL database: set DATABASE_URL\n');
    process.exit(1);
  }
  const port = arg('port', 3100);
  const store = process.env.S3_ENDPOINT ? null : await startStore(arg('s3-port', port + 90));
  const cluster = await startCluster({ instances: arg('instances', 2), port, env: store?.env ?? {} }).catch(async (err) => {
    await store?.close();
    throw err;
  });
  process.stdout.write(
    [
      `Cue on ${cluster.url}: ${cluster.instances.map((i) => `instance on :${i.port}`).join(', ')} (Ctrl-C stops them)`,
      store
        ? `Files in the S3-compatible store on ${store.env.S3_ENDPOINT}, bucket ${store.env.S3_BUCKET} (s3rver, objects under ${store.directory})`
        : `Files in the S3-compatible store on ${process.env.S3_ENDPOINT}, bucket ${process.env.S3_BUCKET ?? '(S3_BUCKET)'}`,
      '',
    ].join('\n'),
  );
  const stop = () =>
    void cluster
      .stop()
      .then(() => store?.close())
      .then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
