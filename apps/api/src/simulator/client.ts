/** The simulator's HTTP: global fetch against the public API, like the real apps. */

export interface Reply<T = unknown> {
  status: number;
  body: T;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    const message = (body as { message?: string; error?: string } | null)?.message ?? '';
    super(`${what} → ${status} ${message}`.trim());
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Tracks the requests in flight, so a stop can wait for them. */
export class Http {
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(readonly base: string) {}

  async call<T>(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
    headers: Record<string, string> = {},
  ): Promise<Reply<T>> {
    const run = (async () => {
      for (let attempt = 0; ; attempt++) {
        const response = await fetch(`${this.base}${path}`, {
          method,
          headers: {
            accept: 'application/json',
            // A FormData (an upload) sets its own multipart type.
            ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...headers,
          },
          body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
        const text = await response.text();
        let parsed: unknown = null;
        try {
          parsed = text ? JSON.parse(text) : null;
        } catch {
          parsed = text;
        }
        // Rate limited: wait as told (a little at first) and try again.
        if (response.status === 429 && attempt < 5) {
          const retry = Number(response.headers.get('retry-after'));
          await sleep(
            Number.isFinite(retry) && retry > 0 ? Math.min(retry, 60) * 1000 : 2000 * (attempt + 1),
          );
          continue;
        }
        return { status: response.status, body: parsed as T };
      }
    })();
    this.inFlight.add(run);
    try {
      return await run;
    } finally {
      this.inFlight.delete(run);
    }
  }

  /** Resolves when every request in flight has finished. */
  async settle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }
}

/** One signed-in account: staff through /api/auth/sign-in, drivers and customers through the app endpoint. */
export class Account {
  private token: string | null = null;
  private refreshToken: string | null = null;
  user: { id: number; first_name: string; last_name: string; email: string } | null = null;

  constructor(
    private readonly http: Http,
    readonly email: string,
    private readonly password: string,
    private readonly kind: 'staff' | 'app',
  ) {}

  async signIn(): Promise<void> {
    const path = this.kind === 'staff' ? '/api/auth/sign-in' : '/api/auth/app/sign-in';
    const reply = await this.http.call<{
      data: { access_token: string; refresh_token: string; user: Account['user'] };
    }>('POST', path, { email: this.email, password: this.password });
    if (reply.status !== 200) throw new HttpError(reply.status, reply.body, `sign-in of ${this.email}`);
    this.token = reply.body.data.access_token;
    this.refreshToken = reply.body.data.refresh_token;
    this.user = reply.body.data.user;
  }

  private async refresh(): Promise<void> {
    if (this.refreshToken) {
      const reply = await this.http.call<{ data: { access_token: string; refresh_token: string } }>(
        'POST',
        '/api/auth/refresh',
        { refresh_token: this.refreshToken },
      );
      if (reply.status === 200) {
        this.token = reply.body.data.access_token;
        this.refreshToken = reply.body.data.refresh_token;
        return;
      }
    }
    await this.signIn();
  }

  /** A call as this account; an expired token is refreshed once. */
  async call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply<T>> {
    if (!this.token) await this.signIn();
    let reply = await this.http.call<T>(method, path, body, this.token ?? undefined, headers);
    if (reply.status === 401) {
      await this.refresh();
      reply = await this.http.call<T>(method, path, body, this.token ?? undefined, headers);
    }
    return reply;
  }

  /** A call that must succeed. */
  async ok<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const reply = await this.call<T>(method, path, body);
    if (reply.status >= 300) throw new HttpError(reply.status, reply.body, `${method} ${path}`);
    return reply.body;
  }
}
