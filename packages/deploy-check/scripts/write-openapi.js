#!/usr/bin/env node
// Writes docs/openapi.json from @pagemap/contracts (build contracts first).
// `pnpm --filter @pagemap/deploy-check openapi`; test/openapi.test.ts fails when the file is stale.
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { buildOpenApiDocument } = require('@pagemap/contracts');

const file = join(__dirname, '..', '..', '..', 'docs', 'openapi.json');
writeFileSync(file, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
process.stdout.write(`wrote ${file}\n`);
