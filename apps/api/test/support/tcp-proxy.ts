import { createConnection, createServer, Server, Socket } from 'node:net';

/**
 * A TCP proxy between the service and its database, so a test can take the
 * database away without touching the database itself (other tests use it):
 * `cut()` resets every open link and resets each new one at once, as a
 * database that is restarting would; `restore()` lets links through again.
 */
export class TcpProxy {
  private readonly links = new Set<Socket>();
  private open = true;

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const proxy: { current?: TcpProxy } = {};
    const server = createServer((client) => proxy.current!.accept(client, target));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    proxy.current = new TcpProxy(server, typeof address === 'object' && address ? address.port : 0);
    return proxy.current;
  }

  /** A postgres:// URL like `url` that goes through the proxy. */
  static via(url: string, port: number): string {
    const parsed = new URL(url);
    parsed.hostname = '127.0.0.1';
    parsed.port = String(port);
    return parsed.toString();
  }

  get isOpen(): boolean {
    return this.open;
  }

  cut(): void {
    this.open = false;
    for (const socket of this.links) socket.resetAndDestroy();
    this.links.clear();
  }

  restore(): void {
    this.open = true;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private accept(client: Socket, target: { host: string; port: number }): void {
    client.on('error', () => undefined);
    if (!this.open) {
      client.resetAndDestroy();
      return;
    }
    const upstream = createConnection(target);
    // Forwarded at once, as a network proxy does: with Nagle's algorithm on, a query sent in two segments waits
    // for the database's delayed acknowledgement (40 ms) before its second half goes on.
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ]) {
      this.links.add(from);
      from.on('close', () => {
        this.links.delete(from);
        to.destroy();
      });
      from.pipe(to);
    }
  }
}
