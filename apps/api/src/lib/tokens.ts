import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '@dostava/shared';
import { errors, jwtVerify, SignJWT } from 'jose';

export type Audience = 'backoffice' | 'app';

export interface AccessClaims {
  user_id: number;
  role: Role;
  restaurant_id: number | null;
  session_id: number;
  audience: Audience;
}

export class TokenService {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ role: claims.role, rid: claims.restaurant_id, sid: claims.session_id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.user_id))
      .setAudience(claims.audience)
      .setIssuer('dostava')
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** Returns the claims, or the reason the token is refused. */
  async verify(token: string): Promise<AccessClaims | 'expired' | 'invalid'> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: 'dostava', algorithms: ['HS256'] });
      const aud = Array.isArray(payload.aud) ? payload.aud[0] : payload.aud;
      if ((aud !== 'backoffice' && aud !== 'app') || !payload.sub) return 'invalid';
      return {
        user_id: Number(payload.sub),
        role: payload.role as Role,
        restaurant_id: (payload.rid as number | null) ?? null,
        session_id: Number(payload.sid),
        audience: aud,
      };
    } catch (error) {
      return error instanceof errors.JWTExpired ? 'expired' : 'invalid';
    }
  }
}

/** Opaque refresh tokens: 256 random bits; only their SHA-256 is stored. */
export const newRefreshToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
