/**
 * Named signals raised by a unit of work and delivered to listeners once it has committed (at
 * once for a statement outside a transaction). The outbox uses it: writing an event raises
 * `outbox`, and the relay is woken after the commit instead of by hand at every call site.
 */
export class CommitSignals {
  private readonly listeners = new Map<string, (() => void)[]>();

  on(channel: string, listener: () => void): void {
    this.listeners.set(channel, [...(this.listeners.get(channel) ?? []), listener]);
  }

  deliver(channels: Iterable<string>): void {
    for (const channel of channels) for (const listener of this.listeners.get(channel) ?? []) listener();
  }
}
