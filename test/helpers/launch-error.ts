// Test helper: the LaunchError a call throws, checked for its code.
import assert from 'node:assert/strict';
import { LaunchError } from '../../src/runtime/errors.js';

export function launchError(fn: () => unknown, code: string): LaunchError {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof LaunchError, `expected a LaunchError, got ${String(e)}`);
    assert.equal(e.code, code, e.message);
    return e;
  }
  assert.fail('no error');
}
