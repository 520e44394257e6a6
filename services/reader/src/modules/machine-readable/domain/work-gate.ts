/** Runs at most `width` tasks at once; the others wait, first come first served. */
export interface WorkGate {
  run<T>(task: () => Promise<T>): Promise<T>;
}

export function workGate(width: number): WorkGate {
  let running = 0;
  const waiting: (() => void)[] = [];
  // A finished task hands its slot straight to the next waiting one, so no newcomer slips in between.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return {
    async run(task) {
      if (running < width) running++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
