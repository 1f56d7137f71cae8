import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Notification } from '@tend/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, bearer, type TestAccount } from '../../test/accounts.ts';
import { createTestApp, testDialects, type TestApp } from '../../test/helper.ts';
import { prescriptionScenario } from '../../test/prescription-scenario.ts';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server.ts';
import { FIRST_SLOT, appointmentScenario } from '../../test/appointment-scenario.ts';
import { readFeed } from '../../test/read-feed.ts';
import { PUBLIC_URL, drainJobs, mailTo } from '../../test/recovery-kit.ts';
import { reminderScenario } from '../../test/reminder-scenario.ts';
import { freshForEachTest } from '../../test/fresh-for-each-test.ts';

// What the API writes to a person outside the web app is in their profile's language (emails,
// notifications, calendar feeds); a PDF, in the language its download asks for.

/** The text of a PDF, as poppler's pdftotext reads it, with runs of white space made one. */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tend-language-pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-']).toString().replace(/\s+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(testDialects())('each person’s language on %s', (dialect) => {
  describe('the sign-up confirmation', () => {
    let t: TestApp;
    let smtp: TestSmtpServer;
    beforeEach(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp(dialect, { SMTP_URL: smtp.url, PUBLIC_URL });
    });
    afterEach(async () => {
      await t.close();
      await smtp.close();
    });

    const register = (email: string, firstname: string, language?: 'en' | 'es') =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: {
          email,
          firstname,
          lastname: 'Tester',
          password: GOOD_PASSWORD,
          ...(language ? { language } : {}),
        },
        remoteAddress: '203.0.113.78',
      });

    it('is in Spanish for a person who signed up in Spanish, in English for the others', async () => {
      expect((await register('lucia@example.org', 'Lucía', 'es')).statusCode).toBe(201);
      expect((await register('amy@example.org', 'Amy', 'en')).statusCode).toBe(201);
      expect((await register('bob@example.org', 'Bob')).statusCode).toBe(201);
      await drainJobs(t);
      await smtp.waitFor(3);

      const [spanish] = mailTo(smtp, 'lucia@example.org');
      expect(spanish?.parsed.subject).toBe('Confirma tu dirección de correo para Tend');
      expect(spanish?.parsed.text).toContain('Hola, Lucía:');
      expect(spanish?.parsed.text).toContain(
        'El enlace sirve durante 7 días. Si no has creado una cuenta de Tend, ignora este correo.',
      );
      expect(spanish?.parsed.text).toContain(`${PUBLIC_URL}/verify-email#`);
      for (const [address, name] of [
        ['amy@example.org', 'Amy'],
        ['bob@example.org', 'Bob'],
      ] as const) {
        const [english] = mailTo(smtp, address);
        expect(english?.parsed.subject).toBe('Confirm your email address for Tend');
        expect(english?.parsed.text).toContain(`Hello ${name},`);
      }
      // Someone signing up again with Lucía's address: she hears of it in her language.
      expect((await register('lucia@example.org', 'Impostor', 'en')).statusCode).toBe(201);
      await drainJobs(t);
      await smtp.waitFor(4);
      expect(mailTo(smtp, 'lucia@example.org')[1]?.parsed.subject).toBe(
        'Alguien ha intentado crear una cuenta de Tend con tu dirección',
      );
    });
  });

  describe('reminders', () => {
    const s = freshForEachTest(() => reminderScenario(dialect));

    const doseReminders = async (who: TestAccount) =>
      (await s.notifications(who)).notifications.filter(
        (n: Notification) => n.kind === 'dose_reminder',
      );

    it('reach a Spanish-speaking patient in Spanish, in the app and by email', async () => {
      await s.callExpecting(200, s.patient, 'PATCH', '/api/v1/me/update', { language: 'es' });
      await s.saveSettings(s.patient, { email: true });
      await s.addMedication();
      s.setNow('2027-03-27T08:00:20.000Z');
      await s.runDue();
      const [reminder] = await doseReminders(s.patient);
      expect(reminder?.title).toBe('Hora de tomar Metoprolol (dosis de la mañana)');
      expect(reminder?.body).toBe(
        'Dosis: 1 tablet, 50 mg. Márcala en la lista de hoy cuando la hayas tomado.',
      );

      await s.runDue(); // the email job
      const [mail] = await s.smtp.waitFor(1);
      expect(mail?.to).toEqual([s.patient.email]);
      expect(mail?.parsed.subject).toBe(
        'Hora de tomar Metoprolol (dosis de la mañana) — 2027-03-27 09:00 (Europe/Berlin)',
      );
      expect(mail?.parsed.text).toContain('Hola, Zoë:');
      expect(mail?.parsed.text).toContain('Dosis: 1 tablet, 50 mg');
      expect(mail?.parsed.text).toContain(
        'Abrir la lista de hoy: https://tend.example.org/patient',
      );
      expect(mail?.parsed.html).toContain('>Abrir la lista de hoy</a>');
    });

    it('stay in English for an English-speaking patient', async () => {
      await s.saveSettings(s.patient, { email: true });
      await s.addMedication();
      s.setNow('2027-03-27T08:00:20.000Z');
      await s.runDue();
      expect((await doseReminders(s.patient))[0]?.title).toBe('Time for Metoprolol (day dose)');
      await s.runDue();
      const [mail] = await s.smtp.waitFor(1);
      expect(mail?.parsed.subject).toBe(
        'Time for Metoprolol (day dose) — 2027-03-27 09:00 (Europe/Berlin)',
      );
      expect(mail?.parsed.text).toContain('Hello Zoë,');
    });
  });

  describe('the prescription PDF', () => {
    it('is printed in the language the download asks for, English by default', async () => {
      const s = await prescriptionScenario(dialect);
      try {
        const p = await s.prescribe({ refills: 0 });
        const download = (language?: string) =>
          s.t.app.inject({
            method: 'GET',
            url: `/api/v1/prescriptions/${p._id}/pdf`,
            headers: { ...bearer(s.patient), ...(language ? { 'accept-language': language } : {}) },
          });

        const spanish = await download('es');
        expect(spanish.statusCode).toBe(200);
        const es = pdfText(spanish.rawPayload);
        for (const words of [
          'Receta',
          `Código de verificación ${p.code}`,
          `Paciente: Zoë ${p.patient.lastname}`,
          'Fecha de nacimiento: 17 de mayo de 1990',
          'Medicamento: Metformin 500 mg, tablet',
          'Dosis: 1 × tablet, mañana y noche (2 veces al día)',
          'Cantidad: 60 × tablet por dispensación',
          'Reposiciones: ninguna',
          'Válida hasta: 30 de junio de 2027',
          'Instrucciones Take with food.',
          `Una farmacia puede comprobar esta receta en Tend con el código ${p.code}`,
        ]) {
          expect(es).toContain(words);
        }
        expect(es).not.toContain('Verification code');

        for (const language of [undefined, 'en', 'fr-FR,de;q=0.8']) {
          const text = pdfText((await download(language)).rawPayload);
          expect(text).toContain(`Verification code ${p.code}`);
          expect(text).toContain('Date of birth: 17 May 1990');
          expect(text).toContain('Dose: 1 × tablet, morning and night (2 times a day)');
        }
      } finally {
        await s.t.close();
      }
    });
  });

  describe('visits', () => {
    it('show in the calendar feed, notifications and receipts in each person’s language', async () => {
      const s = await appointmentScenario(dialect);
      try {
        await s.callExpecting(200, s.patient, 'PATCH', '/api/v1/me/update', { language: 'es' });
        await s.callExpecting(201, s.patient, 'POST', '/api/v1/medications', {
          name: 'Metformin',
          dosage: '500 mg',
          startdate: '2027-03-09',
          enddate: null,
          timefrequency: 'night',
        });
        const visit = await s.book(FIRST_SLOT);
        await s.callExpecting(200, s.doctor, 'POST', `/api/v1/appointments/${visit._id}/accept`);
        const feedOf = async (who: TestAccount) => {
          const address = (await s.call(who, 'GET', '/api/v1/me/calendar')).json<{
            url: string;
          }>().url;
          const res = await s.t.app.inject({ method: 'GET', url: new URL(address).pathname });
          expect(res.statusCode).toBe(200);
          return res.body;
        };

        const spanish = await feedOf(s.patient);
        expect(spanish).toContain('Tus citas y recordatorios de medicación');
        const events = readFeed(spanish).events;
        const dose = events.find((e) => e.uid.startsWith('medication-'));
        expect(dose?.summary).toBe('Tomar Metformin (500 mg)');
        expect(dose?.description).toBe(
          'Tu dosis de la noche. Márcala en Tend: http://localhost:3000/patient/daily-medication',
        );
        const cita = events.find((e) => e.uid.startsWith('visit-'));
        expect(cita?.summary).toMatch(/^Cita con Dr\. Ана /);
        expect(cita?.description).toContain('Motivo: Chest pain when climbing stairs');
        expect(cita?.description).toContain('Tus citas en Tend: http://localhost:3000/patient/');

        const english = readFeed(await feedOf(s.doctor)).events;
        expect(english[0]?.summary).toMatch(/^Visit with Zoë /);
        expect(english[0]?.description).toContain('Purpose: Chest pain when climbing stairs');

        // Her notification of the doctor's answer, in Spanish, the date in Spanish words.
        const notices = (
          await s.callExpecting(200, s.patient, 'GET', '/api/v1/notifications')
        ).json<{ notifications: Notification[] }>().notifications;
        const accepted = notices.find((n) => n.kind === 'appointment');
        expect(accepted?.title).toBe('Cita aceptada');
        expect(accepted?.body).toMatch(
          /^Dr\. Ана .* ha aceptado tu cita del lun, 22 mar 2027, 08:00 UTC\.$/,
        );

        await s.callExpecting(200, s.doctor, 'POST', `/api/v1/appointments/${visit._id}/payment`, {
          amount: 79.5,
          method: 'card',
        });
        const receipt = (language: string) =>
          s.t.app.inject({
            method: 'GET',
            url: `/api/v1/appointments/${visit._id}/receipt`,
            headers: { ...bearer(s.patient), 'accept-language': language },
          });
        const recibo = pdfText((await receipt('es')).rawPayload);
        for (const words of [
          'Recibo',
          'Paciente: Zoë',
          'Cita: Consulta presencial, 22 de marzo de 2027',
          'Forma de pago: Tarjeta',
          'Importe pagado: 79,50 €',
        ]) {
          expect(recibo).toContain(words);
        }
        const english2 = pdfText((await receipt('en-GB,en;q=0.9')).rawPayload);
        for (const words of [
          'Receipt',
          'Visit: In-person consultation, 22 March 2027, 09:00',
          'Method: Card',
          'Amount paid: €79.50',
        ]) {
          expect(english2).toContain(words);
        }
      } finally {
        await s.t.close();
      }
    });
  });
});
