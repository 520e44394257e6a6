// The thread a large spec document is parsed and validated in (spec-documents.ts starts it through
// the platform's WorkerPool). It loads only the parsers, not the database, bus or gRPC clients.
import { serveWorkerTasks } from '@quire/platform/workers';
import { SPEC_DOCUMENT_TASKS } from './spec-document-tasks';

serveWorkerTasks(SPEC_DOCUMENT_TASKS);
