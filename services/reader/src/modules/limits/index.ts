// The limits module's face (bounded work per request): how much one client may ask
// (READER_RATE_LIMIT_PER_MINUTE) and how long one answer may take (READER_ANSWER_TIMEOUT_MS).
export { answerWithin } from './http/answer-within';
export { clientLimit, type ClientLimit } from './http/client-limit';
