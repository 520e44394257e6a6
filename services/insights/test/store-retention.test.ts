import { expiredPartitions, retentionCutoff, RETENTION_MONTHS } from '../src/modules/insights/store/retention';

describe('retention', () => {
  const now = new Date('2026-03-15T12:00:00Z');

  it('drops the monthly partitions entirely older than the window, keeps the rest', () => {
    expect(RETENTION_MONTHS).toBe(13);
    // March 2026 minus 13 months: February 2025 is the first month kept.
    expect(expiredPartitions(['202412', '202501', '202502', '202503', '202603'], now)).toEqual(['202412', '202501']);
  });

  it('crosses years and honours another window', () => {
    expect(expiredPartitions(['202511', '202512', '202601', '202602'], now, 2)).toEqual(['202511', '202512']);
    expect(expiredPartitions(['202602', '202603'], now, 0)).toEqual(['202602']);
  });

  it('never selects something that is not a YYYYMM partition id', () => {
    expect(expiredPartitions(['tuple()', '1; DROP TABLE x', '2001', '20010101'], now)).toEqual([]);
  });

  it('cuts the embedded store at the start of the first month kept, like the partitions', () => {
    expect(retentionCutoff(now)).toBe(Date.UTC(2025, 1, 1) / 1000);
    expect(retentionCutoff(new Date('2026-01-01T00:00:00Z'), 1)).toBe(Date.UTC(2025, 11, 1) / 1000);
  });
});
