// For the unit tests of this folder: the ApiError a parse or build step throws.
import { ApiError } from './errors.ts';

/** Runs `fn` and answers the ApiError it throws; anything else (or nothing) fails the test. */
export function apiError(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}
