/**
 * The processes of the scale-out run (scale-out.ts): API processes and
 * workers started from the build (`dist/main.js`, `dist/cli/kiosk.js worker`),
 * each on its own port or as a worker, and HAProxy in front of the API
 * processes (roundrobin, health check on `/readyz`). Each can be killed with
 * SIGKILL and started again.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, openSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const HAPROXY = '/usr/sbin/haproxy';
// The build, whether this file runs built (dist/platform/bench) or from its source (src/platform/bench, in the tests).
const DIST = join(__dirname, '..', '..', '..', 'dist');
/** Every process of the run shares it (and the seeding): key material written by one is read by the others. */
export const SECRETS_KEY = Buffer.alloc(32, 'kiosk-scale-out-secrets-key').toString('base64');

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One child process of the run, started again with the same command after a kill. */
export class Member {
  child: ChildProcess | null = null;
  /** Exits the run did not cause (a crash), with their code or signal. */
  readonly unexpectedExits: string[] = [];
  private killing = false;

  constructor(
    readonly name: string,
    private readonly args: string[],
    private readonly env: Record<string, string>,
    private readonly logFile: string,
    readonly port: number | null,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  start(): void {
    const out = openSync(this.logFile, 'a');
    const child = spawn(process.execPath, this.args, { env: this.env, stdio: ['ignore', out, out] });
    this.child = child;
    child.on('exit', (code, signal) => {
      if (this.killing && this.child === child) return;
      if (this.child === child) this.unexpectedExits.push(`${this.name} exited (${code ?? signal}); log: ${this.logFile}`);
    });
  }

  /** SIGKILL, as a crash or an OOM kill would end it: no clean-up of any kind. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    this.killing = true;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    this.killing = false;
    this.child = null;
  }

  /** Ends it at the end of the run. */
  async stop(): Promise<void> {
    await this.kill();
  }
}

export interface ClusterOptions {
  dir: string;
  databaseUrl: string;
  apis: number;
  workers: number;
  /** HAProxy's port: the public address every process names. */
  entryPort: number;
}

export interface Cluster {
  entry: string;
  apis: Member[];
  workers: Member[];
  haproxy: ChildProcess;
  stop(): Promise<void>;
}

/** Waits until `url` answers 200 (or the time is up). */
export async function waitReady(url: string, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).status === 200) return true;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  return false;
}

/** HAProxy's own answer while no process is ready (the database away): a 503 the client can act on, like the service's. */
const NO_SERVER_503 = [
  'HTTP/1.1 503 Service Unavailable',
  'Content-Type: application/problem+json; charset=utf-8',
  'Retry-After: 5',
  'Cache-Control: no-store',
  'Connection: close',
  '',
  '{"type":"about:blank","title":"Service unavailable","status":503,"code":"SERVICE.UNAVAILABLE","detail":"No Kiosk process is ready (load balancer)."}',
  '',
].join('\r\n');

export function haproxyConfig(entryPort: number, apis: Member[], errorFile: string): string {
  return [
    'global',
    '  maxconn 512',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 30s',
    '  timeout server 30s',
    // Only a connection never made is retried elsewhere: a request a process took may have written.
    '  retries 2',
    '  option redispatch',
    '  retry-on conn-failure',
    `  errorfile 503 ${errorFile}`,
    'frontend kiosk',
    `  bind 127.0.0.1:${entryPort}`,
    '  default_backend api',
    'backend api',
    '  balance roundrobin',
    '  option httpchk GET /readyz',
    '  http-check expect status 200',
    ...apis.map((a) => `  server ${a.name} 127.0.0.1:${a.port} check inter 500 fall 2 rise 1`),
    '',
  ].join('\n');
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!existsSync(HAPROXY)) throw new Error(`no HAProxy at ${HAPROXY}`);
  const entryPort = options.entryPort;
  const entry = `http://127.0.0.1:${entryPort}`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    NODE_ENV: 'test',
    DATABASE_URL: options.databaseUrl,
    BASE_URL: entry,
    SECRETS_KEY,
    SUPPORT_SESSION_SECRET: 'kiosk-scale-out-support-session-secret-32+',
    LOG_LEVEL: 'warn',
    DB_CONNECT_TIMEOUT_MS: '1000',
    DB_STARTUP_TIMEOUT_MS: '120000',
    WORKER_POLL_MS: '200',
    WEBHOOKS_ALLOW_LOOPBACK: 'true',
    TRUST_PROXY: 'loopback',
  };
  const apis: Member[] = [];
  for (let i = 1; i <= options.apis; i += 1) {
    const port = await freePort();
    apis.push(
      new Member(`api${i}`, [join(DIST, 'main.js')], { ...env, PORT: String(port), HOST: '127.0.0.1', WORKER_ENABLED: 'false' }, join(options.dir, `api${i}.log`), port),
    );
  }
  const workers = Array.from(
    { length: options.workers },
    (_, i) => new Member(`worker${i + 1}`, [join(DIST, 'cli', 'kiosk.js'), 'worker'], env, join(options.dir, `worker${i + 1}.log`), null),
  );
  for (const member of [...apis, ...workers]) member.start();
  for (const api of apis) {
    if (!(await waitReady(`${api.url}/readyz`, 120_000))) throw new Error(`${api.name} did not become ready; log: ${join(options.dir, `${api.name}.log`)}`);
  }
  const errorFile = join(options.dir, 'no-server-503.http');
  writeFileSync(errorFile, NO_SERVER_503);
  const configFile = join(options.dir, 'haproxy.cfg');
  writeFileSync(configFile, haproxyConfig(entryPort, apis, errorFile));
  const haproxy = spawn(HAPROXY, ['-f', configFile, '-db'], { stdio: ['ignore', openSync(join(options.dir, 'haproxy.log'), 'a'), openSync(join(options.dir, 'haproxy.log'), 'a')] });
  if (!(await waitReady(`${entry}/readyz`, 30_000))) throw new Error(`HAProxy did not answer; see ${join(options.dir, 'haproxy.log')}`);
  return {
    entry,
    apis,
    workers,
    haproxy,
    async stop() {
      haproxy.kill('SIGTERM');
      await Promise.all([...apis, ...workers].map((m) => m.stop()));
    },
  };
}
