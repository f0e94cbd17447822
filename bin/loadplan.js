#!/usr/bin/env node
// `npx loadplan …`: the operator CLI, run from its TypeScript source through tsx.
import { register } from 'tsx/esm/api';

register();
await import('./cli.ts');
