import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts.ts';
import { testDialects } from '../../../test/helper.ts';
import {
  FIRST_SLOT,
  appointmentScenario,
  type Scenario,
} from '../../../test/appointment-scenario.ts';

/** The text of a PDF as poppler's pdftotext reads it, runs of white space made one. */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tend-currency-pdf-'));
  try {
    const file = path.join(dir, 'receipt.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-']).toString().replace(/\s+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// DESIGN "Money": every answer with a fee or an amount carries the clinic's currency beside it,
// and the receipt writes the amount in it, as the reader's language writes money.
describe.each(testDialects())('the clinic’s currency on %s', (dialect) => {
  let s: Scenario;
  afterEach(() => s.t.close());

  it.each([
    [{}, 'EUR', '€79.50', '79,50 €'],
    [{ CLINIC_CURRENCY: 'USD' }, 'USD', '$79.50', '79,50 US$'],
    [{ CLINIC_CURRENCY: 'JPY' }, 'JPY', '¥80', '80 JPY'],
  ])(
    'with %j, answers carry %s and the receipt reads %s and %s',
    async (env, currency, english, spanish) => {
      s = await appointmentScenario(dialect, env);
      const me = await s.callExpecting(200, s.doctor, 'GET', '/api/v1/me');
      expect(me.json()).toMatchObject({ consultationfee: 80, currency });

      const directory = await s.callExpecting(200, s.patient, 'GET', '/api/v1/doctors');
      const card = directory.json().doctors.find((d: { _id: string }) => d._id === s.doctor.id);
      expect(card).toMatchObject({ consultationfee: 80, currency });

      const link = await s.callExpecting(201, s.patient, 'POST', '/api/v1/care-links', {
        doctorId: s.doctor.id,
      });
      expect(link.json().doctor).toMatchObject({ consultationfee: 80, currency });
      const links = await s.callExpecting(200, s.patient, 'GET', '/api/v1/care-links');
      expect(links.json().careLinks[0].doctor.currency).toBe(currency);

      const visit = await s.book(FIRST_SLOT);
      expect(visit).toMatchObject({ fee: 80, currency, doctor: { currency } });
      await s.callExpecting(200, s.doctor, 'POST', `/api/v1/appointments/${visit._id}/accept`);
      const paid = await s.callExpecting(
        200,
        s.doctor,
        'POST',
        `/api/v1/appointments/${visit._id}/payment`,
        { amount: currency === 'JPY' ? 80 : 79.5, method: 'card' },
      );
      expect(paid.json()).toMatchObject({ paidamount: currency === 'JPY' ? 80 : 79.5, currency });
      const list = await s.callExpecting(200, s.patient, 'GET', '/api/v1/appointments');
      expect(list.json().appointments[0]).toMatchObject({ currency, doctor: { currency } });

      const receipt = async (language: string) =>
        pdfText(
          (
            await s.t.app.inject({
              method: 'GET',
              url: `/api/v1/appointments/${visit._id}/receipt`,
              headers: { ...bearer(s.patient), 'accept-language': language },
            })
          ).rawPayload,
        );
      expect(await receipt('en')).toContain(`Amount paid: ${english}`);
      expect(await receipt('es')).toContain(`Importe pagado: ${spanish}`);
    },
  );

  it('a currency without decimals takes whole amounts only, in words, changing nothing', async () => {
    s = await appointmentScenario(dialect, { CLINIC_CURRENCY: 'JPY' });
    const visit = await s.book(FIRST_SLOT);
    await s.callExpecting(200, s.doctor, 'POST', `/api/v1/appointments/${visit._id}/accept`);
    const refused = await s.callExpecting(
      400,
      s.doctor,
      'POST',
      `/api/v1/appointments/${visit._id}/payment`,
      { amount: 79.5, method: 'card' },
    );
    expect(refused.json().error).toMatchObject({
      code: 'invalid_input',
      message: 'Amounts in this currency have no decimals: enter a whole amount.',
      fields: { amount: 'Amounts in this currency have no decimals: enter a whole amount.' },
    });
    const after = await s.callExpecting(200, s.doctor, 'GET', `/api/v1/appointments/${visit._id}`);
    expect(after.json()).toMatchObject({ paidamount: null });

    const fee = await s.callExpecting(400, s.doctor, 'PATCH', '/api/v1/me/update', {
      consultationfee: 80.5,
    });
    expect(fee.json().error.fields).toEqual({
      consultationfee: 'Amounts in this currency have no decimals: enter a whole amount.',
    });
    const me = await s.callExpecting(200, s.doctor, 'GET', '/api/v1/me');
    expect(me.json()).toMatchObject({ consultationfee: 80 });
  });
});
