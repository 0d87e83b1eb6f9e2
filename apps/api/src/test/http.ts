import http from 'node:http';
import { DEMO_PASSWORD } from './helpers.js';

/**
 * A small HTTP client over real sockets for the reliability suite: keep-alive connections (as many
 * as there are callers in flight), JSON in and out, and an answer for every request — a status, or
 * status 0 with the network error when the server was gone.
 */
export const agent = new http.Agent({ keepAlive: true, maxSockets: 1000 });

export interface Answer {
  status: number;
  body: Record<string, unknown> & { data?: unknown; error?: string; message?: string };
  headers: http.IncomingHttpHeaders;
  error?: string;
  ms: number;
}

export interface CallOptions {
  token?: string | undefined;
  body?: unknown;
  lang?: string;
  timeoutMs?: number;
}

export function call(base: string, method: string, url: string, options: CallOptions = {}): Promise<Answer> {
  const started = Date.now();
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve) => {
    const request = http.request(
      `${base}${url}`,
      {
        method,
        agent,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(options.lang ? { 'accept-language': options.lang } : {}),
        },
        timeout: options.timeoutMs ?? 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', (error) =>
          resolve({ status: 0, body: {}, headers: {}, error: String(error), ms: Date.now() - started }),
        );
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let body: Answer['body'] = {};
          try {
            body = text ? JSON.parse(text) : {};
          } catch {
            body = { text };
          }
          resolve({
            status: response.statusCode ?? 0,
            body,
            headers: response.headers,
            ms: Date.now() - started,
          });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', (error) =>
      resolve({ status: 0, body: {}, headers: {}, error: String(error), ms: Date.now() - started }),
    );
    request.end(payload);
  });
}

export async function signIn(base: string, email: string, app = false): Promise<string> {
  const res = await call(base, 'POST', `/api/auth/${app ? 'app/' : ''}sign-in`, {
    body: { email, password: DEMO_PASSWORD },
  });
  const token = (res.body.data as { access_token?: string } | undefined)?.access_token;
  if (res.status !== 200 || !token)
    throw new Error(`sign-in of ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return token;
}

/** An open event stream: everything it received so far, as text. */
export interface EventStream {
  text(): string;
  /** Waits until the stream has received something that matches. */
  waitFor(pattern: string | RegExp, timeoutMs?: number): Promise<void>;
  close(): void;
}

export async function openEvents(base: string, token: string): Promise<EventStream> {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  if (res.status !== 200 || !res.body) throw new Error(`event stream: ${res.status}`);
  let text = '';
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  (async () => {
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) return;
        text += decoder.decode(chunk.value, { stream: true });
      }
    } catch {
      // Closed by us, or by the server going away.
    }
  })();
  const matches = (pattern: string | RegExp) =>
    typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text);
  const stream: EventStream = {
    text: () => text,
    async waitFor(pattern, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (!matches(pattern)) {
        if (Date.now() > deadline) throw new Error(`event stream never received ${pattern}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => controller.abort(),
  };
  await stream.waitFor('event: ready');
  return stream;
}
