// The thread a content conversion runs in (conversions.ts starts it through common's WorkerPool).
// The pool's thread side comes from @quire/platform/workers, an entry of its own: a thread loads only
// what converting needs (@quire/formats), not the database, bus and gRPC clients.
import { serveWorkerTasks } from '@quire/platform/workers';
import { CONVERSION_TASKS } from './conversion-tasks';

serveWorkerTasks(CONVERSION_TASKS);
