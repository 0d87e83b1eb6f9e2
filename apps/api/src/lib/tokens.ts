import { createHash, randomBytes, webcrypto } from 'node:crypto';
import type { Role } from '@dostava/shared';
import { errors, jwtVerify, SignJWT } from 'jose';

export type Audience = 'backoffice' | 'app';

export interface AccessClaims {
  user_id: number;
  role: Role;
  restaurant_id: number | null;
  session_id: number;
  audience: Audience;
  /** When the token expires, epoch seconds (set on verified tokens; ignored when signing). */
  exp?: number;
}

export class TokenService {
  /** Imported once: given raw bytes, jose imports the key again for every token it checks. */
  private readonly key: Promise<webcrypto.CryptoKey>;
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ role: claims.role, rid: claims.restaurant_id, sid: claims.session_id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.user_id))
      .setAudience(claims.audience)
      .setIssuer('dostava')
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(await this.key);
  }

  /**
   * Tokens this process has verified, until they expire: a client sends the same token with every
   * request for ten minutes, and an HMAC through WebCrypto per request was the API's largest fixed
   * cost. Keyed by the whole token, signature included, so only a verified token can be found here.
   */
  private readonly verified = new Map<string, { claims: AccessClaims; exp: number }>();
  private static readonly REMEMBERED = 10_000;

  /** Returns the claims, or the reason the token is refused. */
  async verify(token: string): Promise<AccessClaims | 'expired' | 'invalid'> {
    const known = this.verified.get(token);
    if (known) {
      // The same rule as jose: expired once `exp` is not after now (in whole seconds).
      if (known.exp > Math.floor(Date.now() / 1000)) return known.claims;
      this.verified.delete(token);
      return 'expired';
    }
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        issuer: 'dostava',
        algorithms: ['HS256'],
      });
      const aud = Array.isArray(payload.aud) ? payload.aud[0] : payload.aud;
      if ((aud !== 'backoffice' && aud !== 'app') || !payload.sub || !payload.exp) return 'invalid';
      const claims: AccessClaims = {
        user_id: Number(payload.sub),
        role: payload.role as Role,
        restaurant_id: (payload.rid as number | null) ?? null,
        session_id: Number(payload.sid),
        audience: aud,
        exp: payload.exp,
      };
      if (this.verified.size >= TokenService.REMEMBERED) {
        const oldest = this.verified.keys().next().value;
        if (oldest !== undefined) this.verified.delete(oldest);
      }
      this.verified.set(token, { claims, exp: payload.exp });
      return claims;
    } catch (error) {
      return error instanceof errors.JWTExpired ? 'expired' : 'invalid';
    }
  }
}

/** Opaque refresh tokens: 256 random bits; only their SHA-256 is stored. */
export const newRefreshToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
