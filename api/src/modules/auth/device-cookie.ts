import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { parse, serialize } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../../config/config';

export const DEVICE_COOKIE = 'reclaim_device';
/** A device stays known for a year after its last sign-in (the cookie is set again each time). */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;
const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/**
 * The signed device cookie (issue 25 §3): a random id set on every successful sign-in, signed with
 * an HMAC key derived from the access-token secret (so every instance checks the others' cookies).
 * HttpOnly (scripts never see it), SameSite=Strict, Path=/auth (sent only to the sign-in routes),
 * Secure when the public address is https. It proves nothing about who is signing in; it only lets
 * the login throttle tell a device that signed in to an account before from guesses elsewhere.
 */
@Injectable()
export class DeviceCookie {
  private readonly key: Buffer;
  private readonly secure: boolean;

  constructor(config: AppConfig) {
    this.key = createHmac('sha256', config.jwt.access).update('reclaim device cookie v1').digest();
    this.secure = config.publicUrl.startsWith('https://') || config.isProduction;
  }

  private sign(id: string): string {
    return createHmac('sha256', this.key).update(id).digest('base64url');
  }

  /** The device id from a valid cookie, or null (none, malformed or forged). */
  read(request: FastifyRequest): string | null {
    const header = request.headers.cookie;
    if (typeof header !== 'string' || header.length > 8192) return null;
    let value: string | undefined;
    try {
      value = parse(header)[DEVICE_COOKIE];
    } catch {
      return null;
    }
    if (typeof value !== 'string') return null;
    const dot = value.indexOf('.');
    if (dot < 0) return null;
    const id = value.slice(0, dot);
    if (!ID_PATTERN.test(id)) return null;
    const given = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(this.sign(id));
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }

  /** A new device id (for a request without a valid cookie). */
  newId(): string {
    return randomBytes(16).toString('base64url');
  }

  /** Sets (or renews) the cookie for `id` on the reply. */
  set(reply: FastifyReply, id: string): void {
    void reply.header(
      'set-cookie',
      serialize(DEVICE_COOKIE, `${id}.${this.sign(id)}`, {
        httpOnly: true,
        sameSite: 'strict',
        secure: this.secure,
        path: '/auth',
        maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
      }),
    );
  }
}
