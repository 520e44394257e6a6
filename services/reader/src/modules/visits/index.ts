// The visits module's face (docs/reader.md "Counted"): served answers as insights events.
// Routes report what they served with `recordVisit(kind, …)` from `visitRecorder`.
export type { Visit, VisitKind } from './domain/visit';
export { visitOf } from './domain/visit-of';
export { visitRecorder, type VisitRecorder } from './http/visit-recorder';
