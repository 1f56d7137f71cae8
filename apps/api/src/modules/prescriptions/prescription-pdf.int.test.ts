import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsqr from 'jsqr';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, type TestAccount } from '../../../test/accounts.ts';
import { testDialects } from '../../../test/helper.ts';
import {
  pharmacyScenario,
  prescriptionScenario,
  type PrescriptionScenario,
} from '../../../test/prescription-scenario.ts';

// jsqr is CommonJS: its exports are the decoder, with `default` pointing at it too, and
// TypeScript types the import as the namespace, so the decoder is taken by name.
const jsQR = jsqr.default;

/** A file to keep the rendered page in, to look at it (TEND_PDF_PNG=/tmp/page.png); unset keeps none. */
const KEEP_PNG = process.env.TEND_PDF_PNG;

/** Renders the PDF's first page to PNG with poppler's pdftoppm and reads its pixels. */
async function firstPage(pdf: Buffer, dir: string) {
  const file = path.join(dir, 'prescription.pdf');
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '100', '-singlefile', file, path.join(dir, 'page')]);
  const png = readFileSync(path.join(dir, 'page.png'));
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { png, text: execFileSync('pdftotext', ['-layout', file, '-']).toString(), data, info };
}

describe.each(testDialects())('the prescription PDF on %s', (dialect) => {
  let s: PrescriptionScenario;
  let dir: string;
  beforeEach(async () => {
    s = await prescriptionScenario(dialect);
    dir = mkdtempSync(path.join(tmpdir(), 'tend-prescription-pdf-'));
  });
  afterEach(async () => {
    rmSync(dir, { recursive: true, force: true });
    await s.t.close();
  });

  it('prints who, what, how much, until when and the code, in letters and as a QR code', async () => {
    const p = await s.prescribe({ refills: 0 });
    const res = await s.call(s.patient, 'GET', `/api/v1/prescriptions/${p._id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const page = await firstPage(res.rawPayload, dir);
    if (KEEP_PNG) writeFileSync(KEEP_PNG, page.png);

    const text = page.text.replace(/\s+/g, ' ');
    for (const words of [
      'Prescription',
      `Verification code ${p.code}`,
      'Dr. Ана',
      'General practice',
      `Patient: Zoë ${p.patient.lastname}`,
      'Date of birth: 17 May 1990',
      'Medication: Metformin 500 mg, tablet',
      'Dose: 1 × tablet, morning and night (2 times a day)',
      'Quantity: 60 × tablet per fill',
      'Refills: none',
      'Valid until: 30 June 2027',
      'Take with food.',
    ]) {
      expect(text).toContain(words);
    }
    // The note is for the pharmacist, not printed on the patient's copy.
    expect(text).not.toContain('Kidney');

    const qr = jsQR(new Uint8ClampedArray(page.data), page.info.width, page.info.height);
    expect(qr?.data).toBe(p.code);
  });

  it.each([
    ['anonymous', 401],
    ['another patient', 404],
    ['its doctor', 200],
    ['another doctor', 404],
  ])('is for its patient and its doctor: %s → %i', async (name, status) => {
    const p = await s.prescribe();
    const who = s.callers().find(([n]) => n === name)?.[1] ?? null;
    const res = await s.call(who, 'GET', `/api/v1/prescriptions/${p._id}/pdf`);
    expect(res.statusCode).toBe(status);
    if (status === 200) expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

describe.each(testDialects())('the prescription PDF of one being filled, on %s', (dialect) => {
  let s: PrescriptionScenario;
  let pharmacy: TestAccount;
  let dir: string;
  beforeEach(async () => {
    ({ s, pharmacy } = await pharmacyScenario(dialect));
    dir = mkdtempSync(path.join(tmpdir(), 'tend-prescription-pdf-'));
  });
  afterEach(async () => {
    rmSync(dir, { recursive: true, force: true });
    await s.t.close();
  });

  it('names its current fill and the refills left as the cards do, in each language', async () => {
    const p = await s.prescribe({ refills: 1 });
    const pdf = async (language: string) => {
      const res = await s.t.app.inject({
        method: 'GET',
        url: `/api/v1/prescriptions/${p._id}/pdf`,
        headers: { ...bearer(s.patient), 'accept-language': language },
      });
      expect(res.statusCode).toBe(200);
      return (await firstPage(res.rawPayload, dir)).text.replace(/\s+/g, ' ');
    };
    // Not sent yet: no fill to speak of.
    expect(await pdf('en')).not.toContain('Refills left');

    await s.callExpecting(200, s.patient, 'POST', `/api/v1/prescriptions/${p._id}/send`, {
      pharmacyId: pharmacy.id,
    });
    await s.dispense(pharmacy, p._id);
    await s.callExpecting(200, s.patient, 'POST', `/api/v1/prescriptions/${p._id}/refill`);

    const english = await pdf('en');
    expect(english).toContain('Refills: 1');
    expect(english).toContain('Refills left: 0');
    expect(english).toContain('Fill: Refill 1 of 1: Waiting for the pharmacy');
    const spanish = await pdf('es');
    expect(spanish).toContain('Reposiciones restantes: 0');
    expect(spanish).toContain('Dispensación: Reposición 1 de 1: Esperando a la farmacia');
  });
});
