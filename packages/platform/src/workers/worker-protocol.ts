// The messages between a WorkerPool and its threads (worker-pool.ts, worker-tasks.ts).

export interface TaskRequest {
  id: number;
  task: string;
  input: unknown;
}

export type TaskReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: { name: string; message: string; code?: number } };
