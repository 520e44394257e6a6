import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { parentPort } from 'node:worker_threads';
import type { TaskReply, TaskRequest } from './worker-protocol';

// The thread side of a WorkerPool: a table of named tasks, each a plain function of plain data.

/** A task: input in, output out, both structured-clone data (no functions, no class instances). */
export type WorkerTask = (input: never) => unknown;

/** Serves `tasks` to the pool that started this thread; call it once at the top of the worker script. */
export function serveWorkerTasks(tasks: Record<string, WorkerTask>): void {
  const port = parentPort;
  if (!port) throw new Error('serveWorkerTasks runs in a worker thread');
  port.on('message', (request: TaskRequest) => {
    void answer(tasks, request).then((reply) => {
      try {
        port.postMessage(reply);
      } catch (err) {
        // An answer structured clone cannot carry (a function, a class instance with private state).
        port.postMessage({
          id: request.id,
          ok: false,
          error: { name: 'Error', message: `the ${request.task} task's answer cannot be sent: ${(err as Error).message}` },
        });
      }
    });
  });
}

async function answer(tasks: Record<string, WorkerTask>, { id, task, input }: TaskRequest): Promise<TaskReply> {
  const run = Object.prototype.hasOwnProperty.call(tasks, task) ? tasks[task] : undefined;
  if (!run) return { id, ok: false, error: { name: 'Error', message: `no task named ${task}` } };
  try {
    return { id, ok: true, value: await run(input as never) };
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    const code = (e as { code?: unknown }).code;
    return { id, ok: false, error: { name: e.name, message: e.message, ...(typeof code === 'number' ? { code } : {}) } };
  }
}

/**
 * The compiled worker script next to `dirname` (a module's `__dirname`). Under ts-jest a module
 * runs from `src/` where there is no JavaScript: the script is then the built one in `dist/`
 * (`npm run build` first), so tests run the same threads production does.
 */
export function workerScript(dirname: string, name: string): string {
  const beside = join(dirname, `${name}.js`);
  if (existsSync(beside)) return beside;
  const parts = dirname.split(sep);
  const src = parts.lastIndexOf('src');
  const built = src >= 0 ? join([...parts.slice(0, src), 'dist', ...parts.slice(src + 1)].join(sep), `${name}.js`) : beside;
  if (existsSync(built)) return built;
  throw new Error(`worker script ${name}.js not found beside ${dirname} nor in its dist/ (run npm run build)`);
}
