import { importPKCS8, SignJWT } from 'jose';
import type { Config } from '../../config.js';

/** What a provider said: its HTTP status and body (kept on the order's notification log). */
export interface ProviderAnswer {
  status: number;
  answer: string;
}

/** Worth trying again later: the provider's own trouble or a limit, never a refusal of the message. */
export const retryable = (status: number) => status === 0 || status === 429 || status >= 500;

async function call(url: string, init: RequestInit, timeoutMs: number): Promise<ProviderAnswer> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    return { status: res.status, answer: (await res.text()).slice(0, 2000) };
  } catch (error) {
    // No answer at all (refused, timed out): status 0, retried like a 5xx.
    return { status: 0, answer: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

/**
 * Push through Firebase Cloud Messaging's HTTP v1 API: an OAuth 2 access token from the service
 * account (a JWT bearer assertion signed RS256, exchanged at Google's token endpoint and kept until
 * shortly before it expires), then `POST /v1/projects/<project>/messages:send`.
 */
export class FcmClient {
  private access: { token: string; until: number } | undefined;

  constructor(
    private readonly fcm: NonNullable<Config['fcm']['serviceAccount']>,
    private readonly urls: { apiUrl: string; tokenUrl: string },
    private readonly timeoutMs: number,
  ) {}

  private async accessToken(): Promise<string | ProviderAnswer> {
    if (this.access && this.access.until > Date.now()) return this.access.token;
    const key = await importPKCS8(this.fcm.private_key, 'RS256');
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ scope: 'https://www.googleapis.com/auth/firebase.messaging' })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(this.fcm.client_email)
      .setSubject(this.fcm.client_email)
      .setAudience(this.urls.tokenUrl)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(key);
    const answer = await call(
      this.urls.tokenUrl,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
      },
      this.timeoutMs,
    );
    if (answer.status !== 200) return answer;
    const body = JSON.parse(answer.answer) as { access_token: string; expires_in?: number };
    this.access = { token: body.access_token, until: Date.now() + ((body.expires_in ?? 3600) - 60) * 1000 };
    return body.access_token;
  }

  async send(
    pushToken: string,
    title: string,
    text: string,
    data: Record<string, string>,
  ): Promise<ProviderAnswer> {
    const token = await this.accessToken();
    if (typeof token !== 'string') return token;
    const answer = await call(
      `${this.urls.apiUrl}/v1/projects/${encodeURIComponent(this.fcm.project_id)}/messages:send`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ message: { token: pushToken, notification: { title, body: text }, data } }),
      },
      this.timeoutMs,
    );
    // A revoked access token: asked for again on the next try.
    if (answer.status === 401) this.access = undefined;
    return answer;
  }
}

/** SMS through Twilio's REST API: `POST /2010-04-01/Accounts/<sid>/Messages.json`, form-encoded, Basic auth. */
export class SmsClient {
  constructor(
    private readonly sms: NonNullable<Config['sms']>,
    private readonly timeoutMs: number,
  ) {}

  send(to: string, text: string): Promise<ProviderAnswer> {
    const auth = Buffer.from(`${this.sms.accountSid}:${this.sms.authToken}`).toString('base64');
    return call(
      `${this.sms.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(this.sms.accountSid)}/Messages.json`,
      {
        method: 'POST',
        headers: { authorization: `Basic ${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: to, From: this.sms.from, Body: text }),
      },
      this.timeoutMs,
    );
  }
}

export interface Providers {
  push: FcmClient | null;
  sms: SmsClient | null;
}

export function providersOf(config: Config): Providers {
  return {
    push: config.fcm.serviceAccount
      ? new FcmClient(config.fcm.serviceAccount, config.fcm, config.providerTimeoutMs)
      : null,
    sms: config.sms ? new SmsClient(config.sms, config.providerTimeoutMs) : null,
  };
}
