// Errors keep `instanceof` across bundles: the documents feature is a separate bundle with its own copy of
// the error classes, and must still recognise an ApiError made by the activation bundle's client.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError, BrandedError, CancelledError, CmaError, NetworkError } from '../../src/cma';
import { NotSignedInError } from '../../src/projects/project';

/** A second copy of ApiError, as another bundle would have it: same brand, different class. */
class ApiErrorCopy extends BrandedError {
  static override readonly brand: string = 'ApiError';
}
class CmaErrorCopy extends BrandedError {
  static override readonly brand: string = 'CmaError';
}
class ApiErrorCopyInChain extends CmaErrorCopy {
  static override readonly brand: string = 'ApiError';
}

test('an error from another copy of a class is an instance of this copy, by its brand chain', () => {
  const fromOtherBundle = new ApiErrorCopyInChain('failed');
  assert.ok(fromOtherBundle instanceof ApiError);
  assert.ok(fromOtherBundle instanceof CmaError);
  assert.ok(!(fromOtherBundle instanceof NetworkError));
  assert.ok(!(new ApiErrorCopy('x') instanceof CmaError), 'a brand chain without CmaError is not a CmaError');
});

test('ordinary checks still hold', () => {
  const error = new ApiError({ status: 401, method: 'GET', path: '/site', errors: [] });
  assert.ok(error instanceof ApiError && error instanceof CmaError && error instanceof Error);
  assert.ok(!(error instanceof CancelledError));
  assert.ok(!(new Error('plain') instanceof ApiError));
  assert.ok(!((null as unknown as object) instanceof ApiError));
  assert.ok(new NotSignedInError('p') instanceof NotSignedInError);
  assert.ok(!(new NotSignedInError('p') instanceof CmaError));
});
