import { pdfSaying } from '../../scripts/lib/small-pdf.ts';
import { addMedications, call, field } from './scenarios.ts';
import type { TendServer } from './server.ts';

/**
 * A patient and their doctor with a realistic amount of everything (issue 23): 20 medications with
 * half of today's doses ticked, 10 appointments, 20 messages, 10 reports, readings, a
 * prescription. Made through the API as people would, so every table the routes read is filled the
 * way the app fills it.
 */
export interface RealisticData {
  patient: { id: string; token: string };
  doctor: { id: string; token: string };
  /** An id of each kind of thing, for the routes' path parameters. */
  ids: {
    medication: string;
    appointment: string;
    conversation: string;
    report: string;
    prescription: string;
  };
}

const MEDICATIONS = 20;
const APPOINTMENTS = 10;
const MESSAGES = 20;
const REPORTS = 10;
const PASSWORD = 'bench passphrase 2026';

function text(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new Error(`seeding the realistic data: no ${what}`);
  return value;
}

async function account(
  app: TendServer,
  userType: 'patient' | 'doctor',
  email: string,
): Promise<{ id: string; token: string }> {
  const registered = await call(app, 'POST', '/api/v1/auth/register', 201, {
    body: {
      email,
      password: PASSWORD,
      firstname: userType === 'doctor' ? 'Ada' : 'Bench',
      lastname: userType === 'doctor' ? 'Doctor' : 'Patient',
      userType,
      timezone: 'UTC',
    },
  });
  const signedIn = await call(app, 'POST', '/api/v1/auth/sign-in', 200, {
    body: { email, password: PASSWORD },
  });
  return {
    id: text(field(field(registered, 'user'), '_id'), `${userType} id`),
    token: text(field(signedIn, 'accessToken'), `${userType} token`),
  };
}

async function uploadReport(app: TendServer, token: string, title: string): Promise<string> {
  const form = new FormData();
  form.append('title', title);
  form.append('file', new Blob([pdfSaying(title)], { type: 'application/pdf' }), 'report.pdf');
  const response = await fetch(`${app.baseUrl}/api/v1/reports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const answer = await response.text();
  if (response.status !== 201) {
    throw new Error(`POST /api/v1/reports on ${app.name} answered ${response.status}: ${answer}`);
  }
  return text(field(JSON.parse(answer), '_id'), 'report id');
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export async function seedRealisticData(app: TendServer): Promise<RealisticData> {
  const doctor = await account(app, 'doctor', 'bench-doctor@example.org');
  const patient = await account(app, 'patient', 'bench-realistic@example.org');
  const asPatient = { token: patient.token };
  const asDoctor = { token: doctor.token };

  const weekly = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' }));
  await call(app, 'PUT', '/api/v1/me/availability', 200, {
    ...asDoctor,
    body: { timezone: 'UTC', slotminutes: 30, weekly, daysoff: [] },
  });
  await call(app, 'POST', '/api/v1/care-links', 201, {
    ...asPatient,
    body: { doctorId: doctor.id },
  });

  const medication = (await addMedications(app, patient.token, MEDICATIONS)).at(-1) ?? '';

  const tomorrow = Date.now() + 86_400_000;
  const slots = field(
    await call(
      app,
      'GET',
      `/api/v1/doctors/${doctor.id}/slots?from=${isoDay(tomorrow)}&to=${isoDay(tomorrow + 20 * 86_400_000)}`,
      200,
      asPatient,
    ),
    'slots',
  );
  if (!Array.isArray(slots) || slots.length < APPOINTMENTS) {
    throw new Error(`the bench doctor on ${app.name} has too few free slots to book`);
  }
  let appointment = '';
  for (const slot of slots.slice(0, APPOINTMENTS)) {
    const booked = await call(app, 'POST', '/api/v1/appointments', 201, {
      ...asPatient,
      body: {
        doctorId: doctor.id,
        start: field(slot, 'start'),
        type: 'online',
        purpose: 'Follow-up',
      },
    });
    appointment = text(field(booked, '_id'), 'appointment id');
  }
  await call(app, 'POST', `/api/v1/appointments/${appointment}/accept`, 200, asDoctor);

  const conversation = text(
    field(
      await call(app, 'POST', '/api/v1/conversations', 201, {
        ...asDoctor,
        body: { withUserId: patient.id },
      }),
      '_id',
    ),
    'conversation id',
  );
  for (let i = 0; i < MESSAGES; i++) {
    await call(app, 'POST', `/api/v1/conversations/${conversation}/messages`, 201, {
      ...(i % 2 === 0 ? asPatient : asDoctor),
      body: { body: `Message ${i + 1}: how are the new tablets going?` },
    });
  }

  let report = '';
  for (let i = 0; i < REPORTS; i++) {
    report = await uploadReport(app, patient.token, `Blood test ${i + 1}`);
  }

  const takenat = new Date(Date.now() - 3_600_000).toISOString();
  for (const reading of [
    { kind: 'weight', value: 72.5, unit: 'kg' },
    { kind: 'height', value: 176, unit: 'cm' },
    { kind: 'heartrate', value: 64, unit: '/min' },
    { kind: 'bloodpressure', value: { systolic: 128, diastolic: 82 }, unit: 'mm[Hg]' },
  ]) {
    await call(app, 'POST', '/api/v1/measurements', 201, {
      ...asPatient,
      body: { ...reading, takenat },
    });
  }

  const prescription = text(
    field(
      await call(app, 'POST', '/api/v1/prescriptions', 201, {
        ...asDoctor,
        body: {
          patientId: patient.id,
          medication: { name: 'Metformin', strength: '500 mg', form: 'tablet' },
          dose: { amount: 1, unit: 'tablet', timesofday: ['day'] },
          quantity: 30,
          refills: 1,
          validuntil: isoDay(Date.now() + 60 * 86_400_000),
          instructions: 'Take with breakfast.',
        },
      }),
      '_id',
    ),
    'prescription id',
  );

  return {
    patient,
    doctor,
    ids: { medication, appointment, conversation, report, prescription },
  };
}
