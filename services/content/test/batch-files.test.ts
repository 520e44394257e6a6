import { readBatchFiles, type SentChange } from '../src/modules/change-requests/domain/batch-files';

// The bytes of a batch's files: one file's limits, and the whole batch's bytes and fetch time.

const limits = { base64Bytes: 8, fetchBytes: 10, fetchTimeoutMs: 1000 };
const fetched: { url: string; maxBytes?: number; timeoutMs?: number }[] = [];
const fetcher = {
  fetch: async (url: string, options: { maxBytes?: number; timeoutMs?: number } = {}) => {
    fetched.push({ url, ...options });
    if (url.endsWith('/slow')) await new Promise((resolve) => setTimeout(resolve, 1100));
    return { url, status: 200, contentType: 'image/png; charset=binary', body: Buffer.alloc(4) };
  },
};
const files = (...sent: { url?: string; base64?: string }[]): SentChange[] => [
  { operation: 'insert_files', files: sent.map((f, i) => ({ name: `f${i}`, ...f, ...(f.base64 ? { contentType: 'text/plain' } : {}) })) },
];

describe('the files of a batch', () => {
  it('reads base64 and fetched files, the fetch bounded by what the batch has left', async () => {
    fetched.length = 0;
    const [change] = await readBatchFiles(files({ base64: Buffer.from('abc').toString('base64') }, { url: 'https://example.com/a.png' }), fetcher, limits);
    expect(change).toEqual({
      operation: 'insert_files',
      files: [
        { name: 'f0', contentType: 'text/plain', bytes: Buffer.from('abc') },
        { name: 'f1', contentType: 'image/png', bytes: Buffer.alloc(4) },
      ],
    });
    expect(fetched[0]?.maxBytes).toBe(7);
    expect(fetched[0]?.timeoutMs).toBeLessThanOrEqual(1000);
  });

  it('refuses a batch whose files come to more than the limit together, naming the file that crosses it', async () => {
    const sent = files({ url: 'https://example.com/1' }, { url: 'https://example.com/2' }, { url: 'https://example.com/3' });
    await expect(readBatchFiles(sent, fetcher, limits)).rejects.toThrow(/"changes\.0\.files\.2\.url": the batch's files come to more than 10 bytes/);
  });

  it('refuses a batch whose fetches take longer than the limit together', async () => {
    const sent = files({ url: 'https://example.com/slow' }, { url: 'https://example.com/next' });
    await expect(readBatchFiles(sent, fetcher, limits)).rejects.toThrow(/"changes\.0\.files\.1\.url": the batch's files took longer than 1000 ms/);
  });
});
