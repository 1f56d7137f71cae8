import { describe, expect, it } from 'vitest';
import { safeNextPath, signInPathFor } from './next-path';

describe('safeNextPath', () => {
  it.each([
    ['/patient/daily-medication', 'patient', '/patient/daily-medication'],
    ['/patient', 'patient', '/patient'],
    ['/patient/messages/42?x=1#end', 'patient', '/patient/messages/42?x=1#end'],
    ['/doctor/appointments', 'doctor', '/doctor/appointments'],
    ['/visit/room-1', 'doctor', '/visit/room-1'],
    ['/pharmacy/profile-settings', 'pharmacy', '/pharmacy/profile-settings'],
    ['/patient/../patient/medications', 'patient', '/patient/medications'],
  ] as const)('accepts %s for a %s', (next, userType, expected) => {
    expect(safeNextPath(next, userType)).toBe(expected);
  });

  it.each([
    null,
    '',
    'patient/daily-medication',
    'https://evil.example/patient',
    '//evil.example/patient',
    '/\\evil.example/patient',
    '\\\\evil.example/patient',
    '/\t/evil.example/patient',
    'javascript:alert(1)',
    '/patientx',
    '/doctor/appointments',
    '/patient/../doctor',
    '/',
    '/sign-in',
  ])('refuses %j for a patient', (next) => {
    expect(safeNextPath(next, 'patient')).toBeNull();
  });

  it('refuses a page of another area', () => {
    expect(safeNextPath('/patient/medications', 'doctor')).toBeNull();
    expect(safeNextPath('/patient/medications', 'pharmacy')).toBeNull();
    expect(safeNextPath('/pharmacy', 'patient')).toBeNull();
  });

  it('refuses a video visit to a pharmacy, which has none', () => {
    expect(safeNextPath('/visit/room-1', 'pharmacy')).toBeNull();
  });
});

describe('signInPathFor', () => {
  it('names the page, encoded, as the server redirect does', () => {
    expect(signInPathFor('/visit/abc?x=1')).toBe('/sign-in?next=%2Fvisit%2Fabc%3Fx%3D1');
  });
});
