#!/usr/bin/env node
// The CLI runs the TypeScript sources directly through tsx, so there is no build step to forget.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
