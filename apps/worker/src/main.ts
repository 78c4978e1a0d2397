#!/usr/bin/env node
/** Entry point of a worker process. */
import { runService } from '@pagemap/runtime';
import { loadWorkerEnv } from './env';
import { createWorker } from './worker';

runService('worker', loadWorkerEnv, createWorker);
