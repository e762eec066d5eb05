import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export const root = path.resolve(import.meta.dirname, '..');

export interface RunningServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts the real server in its own process on a fresh data directory (or DATABASE_URL when set). */
export async function startServer(
  port: number,
  env: Record<string, string> = {},
  options: { startSeconds?: number } = {},
): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-bench-'));
  // BENCH_SERVER_NODE_ARGS: extra Node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // Not NODE_ENV=production: the benchmarks sign in as the demo school's people with the demo numbers,
  // which a production server refuses. Without the demo's four weeks of history: the benchmarks write
  // their own days (a seeded holiday or completed register would change what they measure).
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      SEED_DEMO_HISTORY: 'false',
      // No scheduled backup in the middle of a measurement.
      BACKUP_EVERY_HOURS: '0',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.startSeconds ?? 60) * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`server did not start in ${options.startSeconds ?? 60} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    process: child,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function post<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Phone sign-in as the web app does it; returns the staff or parent access token. */
export async function signIn(base: string, phone: string, side: 'staff_user' | 'parent_user' = 'staff_user'): Promise<string> {
  const { message: reqId } = await post<{ message: string }>(`${base}/api/otp/send`, { phno: `91${phone}` });
  const { message: otpToken } = await post<{ message: string }>(`${base}/api/otp/verify`, { reqId, otp: '123456' });
  const login = await post<{ result: Record<string, { access_token: string }> }>(
    `${base}/api/logged_in_user_phone_verification/`,
    {
      otp_jwt_token: otpToken,
      phone_number: phone,
    },
  );
  const token = login.result[side]?.access_token;
  if (!token) throw new Error(`${phone} has no ${side}`);
  return token;
}

export interface LoadResult {
  name: string;
  method: string;
  path: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

export async function load(
  name: string,
  url: string,
  opts: { connections: number; duration: number; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: opts.connections,
    duration: opts.duration,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body,
  });
  return {
    name,
    method: opts.method ?? 'GET',
    path: new URL(url).pathname,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export function saveResults(name: string, data: unknown): string {
  const dir = path.join(root, 'bench', 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

export const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

export const machine = () => ({
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model,
  node: process.version,
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
});

/** The p-th percentile (nearest rank) of an ascending list. */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

/** p50, p90, p99 and max of a list of milliseconds, rounded to 0.1 ms. */
export function latencies(ms: readonly number[]): { count: number; p50Ms: number; p90Ms: number; p99Ms: number; maxMs: number } {
  const sorted = [...ms].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    count: sorted.length,
    p50Ms: round(percentile(sorted, 50)),
    p90Ms: round(percentile(sorted, 90)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? Number.NaN),
  };
}

/** CPU time (ms) a process has used (user + system), and with `children`, that of the children it reaped. */
export function cpuOf(pid: number, children = false): number {
  const CLOCK_TICK_MS = 10;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    return ((f[11] ?? 0) + (f[12] ?? 0) + (children ? (f[13] ?? 0) + (f[14] ?? 0) : 0)) * CLOCK_TICK_MS;
  } catch {
    return 0;
  }
}

export const parentOf = (pid: number): number => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
};

/** CPU time (ms) of a PostgreSQL server: its postmaster, the backends it reaped and those still running. */
export function postgresCpu(postmaster: number): number {
  if (!postmaster) return 0;
  let total = cpuOf(postmaster, true);
  for (const entry of fs.readdirSync('/proc')) {
    const pid = Number(entry);
    if (!pid) continue;
    try {
      if (parentOf(pid) === postmaster) total += cpuOf(pid);
    } catch {}
  }
  return total;
}

/** Writes this database's section of an EXPLAIN file beside the benchmarks (e.g. bench/planning-explain.txt), keeping the other's. */
export function writeExplain(relative: string, database: string, text: string): string {
  const file = path.join(root, relative);
  const old = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const sections = new Map<string, string>();
  for (const part of old.split(/^=== /m).filter(Boolean)) {
    const [head, ...rest] = part.split('\n');
    sections.set((head ?? '').replace(/ ===$/, ''), rest.join('\n'));
  }
  sections.set(database, text);
  const out = [...sections].map(([name, body]) => `=== ${name} ===\n${body.trimEnd()}\n`).join('\n');
  fs.writeFileSync(file, out);
  return file;
}
