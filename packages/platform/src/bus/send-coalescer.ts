/**
 * Merges concurrent sends into few large ones. An idempotent Kafka producer allows one request in
 * flight per connection, so sending each caller's messages on its own makes every caller wait for
 * all the round trips before it; here, whatever was submitted while a send was in flight leaves
 * together in the next send (up to `maxBytes`), and each caller's promise settles with the send
 * that carried its messages. Nothing waits on a timer: a lone caller is sent at once.
 */
export class SendCoalescer<T> {
  private readonly queue: Array<{ items: T[]; bytes: number; resolve(): void; reject(err: unknown): void }> = [];
  private draining = false;

  constructor(
    private readonly send: (items: T[]) => Promise<void>,
    private readonly sizeOf: (item: T) => number,
    private readonly maxBytes: number,
  ) {}

  /** Resolves once `items` were sent (in submission order, after everything submitted before). */
  submit(items: T[]): Promise<void> {
    if (items.length === 0) return Promise.resolve();
    const bytes = items.reduce((sum, item) => sum + this.sizeOf(item), 0);
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ items, bytes, resolve, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    while (this.queue.length > 0) {
      // At least one submission per send, then as many whole submissions as fit.
      let bytes = 0;
      let count = 0;
      while (count < this.queue.length) {
        const next = this.queue[count] as (typeof this.queue)[number];
        if (count > 0 && bytes + next.bytes > this.maxBytes) break;
        bytes += next.bytes;
        count++;
      }
      const group = this.queue.splice(0, count);
      try {
        await this.send(group.flatMap((entry) => entry.items));
        for (const entry of group) entry.resolve();
      } catch (err) {
        for (const entry of group) entry.reject(err);
      }
    }
    this.draining = false;
  }
}
