import Fastify from 'fastify';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { bearer, callAs, careScenario, createAccount } from '../../test/accounts.ts';
import { createTestApp, testDialects, type TestApp } from '../../test/helper.ts';
import { countKeptAnswers } from '../../test/kept-answer-hits.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../lib/app-error.ts';
import { createCareService, withAdmittedLink } from '../modules/care/service.ts';
import { gate, gatesAtMost } from './gates.ts';

const NOW = new Date('2026-11-21T12:00:00Z');

/** The change stamp never moves: every kept answer stays valid whatever is written. */
const frozenStamp = (db: Db): Db => ({
  ...db,
  ...(db.changeStamp ? { changeStamp: () => 'frozen' } : {}),
  ...(db.sharedChangeStamp ? { sharedChangeStamp: async () => 'frozen' } : {}),
});

// A route's gate (plugins/gates.ts) is checked before any kept answer can answer
// (DESIGN.md "Audit and gates", docs/decisions/047): each test fills a kept answer as a caller who
// passes, then asks in a state where the gate refuses, with the kept answer still valid.
describe.each(testDialects())('gates before kept answers on %s', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('refuses a caller its gate now refuses, though the kept answer of the same session is still valid', async () => {
    let open = true;
    let reads = 0;
    t = await createTestApp(
      dialect,
      {},
      {
        clock: () => NOW,
        moreSignedInRoutes: async (app) => {
          app.get(
            '/test/gated',
            {
              config: {
                gate: gate.signedIn.also(() => {
                  if (!open) throw new AppError(403, 'closed', 'The gate is closed.');
                }),
              },
            },
            async () => ({ reads: ++reads }),
          );
        },
      },
    );
    const patient = await createAccount(t, 'patient');
    const hits = countKeptAnswers();
    onTestFinished(() => hits.stop());
    const ask = () => callAs(t!, patient, 'GET', '/api/v1/test/gated');

    const first = await ask();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ reads: 1 });
    // The same session asks again with nothing written: given from memory.
    const again = await ask();
    expect(again.json()).toEqual({ reads: 1 });
    expect(hits.count).toBe(1);

    // Nothing is written, so the kept answer is still valid: only the gate can refuse now.
    open = false;
    const refused = await ask();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'closed' } });
    expect(hits.count).toBe(1);

    open = true;
    expect((await ask()).json()).toEqual({ reads: 1 });
    expect(hits.count).toBe(2);
  });

  it('refuses another role a care route whose answer a patient has kept', async () => {
    t = await createTestApp(dialect, {}, { clock: () => NOW });
    const patient = await createAccount(t, 'patient');
    const doctor = await createAccount(t, 'doctor');
    const pharmacy = await createAccount(t, 'pharmacy');
    const hits = countKeptAnswers();
    onTestFinished(() => hits.stop());
    for (const url of ['/api/v1/medications', '/api/v1/me/access-log', '/api/v1/appointments']) {
      expect((await callAs(t, patient, 'GET', url)).statusCode).toBe(200);
      expect((await callAs(t, patient, 'GET', url)).statusCode).toBe(200);
      for (const other of [pharmacy, doctor]) {
        if (other === doctor && url === '/api/v1/appointments') continue;
        const refused = await callAs(t, other, 'GET', url);
        expect(refused.statusCode, `${other.userType} ${url}`).toBe(403);
        expect(refused.json()).toMatchObject({ error: { code: 'wrong_role' } });
      }
      const pharmacyAsked = await callAs(t, pharmacy, 'GET', url);
      expect(pharmacyAsked.json<{ error: { message: string } }>().error.message).toBe(
        url === '/api/v1/appointments'
          ? 'This is only for patients and doctors.'
          : 'This is only for patients.',
      );
    }
    // Each route's answer was warm when the others asked.
    expect(hits.count).toBe(3);
    // In Spanish too, as before the gates.
    const spanish = await t.app.inject({
      method: 'GET',
      url: '/api/v1/medications',
      headers: { ...bearer(pharmacy), 'accept-language': 'es' },
    });
    expect(spanish.json()).toMatchObject({
      error: { code: 'wrong_role', message: 'Esto es solo para pacientes.' },
    });
  });

  it('refuses a doctor whose care link ended, even when the stamp says nothing changed', async () => {
    // With the stamp frozen, every kept answer would be given again after the link ends: only
    // the gate, run before the kept answers, can refuse.
    t = await createTestApp(dialect, {}, { clock: () => NOW, dbForApp: frozenStamp });
    const s = await careScenario(t);
    const hits = countKeptAnswers();
    onTestFinished(() => hits.stop());
    const urls = [
      `/api/v1/measurements?patientId=${s.owner.id}`,
      `/api/v1/measurements/summary?patientId=${s.owner.id}`,
      `/api/v1/reports?patientId=${s.owner.id}`,
      `/api/v1/trackmedications/${s.owner.id}`,
      `/api/v1/patients/${s.owner.id}/targets`,
      `/api/v1/prescriptions?patientId=${s.owner.id}`,
    ];
    for (const url of urls) {
      expect((await callAs(t, s.linkedDoctor, 'GET', url)).statusCode, url).toBe(200);
      expect((await callAs(t, s.linkedDoctor, 'GET', url)).statusCode, url).toBe(200);
    }
    expect(hits.count).toBe(urls.length);

    const ended = await callAs(t, s.owner, 'DELETE', `/api/v1/care-links/${s.linkId}`);
    expect(ended.statusCode).toBe(204);
    for (const url of urls) {
      const refused = await callAs(t, s.linkedDoctor, 'GET', url);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json()).toMatchObject({ error: { code: 'not_found' } });
    }
    expect(hits.count).toBe(urls.length);
  });

  it('answers what the services answered: another patient, an unlinked doctor and a pharmacy naming the patient', async () => {
    t = await createTestApp(dialect, {}, { clock: () => NOW });
    const s = await careScenario(t);
    const pharmacy = await createAccount(t, 'pharmacy');
    const message = 'There is no such patient among those who share with you.';
    const url = `/api/v1/prescriptions?patientId=${s.owner.id}`;
    for (const who of [s.otherPatient, s.unlinkedDoctor, pharmacy]) {
      const res = await callAs(t, who, 'GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        error: { code: 'not_found', message, fields: { patientId: message } },
      });
    }
    // A doctor naming themself is no patient of theirs.
    const self = await callAs(
      t,
      s.linkedDoctor,
      'GET',
      `/api/v1/measurements?patientId=${s.linkedDoctor.id}`,
    );
    expect(self.statusCode).toBe(404);
    // The track page names the patient in its path: the care module's answer, without fields.
    const track = await callAs(
      t,
      s.unlinkedDoctor,
      'GET',
      `/api/v1/trackmedications/${s.owner.id}`,
    );
    expect(track.statusCode).toBe(404);
    expect(track.json<{ error: object }>().error).not.toHaveProperty('fields');
  });

  it('lets the service reuse the link its gate found, only for that link and until the answer ends', async () => {
    t = await createTestApp(dialect, {}, { clock: () => NOW });
    const s = await careScenario(t);
    // isLinked reads only the database; the other parts are not used here.
    const care = createCareService(t.db, undefined as never, undefined, 'EUR');
    const stranger = { patientId: s.otherPatient.id, doctorId: s.linkedDoctor.id };
    const answer = { writableEnded: false };
    const seen = await new Promise<boolean[]>((resolve, reject) => {
      withAdmittedLink(stranger, answer, () => {
        Promise.all([
          care.isLinked(stranger.patientId, stranger.doctorId),
          care.isLinked(s.owner.id, s.unlinkedDoctor.id),
          care.isLinked(s.owner.id, s.linkedDoctor.id),
        ]).then((first) => {
          answer.writableEnded = true;
          return care
            .isLinked(stranger.patientId, stranger.doctorId)
            .then((after) => resolve([...first, after]));
        }, reject);
      });
    });
    // (No such link exists: only the admitted verdict answers true, and only while the answer is open.)
    expect(seen).toEqual([true, false, true, false]);
    expect(await care.isLinked(stranger.patientId, stranger.doctorId)).toBe(false);
  });

  it('does not start with a signed-in route that declares no gate', async () => {
    await expect(
      createTestApp(
        dialect,
        {},
        {
          moreSignedInRoutes: async (app) => {
            app.get('/test/ungated', async () => ({}));
          },
        },
      ),
    ).rejects.toThrow(/GET \/api\/v1\/test\/ungated is signed in but declares no gate/);
  });
});

describe('a part of the API only some roles may reach', () => {
  it('does not start with a route there whose gate admits another role', async () => {
    const app = Fastify();
    await app.register(async (careSide) => {
      gatesAtMost(careSide, ['patient', 'doctor']);
      careSide.get('/fine', { config: { gate: gate.roles('doctor') } }, async () => ({}));
    });
    await app.ready();
    await app.close();
    for (const wide of [gate.signedIn, gate.roles('patient', 'pharmacy')]) {
      const other = Fastify();
      await expect(
        other.register(async (careSide) => {
          gatesAtMost(careSide, ['patient', 'doctor']);
          careSide.get('/wide', { config: { gate: wide } }, async () => ({}));
        }),
      ).rejects.toThrow(/GET \/wide is only for patient and doctor/);
      await other.close();
    }
  });
});
