import { execFileSync, ExecFileSyncOptions } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A PostgreSQL server of the test's own (Debian's binaries, a temporary
 * directory, a free port), so a test can stop and start it for real: the
 * shutdown messages of a real server (57P01 to every connection), which a
 * cut proxy never sends. Never the machine's own server. The scale-out
 * script (scale-out.ts) runs its processes on one too.
 */
const BIN = '/usr/lib/postgresql/15/bin';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

export class PrivatePostgres {
  private constructor(
    private readonly dir: string,
    readonly port: number,
    private readonly asUser: string | null,
  ) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  /** Starts a fresh server; throws (with the reason) when this machine cannot. */
  static async start(): Promise<PrivatePostgres> {
    if (!existsSync(join(BIN, 'initdb'))) throw new Error(`no PostgreSQL binaries at ${BIN}`);
    // initdb refuses root: run the server as the postgres user then.
    const asUser = process.getuid?.() === 0 ? 'postgres' : null;
    const dir = mkdtempSync(join(tmpdir(), 'kiosk-private-pg-'));
    if (asUser) {
      const uid = Number(execFileSync('id', ['-u', asUser], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', asUser], { encoding: 'utf8' }).trim());
      chownSync(dir, uid, gid);
      chmodSync(dir, 0o700);
    }
    const server = new PrivatePostgres(dir, await freePort(), asUser);
    try {
      server.run('initdb', ['-D', server.data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
      server.startAgain();
    } catch (error) {
      server.remove();
      throw error;
    }
    return server;
  }

  private get data(): string {
    return join(this.dir, 'data');
  }

  private run(program: string, args: string[], options: ExecFileSyncOptions = {}): void {
    const command = [join(BIN, program), ...args];
    const [file, argv] = this.asUser ? ['runuser', ['-u', this.asUser, '--', ...command]] : [command[0], command.slice(1)];
    execFileSync(file, argv, { stdio: 'pipe', timeout: 30_000, ...options });
  }

  /** Starts the (stopped) server and waits until it takes connections. */
  startAgain(): void {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
    this.run('pg_ctl', ['-D', this.data, '-o', options, '-l', join(this.dir, 'log'), '-w', '-t', '20', 'start']);
  }

  /** Stops the server as an operator would (`fast`: every session is sent 57P01 and ended). */
  stop(mode: 'fast' | 'smart' | 'immediate' = 'fast'): void {
    this.run('pg_ctl', ['-D', this.data, '-m', mode, '-w', '-t', '20', 'stop']);
  }

  /** The server's log (start, stop, and any error it wrote). */
  get logFile(): string {
    return join(this.dir, 'log');
  }

  /** Stops the server if it runs and removes its files. */
  remove(): void {
    try {
      this.stop('immediate');
    } catch {
      // not running
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
