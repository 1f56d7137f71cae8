import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_REPORTS_PER_PATIENT } from '@tend/shared';
import {
  careScenario,
  callAs,
  createAccount,
  type CareScenario,
  type TestAccount,
  appWith,
} from '../../../test/accounts.ts';
import { rowCount, testDialects, type TestApp } from '../../../test/helper.ts';
import { jpegWithGps, multipartBody, pdf, png } from '../../../test/upload-files.ts';

const GPS_IFD_POINTER = [Buffer.from([0x88, 0x25]), Buffer.from([0x25, 0x88])];

describe.each(testDialects())('medical reports on %s', (dialect) => {
  let t: TestApp;
  let s: CareScenario;
  beforeEach(async () => ({ t, s } = await appWith(careScenario, dialect)));
  afterEach(() => t.close());

  function upload(
    who: TestAccount | null,
    fields: Record<string, string>,
    file: { filename: string; contentType: string; data: Uint8Array },
  ) {
    const body = multipartBody(fields, file);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/reports',
      payload: body.payload,
      headers: { ...body.headers, ...(who ? { authorization: `Bearer ${who.accessToken}` } : {}) },
    });
  }
  const call = (who: TestAccount | null, method: 'GET' | 'DELETE', url: string) =>
    callAs(t, who, method, url);

  async function ownerReport(title = 'Blood test') {
    const res = await upload(
      s.owner,
      { title },
      {
        filename: 'blood.pdf',
        contentType: 'application/pdf',
        data: pdf(),
      },
    );
    expect(res.statusCode).toBe(201);
    return res.json<{ _id: string }>()._id;
  }

  async function counts() {
    const one = (table: 'reports' | 'files' | 'file_chunks') => rowCount(t.db, table);
    return {
      reports: await one('reports'),
      files: await one('files'),
      chunks: await one('file_chunks'),
    };
  }

  describe('POST /reports', () => {
    it('stores a patient’s own PDF and answers the contract’s fields', async () => {
      const res = await upload(
        s.owner,
        { title: '  Blood test  ' },
        {
          filename: 'C:\\scans\\blood.pdf',
          contentType: 'application/octet-stream',
          data: pdf(),
        },
      );
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        title: 'Blood test',
        filename: 'blood.pdf',
        contenttype: 'application/pdf',
        size: pdf().byteLength,
        patient: { _id: s.owner.id },
        uploadedby: { _id: s.owner.id, userType: 'patient' },
      });
    });

    it('lets a linked doctor add to the patient’s record, and nobody else', async () => {
      const file = { filename: 'lab.png', contentType: 'image/png', data: await png() };
      const asDoctor = await upload(s.linkedDoctor, { title: 'Lab', patientId: s.owner.id }, file);
      expect(asDoctor.statusCode).toBe(201);
      expect(asDoctor.json()).toMatchObject({
        patient: { _id: s.owner.id },
        uploadedby: { _id: s.linkedDoctor.id, userType: 'doctor' },
      });
      const before = await counts();
      expect((await upload(null, { title: 'Lab' }, file)).statusCode).toBe(401);
      expect(
        (await upload(s.unlinkedDoctor, { title: 'Lab', patientId: s.owner.id }, file)).statusCode,
      ).toBe(404);
      expect(
        (await upload(s.otherPatient, { title: 'Lab', patientId: s.owner.id }, file)).statusCode,
      ).toBe(404);
      const noPatient = await upload(s.linkedDoctor, { title: 'Lab' }, file);
      expect(noPatient.statusCode).toBe(400);
      expect(noPatient.json().error.fields).toHaveProperty('patientId');
      expect(await counts()).toEqual(before);
    });

    it('refuses a missing title, an unknown field and a missing file in words', async () => {
      const file = { filename: 'a.pdf', contentType: 'application/pdf', data: pdf() };
      const noTitle = await upload(s.owner, {}, file);
      expect(noTitle.statusCode).toBe(400);
      expect(noTitle.json().error.fields.title).toBe('Give the report a title.');
      const unknown = await upload(s.owner, { title: 'x', colour: 'red' }, file);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.fields.colour).toBe('This field is not accepted here.');
      const body = multipartBody({ title: 'No file' });
      const noFile = await t.app.inject({
        method: 'POST',
        url: '/api/v1/reports',
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${s.owner.accessToken}` },
      });
      expect(noFile.statusCode).toBe(400);
      expect(noFile.json().error.fields.file).toBe('Choose a file to upload.');
      expect((await counts()).reports).toBe(0);
    });

    it('re-encodes a JPEG so its GPS location is not served back', async () => {
      const original = await jpegWithGps();
      expect(GPS_IFD_POINTER.some((p) => original.includes(p))).toBe(true);
      const created = await upload(
        s.owner,
        { title: 'Rash' },
        {
          filename: 'rash.jpg',
          contentType: 'image/jpeg',
          data: original,
        },
      );
      expect(created.statusCode).toBe(201);
      const served = await call(s.owner, 'GET', `/api/v1/reports/${created.json()._id}/file`);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(GPS_IFD_POINTER.some((p) => served.rawPayload.includes(p))).toBe(false);
      expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('TendTestCamera'))).toBe(false);
    });
  });

  it(`refuses a report past the cap of ${MAX_REPORTS_PER_PATIENT} in words`, async () => {
    const now = new Date().toISOString();
    const ids = Array.from({ length: MAX_REPORTS_PER_PATIENT }, (_, i) => `cap-${i}`);
    await t.db.kysely
      .insertInto('files')
      .values(ids.map((id) => ({ id, size: 0, created_at: now })))
      .execute();
    await t.db.kysely
      .insertInto('reports')
      .values(
        ids.map((id) => ({
          id,
          patient_id: s.owner.id,
          uploaded_by: s.owner.id,
          file_id: id,
          title: 'Old',
          filename: 'old.pdf',
          content_type: 'application/pdf' as const,
          size: 0,
          created_at: now,
        })),
      )
      .execute();
    const before = await counts();
    const res = await upload(
      s.owner,
      { title: 'One more' },
      { filename: 'more.pdf', contentType: 'application/pdf', data: pdf() },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'too_many_reports' });
    expect(await counts()).toEqual(before);
  });

  describe('GET /reports', () => {
    it('lists newest first for the patient and a linked doctor, page by page', async () => {
      const first = await ownerReport('First');
      const second = await ownerReport('Second');
      const third = await ownerReport('Third');
      for (const who of [s.owner, s.linkedDoctor]) {
        const page1 = await call(who, 'GET', `/api/v1/reports?patientId=${s.owner.id}&limit=2`);
        expect(page1.statusCode).toBe(200);
        expect(page1.json().reports.map((r: { _id: string }) => r._id)).toEqual([third, second]);
        const cursor = encodeURIComponent(page1.json().nextCursor as string);
        const page2 = await call(
          who,
          'GET',
          `/api/v1/reports?patientId=${s.owner.id}&limit=2&cursor=${cursor}`,
        );
        expect(page2.json()).toEqual({
          reports: [expect.objectContaining({ _id: first })],
          nextCursor: null,
        });
      }
      expect((await call(s.owner, 'GET', '/api/v1/reports')).json().reports).toHaveLength(3);
    });

    it('hides the list from anyone else, and refuses bad pages', async () => {
      await ownerReport();
      const url = `/api/v1/reports?patientId=${s.owner.id}`;
      expect((await call(null, 'GET', url)).statusCode).toBe(401);
      expect((await call(s.otherPatient, 'GET', url)).statusCode).toBe(404);
      expect((await call(s.unlinkedDoctor, 'GET', url)).statusCode).toBe(404);
      expect((await call(s.otherPatient, 'GET', '/api/v1/reports')).json().reports).toEqual([]);
      expect((await call(s.owner, 'GET', '/api/v1/reports?limit=0')).statusCode).toBe(400);
      expect((await call(s.owner, 'GET', '/api/v1/reports?cursor=%25%25')).statusCode).toBe(400);
    });
  });

  describe('GET /reports without a patient, for a doctor', () => {
    const titles = (res: { json: () => { reports: { title: string }[] } }) =>
      res.json().reports.map((r) => r.title);

    it('lists the newest reports of every linked patient with their names, page by page', async () => {
      await ownerReport('Owner first');
      const secondPatient = await createAccount(t, 'patient', { firstname: 'Ada' });
      expect(
        (
          await callAs(t, secondPatient, 'POST', '/api/v1/care-links', {
            doctorId: s.linkedDoctor.id,
          })
        ).statusCode,
      ).toBe(201);
      const file = { filename: 'x.pdf', contentType: 'application/pdf', data: pdf() };
      expect((await upload(secondPatient, { title: 'Ada scan' }, file)).statusCode).toBe(201);
      await ownerReport('Owner second');

      const page1 = await call(s.linkedDoctor, 'GET', '/api/v1/reports?limit=2');
      expect(page1.statusCode).toBe(200);
      expect(titles(page1)).toEqual(['Owner second', 'Ada scan']);
      expect(page1.json().reports[1].patient).toMatchObject({
        _id: secondPatient.id,
        firstname: 'Ada',
      });
      const cursor = encodeURIComponent(page1.json().nextCursor as string);
      const page2 = await call(s.linkedDoctor, 'GET', `/api/v1/reports?limit=2&cursor=${cursor}`);
      expect(page2.json()).toEqual({
        reports: [expect.objectContaining({ title: 'Owner first' })],
        nextCursor: null,
      });
    });

    it('shows nobody else’s: anonymous, patients, an unlinked doctor, a patient whose link ended', async () => {
      await ownerReport('Owner only');
      const file = { filename: 'x.pdf', contentType: 'application/pdf', data: pdf() };
      expect((await upload(s.otherPatient, { title: 'Other only' }, file)).statusCode).toBe(201);
      expect((await call(null, 'GET', '/api/v1/reports')).statusCode).toBe(401);
      expect(titles(await call(s.owner, 'GET', '/api/v1/reports'))).toEqual(['Owner only']);
      expect(titles(await call(s.otherPatient, 'GET', '/api/v1/reports'))).toEqual(['Other only']);
      const unlinked = await call(s.unlinkedDoctor, 'GET', '/api/v1/reports');
      expect(unlinked.json()).toEqual({ reports: [], nextCursor: null });
      expect(titles(await call(s.linkedDoctor, 'GET', '/api/v1/reports'))).toEqual(['Owner only']);

      expect(
        (await callAs(t, s.owner, 'DELETE', `/api/v1/care-links/${s.linkId}`)).statusCode,
      ).toBe(204);
      expect((await call(s.linkedDoctor, 'GET', '/api/v1/reports')).json()).toEqual({
        reports: [],
        nextCursor: null,
      });
    });

    it('logs the list in the access log of each patient it shows, and of no one else', async () => {
      const secondPatient = await createAccount(t, 'patient');
      await callAs(t, secondPatient, 'POST', '/api/v1/care-links', { doctorId: s.linkedDoctor.id });
      const file = { filename: 'x.pdf', contentType: 'application/pdf', data: pdf() };
      await upload(secondPatient, { title: 'Second' }, file);
      await ownerReport('Owner');
      await call(s.linkedDoctor, 'GET', '/api/v1/reports?limit=1');
      const listed = async (who: TestAccount) =>
        (await call(who, 'GET', '/api/v1/me/access-log'))
          .json()
          .events.filter((e: { action: string }) => e.action === 'reports.listed')
          .map((e: { actor: { _id: string } }) => e.actor._id);
      expect(await listed(s.owner)).toEqual([s.linkedDoctor.id]);
      expect(await listed(secondPatient)).toEqual([]);
      await call(s.linkedDoctor, 'GET', '/api/v1/reports');
      expect(await listed(s.owner)).toEqual([s.linkedDoctor.id, s.linkedDoctor.id]);
      expect(await listed(secondPatient)).toEqual([s.linkedDoctor.id]);
    });
  });

  describe('GET /reports/{id}/file', () => {
    it('serves the bytes inline with the sniffed type and the safety headers', async () => {
      const id = await ownerReport();
      for (const who of [s.owner, s.linkedDoctor]) {
        const res = await call(who, 'GET', `/api/v1/reports/${id}/file`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.headers['content-disposition']).toBe(
          `inline; filename="blood.pdf"; filename*=UTF-8''blood.pdf`,
        );
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['content-security-policy']).toBe('sandbox');
        expect(res.headers['cache-control']).toBe('private, no-store');
        // Opened as a page, it carries a page's headers, not only a JSON answer's.
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(res.headers['referrer-policy']).toBe('no-referrer');
        expect(Buffer.compare(res.rawPayload, pdf())).toBe(0);
      }
      expect((await call(null, 'GET', `/api/v1/reports/${id}/file`)).statusCode).toBe(401);
      expect((await call(s.otherPatient, 'GET', `/api/v1/reports/${id}/file`)).statusCode).toBe(
        404,
      );
      expect((await call(s.unlinkedDoctor, 'GET', `/api/v1/reports/${id}/file`)).statusCode).toBe(
        404,
      );
      expect((await call(s.owner, 'GET', '/api/v1/reports/nothing/file')).statusCode).toBe(404);
    });

    it('puts a doctor’s list and views in the patient’s access log, not the patient’s own', async () => {
      const id = await ownerReport();
      await call(s.owner, 'GET', `/api/v1/reports/${id}/file`);
      await call(s.owner, 'GET', '/api/v1/reports');
      await call(s.linkedDoctor, 'GET', `/api/v1/reports?patientId=${s.owner.id}`);
      await call(s.linkedDoctor, 'GET', `/api/v1/reports/${id}/file`);
      const log = (await call(s.owner, 'GET', '/api/v1/me/access-log')).json();
      expect(
        log.events
          .filter((e: { action: string }) => e.action.startsWith('report'))
          .map((e: { description: string; actor: { _id: string } }) => [
            e.description,
            e.actor._id,
          ]),
      ).toEqual([
        ['Opened one of your medical reports', s.linkedDoctor.id],
        ['Looked at the list of your medical reports', s.linkedDoctor.id],
      ]);
    });

    it('logs a doctor’s upload and deletion for the patient', async () => {
      const res = await upload(
        s.linkedDoctor,
        { title: 'Lab', patientId: s.owner.id },
        { filename: 'lab.pdf', contentType: 'application/pdf', data: pdf() },
      );
      await call(s.linkedDoctor, 'DELETE', `/api/v1/reports/${res.json<{ _id: string }>()._id}`);
      const log = (await call(s.owner, 'GET', '/api/v1/me/access-log')).json();
      expect(
        log.events
          .filter((e: { action: string }) => e.action.startsWith('report'))
          .map((e: { action: string }) => e.action),
      ).toEqual(['report.deleted', 'report.uploaded']);
    });

    it('answers 404 to a doctor once the care link has ended', async () => {
      const id = await ownerReport();
      expect(
        (await callAs(t, s.owner, 'DELETE', `/api/v1/care-links/${s.linkId}`)).statusCode,
      ).toBe(204);
      expect((await call(s.linkedDoctor, 'GET', `/api/v1/reports/${id}/file`)).statusCode).toBe(
        404,
      );
      expect(
        (await call(s.linkedDoctor, 'GET', `/api/v1/reports?patientId=${s.owner.id}`)).statusCode,
      ).toBe(404);
      expect((await call(s.linkedDoctor, 'DELETE', `/api/v1/reports/${id}`)).statusCode).toBe(404);
    });
  });

  describe('DELETE /reports/{id}', () => {
    it('lets the patient delete, with its bytes', async () => {
      const id = await ownerReport();
      expect((await call(null, 'DELETE', `/api/v1/reports/${id}`)).statusCode).toBe(401);
      expect((await call(s.otherPatient, 'DELETE', `/api/v1/reports/${id}`)).statusCode).toBe(404);
      expect((await call(s.unlinkedDoctor, 'DELETE', `/api/v1/reports/${id}`)).statusCode).toBe(
        404,
      );
      expect((await call(s.linkedDoctor, 'DELETE', `/api/v1/reports/${id}`)).statusCode).toBe(403);
      expect((await counts()).reports).toBe(1);
      expect((await call(s.owner, 'DELETE', `/api/v1/reports/${id}`)).statusCode).toBe(204);
      expect(await counts()).toEqual({ reports: 0, files: 0, chunks: 0 });
      expect((await call(s.owner, 'GET', `/api/v1/reports/${id}/file`)).statusCode).toBe(404);
    });

    it('lets a linked doctor delete what they uploaded', async () => {
      const res = await upload(
        s.linkedDoctor,
        { title: 'Lab', patientId: s.owner.id },
        {
          filename: 'lab.pdf',
          contentType: 'application/pdf',
          data: pdf(),
        },
      );
      const id = res.json<{ _id: string }>()._id;
      expect((await call(s.linkedDoctor, 'DELETE', `/api/v1/reports/${id}`)).statusCode).toBe(204);
      expect(await counts()).toEqual({ reports: 0, files: 0, chunks: 0 });
    });
  });

  it('deletes every report and its bytes with the patient’s account', async () => {
    await ownerReport('One');
    await ownerReport('Two');
    const othersReport = await upload(
      s.otherPatient,
      { title: 'Mine' },
      {
        filename: 'mine.pdf',
        contentType: 'application/pdf',
        data: pdf(),
      },
    );
    expect(othersReport.statusCode).toBe(201);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${s.owner.accessToken}` },
      payload: { password: s.owner.password },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await counts()).toEqual({ reports: 1, files: 1, chunks: 1 });
  });

  it('keeps a doctor’s upload in the record after the doctor’s account is deleted', async () => {
    await upload(
      s.linkedDoctor,
      { title: 'Lab', patientId: s.owner.id },
      {
        filename: 'lab.pdf',
        contentType: 'application/pdf',
        data: pdf(),
      },
    );
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${s.linkedDoctor.accessToken}` },
      payload: { password: s.linkedDoctor.password },
    });
    expect(deleted.statusCode).toBe(204);
    const list = (await call(s.owner, 'GET', '/api/v1/reports')).json();
    expect(list.reports).toEqual([expect.objectContaining({ title: 'Lab', uploadedby: null })]);
  });
});
