import { hashKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import {
  isOwnAnswer,
  onBehalf,
  queryKeyHash,
  sharedAreaOf,
  startActingFor,
  stopActingFor,
} from './acting-for';

const maria = {
  patientId: 'p-maria',
  name: 'Maria Silva',
  areas: ['medications', 'doses'],
} as const;

describe('acting for a patient one cares for', () => {
  afterEach(() => stopActingFor());

  it('sorts API paths into the areas that share them, and nothing else', () => {
    expect(sharedAreaOf('/medications?cursor=x')).toBe('medications');
    expect(sharedAreaOf('/medications/m1')).toBe('medications');
    expect(sharedAreaOf('/medications/adherence?days=1')).toBe('medications');
    expect(sharedAreaOf('/medications/m1/doses/2026-12-07')).toBe('doses');
    expect(sharedAreaOf('/medications/m1/doses')).toBe('medications');
    expect(sharedAreaOf('/appointments/a1/cancel')).toBe('appointments');
    expect(sharedAreaOf('/prescriptions/r1/refill')).toBe('prescriptions');
    expect(sharedAreaOf('/prescriptions/verify/ABC')).toBeNull();
    expect(sharedAreaOf('/measurements/summary')).toBe('measurements');
    expect(sharedAreaOf('/reports/r1/file')).toBe('reports');
    expect(sharedAreaOf('/care-links/l1')).toBe('dependent');
    for (const own of [
      '/me',
      '/notifications',
      '/caregivers?as=caregiver',
      '/messages',
      '/doctors',
    ]) {
      expect(sharedAreaOf(own)).toBeNull();
    }
  });

  it('leaves every call alone for one’s own pages', () => {
    expect(onBehalf('/medications', 'GET', undefined)).toEqual({
      path: '/medications',
      body: undefined,
    });
  });

  it('names the patient in the query, and in a POST’s body too, only for shared areas', () => {
    startActingFor(maria);
    expect(onBehalf('/medications?cursor=c1', 'GET', undefined).path).toBe(
      '/medications?cursor=c1&patientId=p-maria',
    );
    expect(onBehalf('/medications/m1/doses/2026-12-07', 'PUT', { taken: true })).toEqual({
      path: '/medications/m1/doses/2026-12-07?patientId=p-maria',
      body: { taken: true },
    });
    expect(onBehalf('/prescriptions/r1/send', 'POST', { pharmacyId: 'x' })).toEqual({
      path: '/prescriptions/r1/send?patientId=p-maria',
      body: { pharmacyId: 'x', patientId: 'p-maria' },
    });
    expect(onBehalf('/prescriptions/r1/refill', 'POST', undefined).body).toEqual({
      patientId: 'p-maria',
    });
    expect(onBehalf('/notifications', 'GET', undefined).path).toBe('/notifications');
  });

  it('keeps the patient’s cached answers apart from one’s own', () => {
    const key = ['medications', 'list'];
    expect(queryKeyHash(key)).toBe(hashKey(key));
    startActingFor(maria);
    const theirs = queryKeyHash(key);
    expect(theirs).not.toBe(hashKey(key));
    expect(isOwnAnswer({ queryKey: key, queryHash: theirs })).toBe(false);
    expect(isOwnAnswer({ queryKey: key, queryHash: hashKey(key) })).toBe(true);
  });
});
