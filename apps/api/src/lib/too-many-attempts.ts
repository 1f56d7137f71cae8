import { AppError } from './app-error.ts';
import { tooManyRequestsMessage } from './wait-words.ts';

/** A 429 with `Retry-After`: the sign-in, password and email limits of accounts and recovery. */
export class TooManyAttempts extends AppError {
  constructor(retryAfterMs: number) {
    super(429, 'too_many_requests', tooManyRequestsMessage(retryAfterMs), undefined, {
      retryAfterMs,
    });
  }
}
