import type { Measurement } from '@tend/shared';
import { expect } from 'vitest';
import { callAs, type TestAccount } from './accounts.ts';
import type { TestApp } from './helper.ts';

/** A heart rate `who` records at `takenat` through the API (201 expected), as the API answers it. */
export async function recordHeartRate(
  t: TestApp,
  who: TestAccount,
  takenat: string,
  value: number,
): Promise<Measurement> {
  const res = await callAs(t, who, 'POST', '/api/v1/measurements', {
    kind: 'heartrate',
    value,
    unit: '/min',
    takenat,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Measurement>();
}
