import { createHmac } from 'node:crypto';

export const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** A compact JWT built by hand, so tests can forge any header, payload or signature. */
export function forge(header: unknown, payload: unknown, key: string, algorithm: 'sha256' | 'sha512' = 'sha256'): string {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac(algorithm, key).update(input).digest('base64url')}`;
}

export const NOW = new Date('2026-11-27T12:00:00Z');
export const inSeconds = (seconds: number) => Math.floor(NOW.getTime() / 1000) + seconds;
