/** Where a spec's document comes from: a URL fetched by the job, or the text itself. */
export type SpecSource = { url: string } | { text: string };

export interface SpecSchedule {
  /** Re-fetch URL-sourced specs this often; null: only when a PUT asks. */
  refreshIntervalMs: number | null;
}
