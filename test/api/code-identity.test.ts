import { describe, expect, it } from 'vitest';
import { codeIdentity } from '../../src/api/code-identity.ts';

describe('the running code’s identity', () => {
  it('is a sha256 that the same files always give', () => {
    const id = codeIdentity();
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(codeIdentity()).toBe(id);
  });
});
