// A webhook as the store reads it: the shape store, domain, application and presenters share.

/** A webhook subscription of an organization. */
export interface Webhook {
  id: string;
  organizationId: string;
  /** Without credentials: they are in `credentialsSealed`. */
  url: string;
  /** The URL's `user:password`, sealed (domain/endpoint-credentials.ts); null when it had none. */
  credentialsSealed: string | null;
  events: string[];
  spaceIds: string[] | null;
  siteIds: string[] | null;
  description: string | null;
  active: boolean;
  secretSealed: string;
  previousSecretSealed: string | null;
  previousSecretExpiresAt: Date | null;
  disabledReason: string | null;
  disabledAt: Date | null;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
}
