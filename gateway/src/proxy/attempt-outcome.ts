/**
 * How one try at a copy of a service ended: it answered (its answer is under way to the client),
 * nothing reached it (safe to send again), it got the request but failed (lost), it was silent
 * past the upstream timeout (late), or the request is no valid HTTP to send (unsendable: no copy
 * is at fault).
 */
export type AttemptOutcome =
  { kind: 'answered' } | { kind: 'unsent'; reason: string } | { kind: 'lost'; reason: string } | { kind: 'late' } | { kind: 'unsendable'; reason: string };
