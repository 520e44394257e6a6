/** An API token of a user; only the SHA-256 of the token is kept. */
export interface Token {
  id: string;
  userId: string;
  name: string;
  tokenHash: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}
