/** Polls `check` every 100 ms until it holds; throws after `ms`. For effects that travel through the bus. */
export async function eventually(check: () => Promise<boolean>, ms = 10000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
