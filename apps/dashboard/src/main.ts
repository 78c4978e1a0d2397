#!/usr/bin/env node
/** Entry point of a dashboard process. */
import { runService } from '@pagemap/runtime';
import { loadDashboardEnv } from './env';
import { createDashboard } from './dashboard';

runService('dashboard', loadDashboardEnv, createDashboard);
