// A delivery and its attempts as the store reads them: the shapes store, application and presenters share.

export type DeliveryState = 'pending' | 'delivering' | 'succeeded' | 'failed';

/** One event for one webhook, with what its last attempt got. */
export interface Delivery {
  id: string;
  webhookId: string;
  eventId: string;
  eventType: string;
  payload: string;
  state: DeliveryState;
  attempts: number;
  failures: number;
  nextAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastError: string | null;
  lastDurationMs: number | null;
  lastAttemptAt: Date | null;
  lastResponse: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** One attempt of a delivery. */
export interface DeliveryAttempt {
  attempt: number;
  attemptedAt: Date;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}
