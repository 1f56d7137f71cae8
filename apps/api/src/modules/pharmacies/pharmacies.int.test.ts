import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PharmacyList, Profile } from '@tend/shared';
import { createTestApp, testDialects, type TestApp } from '../../../test/helper.ts';
import {
  callAs,
  createAccount,
  GOOD_PASSWORD,
  pharmacyDetails,
  signIn,
  type TestAccount,
} from '../../../test/accounts.ts';

describe.each(testDialects())('pharmacies on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  const register = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload });
  const person = (userType: string, email: string) => ({
    email,
    password: GOOD_PASSWORD,
    firstname: 'Ada',
    lastname: 'Owens',
    userType,
  });
  const me = async (who: TestAccount) =>
    (await callAs(t, who, 'GET', '/api/v1/me')).json<Profile>();
  const directory = async (who: TestAccount, query: string) => {
    const res = await callAs(t, who, 'GET', `/api/v1/pharmacies${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PharmacyList>();
  };

  describe('signing up as a pharmacy', () => {
    it('keeps its details, shown to it in GET /me, and signs in as a pharmacy', async () => {
      const details = pharmacyDetails({ name: 'Owens Chemist', licencenumber: 'GPhC 1234567' });
      const res = await register({ ...person('pharmacy', 'owens@example.org'), pharmacy: details });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().user.userType).toBe('pharmacy');
      const session = await signIn(t, 'owens@example.org', GOOD_PASSWORD);
      expect(session.json().userType).toBe('pharmacy');
      const profile = await callAs(t, session.json(), 'GET', '/api/v1/me');
      expect(profile.json<Profile>().pharmacy).toEqual(details);
    });

    it('needs the details, each in words', async () => {
      const none = await register(person('pharmacy', 'none@example.org'));
      expect(none.statusCode).toBe(400);
      expect(none.json().error.fields.pharmacy).toBe("Enter the pharmacy's details.");
      const blank = await register({
        ...person('pharmacy', 'blank@example.org'),
        pharmacy: pharmacyDetails({ name: '  ', openinghours: 'x'.repeat(501) }),
      });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().error.fields).toMatchObject({
        'pharmacy.name': "Enter the pharmacy's name.",
        'pharmacy.openinghours': 'The opening hours can be at most 500 characters.',
      });
    });

    it('is refused to a patient or doctor sending pharmacy details', async () => {
      for (const userType of ['patient', 'doctor']) {
        const res = await register({
          ...person(userType, `${userType}.with.pharmacy@example.org`),
          pharmacy: pharmacyDetails(),
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.fields.pharmacy).toBe('Only a pharmacy has pharmacy details.');
      }
    });
  });

  describe('PATCH /me/update', () => {
    it('changes only the pharmacy details sent, and a blank one is refused', async () => {
      const pharmacy = await createAccount(t, 'pharmacy', { pharmacy: { city: 'Leeds' } });
      const res = await callAs(t, pharmacy, 'PATCH', '/api/v1/me/update', {
        pharmacy: { city: 'York', openinghours: 'Every day 8:00–20:00' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const profile = res.json<Profile>();
      expect(profile.pharmacy).toMatchObject({
        city: 'York',
        openinghours: 'Every day 8:00–20:00',
        address: '1 High Street',
      });
      const blank = await callAs(t, pharmacy, 'PATCH', '/api/v1/me/update', {
        pharmacy: { phone: '' },
      });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().error.fields['pharmacy.phone']).toBe(
        "Enter the pharmacy's phone number.",
      );
      expect((await me(pharmacy)).pharmacy?.phone).toBe('+44 113 000 0000');
    });

    it('answers 400 to a patient or doctor sending pharmacy details, and shows them none', async () => {
      for (const userType of ['patient', 'doctor'] as const) {
        const who = await createAccount(t, userType);
        const res = await callAs(t, who, 'PATCH', '/api/v1/me/update', {
          pharmacy: { name: 'Not mine' },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.fields.pharmacy).toBe('Only pharmacies have pharmacy details.');
        expect((await me(who)).pharmacy).toBeNull();
      }
    });
  });

  it('deleting the account removes its details from the directory', async () => {
    const patient = await createAccount(t, 'patient');
    const pharmacy = await createAccount(t, 'pharmacy', { pharmacy: { name: 'Gone Soon' } });
    expect((await directory(patient, '?q=gone')).pharmacies).toHaveLength(1);
    const res = await callAs(t, pharmacy, 'DELETE', '/api/v1/me', { password: GOOD_PASSWORD });
    expect(res.statusCode).toBe(204);
    expect((await directory(patient, '?q=gone')).pharmacies).toEqual([]);
    const rows = await t.db.kysely.selectFrom('pharmacies').select('user_id').execute();
    expect(rows).toEqual([]);
  });

  describe('GET /pharmacies', () => {
    let patient: TestAccount;
    beforeEach(async () => {
      patient = await createAccount(t, 'patient');
      const pharmacies: [string, string][] = [
        ['Álamo Farmacia', 'Málaga'],
        ['Boots High Street', 'Leeds'],
        ['boots Station', 'LEEDS'],
        ['Boots Harbour', 'York'],
        ['Chemist Corner', 'Leeds'],
      ];
      for (const [name, city] of pharmacies) {
        await createAccount(t, 'pharmacy', { pharmacy: { name, city } });
      }
    });
    const names = (list: PharmacyList) => list.pharmacies.map((p) => p.name);

    it('finds by the start of the name and by city, ignoring case, sorted by name', async () => {
      expect(names(await directory(patient, '?q=BOOTS'))).toEqual([
        'Boots Harbour',
        'Boots High Street',
        'boots Station',
      ]);
      expect(names(await directory(patient, '?city=leeds'))).toEqual([
        'Boots High Street',
        'boots Station',
        'Chemist Corner',
      ]);
      expect(names(await directory(patient, '?q=boots&city=Leeds'))).toEqual([
        'Boots High Street',
        'boots Station',
      ]);
      // Beyond ASCII too (SQLite's own lower() folds only ASCII), and without accents.
      expect(names(await directory(patient, `?q=${encodeURIComponent('ÁLAMO')}`))).toEqual([
        'Álamo Farmacia',
      ]);
      expect(names(await directory(patient, '?q=alamo'))).toEqual(['Álamo Farmacia']);
      expect(names(await directory(patient, '?city=MALAGA'))).toEqual(['Álamo Farmacia']);
      expect(names(await directory(patient, '?q=station'))).toEqual([]);
      expect(names(await directory(patient, `?q=${encodeURIComponent('%')}`))).toEqual([]);
    });

    it('pages by a stable keyset, every pharmacy once', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
        const page = await directory(patient, query);
        seen.push(...names(page));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen).toEqual([
        'Álamo Farmacia',
        'Boots Harbour',
        'Boots High Street',
        'boots Station',
        'Chemist Corner',
      ]);
      const bad = await callAs(t, patient, 'GET', '/api/v1/pharmacies?cursor=nonsense');
      expect(bad.statusCode).toBe(400);
    });

    it('never shows the licence number, nor a disabled pharmacy', async () => {
      const res = await callAs(t, patient, 'GET', '/api/v1/pharmacies?q=chemist');
      expect(Object.keys(res.json<PharmacyList>().pharmacies[0] ?? {}).sort()).toEqual([
        '_id',
        'address',
        'city',
        'country',
        'name',
        'openinghours',
        'phone',
        'postcode',
      ]);
      expect(res.body).not.toContain('LIC-');
      await t.db.kysely
        .updateTable('users')
        .set({ disabled_at: new Date().toISOString() })
        .where('user_type', '=', 'pharmacy')
        .execute();
      expect((await directory(patient, '')).pharmacies).toEqual([]);
    });
  });
});
