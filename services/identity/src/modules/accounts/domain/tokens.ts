import { newId } from '@quire/ids';

export const TOKEN_PREFIX = 'qr_';

/** A new API token: 40 base62 characters behind a recognisable prefix. */
export function generateToken(): string {
  return TOKEN_PREFIX + newId(40);
}

export interface TokenRequest {
  email: string;
  displayName?: string;
  name?: string;
  token?: string;
  /** Time of the events of a user created here (pending invites accepted); pass clock(). */
  now?: Date;
}
