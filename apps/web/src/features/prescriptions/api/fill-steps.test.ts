import { FILL_STATUSES, type Fill, type FillStatus, type Prescription } from '@tend/shared';
import { describe, expect, it } from 'vitest';
import {
  currentFill,
  isOpenFill,
  nextSteps,
  refillRequestGoesTo,
  sendingChoice,
} from './fill-steps';

const fill = (number: number, status: FillStatus): Fill => ({
  _id: `f${number}`,
  number,
  pharmacy: null,
  status,
  reason: status === 'refused' ? 'Out of stock' : null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  dispensedAt: status === 'dispensed' ? '2026-11-20T12:00:00.000Z' : null,
});

const prescription = (
  change: Partial<Pick<Prescription, 'status' | 'fills' | 'refillsleft' | 'renewal'>>,
) =>
  ({
    status: 'active',
    fills: [],
    refillsleft: 2,
    renewal: null,
    pharmacy: { _id: 'ph1', firstname: 'Ana', lastname: 'Ruiz', avatarUrl: null },
    ...change,
  }) as Prescription;

describe('a fill’s next step', () => {
  it('goes requested → preparing → ready → dispensed, refusable until handed over', () => {
    expect(nextSteps('requested')).toEqual({ forward: 'preparing', canRefuse: true });
    expect(nextSteps('preparing')).toEqual({ forward: 'ready', canRefuse: true });
    expect(nextSteps('ready')).toEqual({ forward: 'dispensed', canRefuse: true });
  });

  it('has none once dispensed or refused', () => {
    expect(nextSteps('dispensed')).toEqual({ forward: null, canRefuse: false });
    expect(nextSteps('refused')).toEqual({ forward: null, canRefuse: false });
  });

  it('is open (in the queue) exactly while it has a step forward', () => {
    for (const status of FILL_STATUSES) {
      expect(isOpenFill(status)).toBe(nextSteps(status).forward !== null);
    }
  });
});

describe('the current fill', () => {
  it('is the highest number, whatever order the fills come in', () => {
    expect(currentFill({ fills: [] })).toBeNull();
    const fills = [fill(2, 'requested'), fill(1, 'dispensed')];
    expect(currentFill({ fills })?.number).toBe(2);
  });
});

describe('sending to a pharmacy', () => {
  it('is a send before any fill, a move while the fill is only requested, a resend after a refusal', () => {
    expect(sendingChoice(prescription({ fills: [] }))).toBe('send');
    expect(sendingChoice(prescription({ fills: [fill(1, 'requested')] }))).toBe('move');
    expect(sendingChoice(prescription({ fills: [fill(1, 'refused')] }))).toBe('resend');
  });

  it('is not offered once something is being prepared, handed over, or the prescription ended', () => {
    for (const status of ['preparing', 'ready', 'dispensed'] as const) {
      expect(sendingChoice(prescription({ fills: [fill(1, status)] }))).toBeNull();
    }
    expect(sendingChoice(prescription({ status: 'cancelled' }))).toBeNull();
    expect(sendingChoice(prescription({ status: 'expired' }))).toBeNull();
  });
});

describe('requesting a refill', () => {
  it('goes to the pharmacy once the last fill is dispensed and refills are left', () => {
    expect(refillRequestGoesTo(prescription({ fills: [fill(1, 'dispensed')] }))).toBe('pharmacy');
  });

  it('is not offered while a fill is open or was refused', () => {
    expect(refillRequestGoesTo(prescription({ fills: [] }))).toBeNull();
    expect(
      refillRequestGoesTo(prescription({ fills: [fill(1, 'dispensed'), fill(2, 'ready')] })),
    ).toBeNull();
    expect(refillRequestGoesTo(prescription({ fills: [fill(1, 'refused')] }))).toBeNull();
  });

  it('goes to the doctor as a renewal at 0 refills, once, until answered with a refusal', () => {
    const used = { status: 'completed' as const, refillsleft: 0, fills: [fill(1, 'dispensed')] };
    expect(refillRequestGoesTo(prescription(used))).toBe('doctor');
    const asked = {
      status: 'requested',
      reason: null,
      requestedAt: '2026-11-21T10:00:00.000Z',
      decidedAt: null,
      prescriptionId: null,
    } as const;
    expect(refillRequestGoesTo(prescription({ ...used, renewal: asked }))).toBeNull();
    expect(
      refillRequestGoesTo(prescription({ ...used, renewal: { ...asked, status: 'approved' } })),
    ).toBeNull();
    expect(
      refillRequestGoesTo(prescription({ ...used, renewal: { ...asked, status: 'refused' } })),
    ).toBe('doctor');
  });

  it('is never offered on a cancelled or expired prescription', () => {
    const dispensed = { fills: [fill(1, 'dispensed')] };
    expect(refillRequestGoesTo(prescription({ ...dispensed, status: 'cancelled' }))).toBeNull();
    expect(refillRequestGoesTo(prescription({ ...dispensed, status: 'expired' }))).toBeNull();
  });
});
