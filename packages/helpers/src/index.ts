export { chunks } from './chunks';
export { withTimeout } from './timeout';
export { TtlCache } from './ttl-cache';
export { dailySalt, visitorHash } from './visitor-hash';
export { idleBackoffMs } from './idle-backoff';
export { textMemo, type TextMemoLimits } from './text-memo';
