export { classifyFailure, type FailureKind } from './failure-kind';
export { deliverBisecting } from './bisect';
export { DeadLetters, consumerName, type ReplayOutcome } from './dead-letters';
export type { DeadLetter, DeadLetterStatus } from './dead-letters.store';
export { DEAD_LETTERS_LIST, DEAD_LETTERS_PATH, DEAD_LETTERS_REPLAY, deadLetterRoutes } from './admin.routes';
