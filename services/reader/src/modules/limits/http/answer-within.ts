/**
 * What `work` answers, or what `late()` answers when `work` has not settled within `ms`: the one
 * timer race of the reader's routes (a page or an MCP message never waits past
 * READER_ANSWER_TIMEOUT_MS). The timer is cleared as soon as either side wins; `work` must not
 * reject (callers turn failures into answers first).
 */
export async function answerWithin<T>(work: Promise<T>, ms: number, late: () => T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(late()), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
