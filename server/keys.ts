import crypto from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { JWTPayload } from 'jose';

export type ApiRole = 'anon' | 'authenticated' | 'service_role';

export interface Keys {
  secret: string;
  anonKey: string;
  serviceRoleKey: string;
  sign(claims: JWTPayload, expiresInSeconds: number): Promise<string>;
  verify(token: string): Promise<VerifyResult>;
}

export type VerifyResult =
  | { ok: true; claims: JWTPayload & { role?: unknown } }
  | { ok: false; reason: 'expired' | 'invalid'; message: string };

export function generateSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Supabase's API keys are long-lived HS256 JWTs whose only meaningful claim is the role. */
export async function createKeys(secret: string): Promise<Keys> {
  const key = new TextEncoder().encode(secret);
  const tenYears = 10 * 365 * 24 * 3600;
  const sign = async (claims: JWTPayload, expiresIn: number): Promise<string> => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + expiresIn)
      .sign(key);
  };
  const anonKey = await sign({ iss: 'supabase-local', role: 'anon' }, tenYears);
  const serviceRoleKey = await sign({ iss: 'supabase-local', role: 'service_role' }, tenYears);
  return {
    secret,
    anonKey,
    serviceRoleKey,
    sign,
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        return { ok: true, claims: payload };
      } catch (e) {
        if (e instanceof joseErrors.JWTExpired) {
          return { ok: false, reason: 'expired', message: 'JWT expired' };
        }
        const message = e instanceof Error ? e.message : 'invalid JWT';
        return { ok: false, reason: 'invalid', message };
      }
    },
  };
}

export function roleOf(claims: { role?: unknown }): ApiRole | null {
  const r = claims.role;
  return r === 'anon' || r === 'authenticated' || r === 'service_role' ? r : null;
}
