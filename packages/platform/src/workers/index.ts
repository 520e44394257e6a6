// Light on purpose: a worker thread imports this entry and loads no database, bus or gRPC client.
export { WorkerPool, WorkerTaskTimeout, type RunOptions, type WorkerPoolOptions } from './worker-pool';
export { serveWorkerTasks, workerScript, type WorkerTask } from './worker-tasks';
export type { TaskReply } from './worker-protocol';
