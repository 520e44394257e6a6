import { SendCoalescer } from '../src/bus/send-coalescer';

function deferred(): { promise: Promise<void>; resolve(): void; reject(err: Error): void } {
  let resolve!: () => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('SendCoalescer', () => {
  it('sends a lone submission at once and merges those that arrive while it is in flight', async () => {
    const sends: string[][] = [];
    const gates: Array<ReturnType<typeof deferred>> = [];
    const coalescer = new SendCoalescer<string>(
      (items) => {
        sends.push(items);
        const gate = deferred();
        gates.push(gate);
        return gate.promise;
      },
      (item) => item.length,
      100,
    );
    const first = coalescer.submit(['a']);
    const second = coalescer.submit(['b', 'c']);
    const third = coalescer.submit(['d']);
    expect(sends).toEqual([['a']]);
    gates[0]?.resolve();
    await first;
    expect(sends).toEqual([['a'], ['b', 'c', 'd']]);
    gates[1]?.resolve();
    await Promise.all([second, third]);
    expect(sends).toHaveLength(2);
  });

  it('cuts merged sends at maxBytes without splitting a submission, in order', async () => {
    const sends: string[][] = [];
    const coalescer = new SendCoalescer<string>(
      async (items) => void sends.push(items),
      (item) => item.length,
      10,
    );
    await Promise.all([coalescer.submit(['xxxxxx']), coalescer.submit(['yyyyyy']), coalescer.submit(['zzzzzzzzzzzzzzz']), coalescer.submit(['w'])]);
    expect(sends).toEqual([['xxxxxx'], ['yyyyyy'], ['zzzzzzzzzzzzzzz'], ['w']]);
    const merged: string[][] = [];
    const small = new SendCoalescer<string>(
      async (items) => void merged.push(items),
      () => 1,
      3,
    );
    const hold = small.submit(['1']);
    await Promise.all([hold, small.submit(['2', '3']), small.submit(['4']), small.submit(['5'])]);
    expect(merged).toEqual([['1'], ['2', '3', '4'], ['5']]);
  });

  it('rejects exactly the submissions of a failed send and goes on with the next', async () => {
    let fail = true;
    const coalescer = new SendCoalescer<string>(
      async () => {
        await Promise.resolve();
        if (fail) {
          fail = false;
          throw new Error('broker down');
        }
      },
      () => 1,
      100,
    );
    const failed = coalescer.submit(['a']);
    const later = coalescer.submit(['b']);
    await expect(failed).rejects.toThrow('broker down');
    await expect(later).resolves.toBeUndefined();
  });
});
