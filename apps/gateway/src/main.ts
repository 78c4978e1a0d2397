#!/usr/bin/env node
/** Entry point of a gateway process. */
import { runService } from '@pagemap/runtime';
import { loadGatewayEnv } from './env';
import { createGateway } from './gateway';

runService('gateway', loadGatewayEnv, createGateway);
