import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { postgresRefusal, sqliteRefusal } from '../../test/unique-refusals.ts';
import { errorHandler } from './error-handler.ts';

describe('unique violations at the error handler', () => {
  it('an unworded violation that reaches the error handler is still a 409 in words, never a 500', async () => {
    const app = Fastify({ logger: false });
    app.setErrorHandler(errorHandler);
    app.get('/sqlite', () => Promise.reject(sqliteRefusal("insert into one values ('1')")));
    app.get('/postgres', () => Promise.reject(postgresRefusal()));
    for (const url of ['/sqlite', '/postgres']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: {
          code: 'conflict',
          message: 'Someone changed this at the same moment. Reload and try again.',
        },
      });
    }
    await app.close();
  });
});
