import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(__dirname, '..', '..', '..');
export const DOCS_DIR = join(REPO_ROOT, 'docs');
export const DEPLOY_DIR = join(REPO_ROOT, 'deploy');
export const OPENAPI_FILE = join(DOCS_DIR, 'openapi.json');
