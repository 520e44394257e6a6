/**
 * Runs at most `size` jobs at once. `start` resolves as soon as its job has a slot and has started
 * (not when it ends), so a consumer hands jobs over without waiting behind a slow one, and waits
 * only while every slot is taken.
 */
export class JobSlots {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`a job pool needs at least one slot (got ${size})`);
  }

  /** Jobs running now. */
  get busy(): number {
    return this.running;
  }

  async start(job: () => Promise<void>): Promise<void> {
    while (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    void job()
      .catch(() => undefined) // the job reports its own failures
      .finally(() => {
        this.running--;
        this.waiting.shift()?.();
      });
  }
}
