// Opaque secrets for sessions and email links: 256 random bits, sent to the user once, stored only as a SHA-256 hash.
import { hash, randomBytes } from 'node:crypto';

/** 32 random bytes as base64url: 43 characters. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps: the hex SHA-256 of the token (a leaked table gives no usable token). Every request with a
 * session cookie asks it: the one-shot `hash` makes no Hash object (a third of the time of createHash's chain).
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Cheap check before any database lookup. */
export function looksLikeToken(value: string | undefined): value is string {
  return typeof value === 'string' && TOKEN_SHAPE.test(value);
}
