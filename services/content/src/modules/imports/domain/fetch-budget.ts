import type { OutboundFetchOptions } from '@quire/platform/outbound';
import type { ImportLimits } from '../../../settings';

/**
 * What is left of an import's byte and time allowance; every fetch of the import asks it for its
 * own cap so that the last fetch cannot overrun the whole (a crawl's maxCrawlBytes and maxCrawlMs).
 */
export class FetchBudget {
  private bytesLeft: number;
  private readonly deadline: number;

  constructor(
    private readonly limits: Pick<ImportLimits, 'maxFetchBytes' | 'fetchTimeoutMs'>,
    totalBytes = Infinity,
    totalMs = Infinity,
    now = Date.now(),
  ) {
    this.bytesLeft = totalBytes;
    this.deadline = now + totalMs;
  }

  get isSpent(): boolean {
    return this.isOutOfBytes || this.isOutOfTime;
  }

  get isOutOfBytes(): boolean {
    return this.bytesLeft <= 0;
  }

  get isOutOfTime(): boolean {
    return Date.now() >= this.deadline;
  }

  get bytesRemaining(): number {
    return this.bytesLeft;
  }

  options(accept?: string): OutboundFetchOptions {
    return {
      maxBytes: Math.max(0, Math.min(this.limits.maxFetchBytes, this.bytesLeft)),
      timeoutMs: Math.max(1, Math.min(this.limits.fetchTimeoutMs, this.deadline - Date.now())),
      ...(accept ? { accept } : {}),
    };
  }

  /**
   * Counts a fetched body against the allowance; false (and the allowance is spent) when it does not
   * fit, for concurrent fetches can each have been granted what was left.
   */
  take(bytes: number): boolean {
    if (bytes > this.bytesLeft) {
      this.bytesLeft = 0;
      return false;
    }
    this.bytesLeft -= bytes;
    return true;
  }
}
