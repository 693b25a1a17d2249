/** Just enough of a browser's cookie handling for HTTP-level sign-in tests (names and values; Max-Age=0 deletes). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const deleted = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (deleted) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  /** fetch with the jar, never following redirects by itself. */
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: this.header() },
    });
    this.take(response);
    return response;
  }

  /** Follows redirects (resolving relative ones) until a non-redirect or a URL `stop` accepts. */
  async follow(url: string, stop: (url: string) => boolean = () => false): Promise<{ response: Response; url: string }> {
    let current = url;
    for (let hops = 0; hops < 20; hops += 1) {
      if (stop(current)) return { response: new Response(null, { status: 204 }), url: current };
      const response = await this.fetch(current);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { response, url: current };
      current = new URL(location, current).href;
    }
    throw new Error('too many redirects');
  }
}
