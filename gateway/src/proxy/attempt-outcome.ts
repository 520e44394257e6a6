/**
 * How one try at a copy of a service ended: it answered (its answer is under way to the client),
 * nothing reached it (safe to send again), it got the request but failed (lost), or it was silent
 * past the upstream timeout (late).
 */
export type AttemptOutcome = { kind: 'answered' } | { kind: 'unsent'; reason: string } | { kind: 'lost'; reason: string } | { kind: 'late' };
