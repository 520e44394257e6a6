// TEMPORARY STUB (not committed)
export const renderPdf = async (_s: unknown): Promise<Buffer> => Buffer.from('');
export const revisionPdfSource = async (..._a: unknown[]): Promise<unknown> => ({});
