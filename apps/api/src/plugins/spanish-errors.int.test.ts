import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../test/helper.ts';
import { bearer, createAccount, type TestAccount } from '../../test/accounts.ts';

// Errors answer in the language of the request's Accept-Language (the web app sends the page's),
// English when none of Tend's languages is asked for (docs/decisions/033-spanish-messages.md).
describe.each(testDialects())('error messages in the request’s language, on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  const badSignUp = {
    email: 'not an address',
    firstname: '',
    lastname: 'x'.repeat(101),
    password: 'short',
    pharmacy: { name: 'Farmacia' },
  };
  const register = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: badSignUp, headers });

  it('answers a bad sign-up in English without Accept-Language, word for word as before', async () => {
    const res = await register();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'invalid_input',
        message: 'Some of what was sent is not valid. Check the highlighted fields.',
        fields: {
          email: 'Enter a valid email address, like name@example.com.',
          firstname: 'Enter your first name.',
          lastname: 'Your last name can be at most 100 characters.',
          password: 'Use at least 8 characters.',
          'pharmacy.licencenumber': "Enter the pharmacy's licence number.",
          'pharmacy.address': "Enter the pharmacy's street address.",
          'pharmacy.city': "Enter the pharmacy's city.",
          'pharmacy.postcode': "Enter the pharmacy's post code.",
          'pharmacy.country': "Enter the pharmacy's country.",
          'pharmacy.phone': "Enter the pharmacy's phone number.",
          'pharmacy.openinghours':
            'Enter the opening hours, e.g. Mon–Fri 9:00–18:00, Sat 9:00–13:00.',
        },
      },
    });
  });

  it('answers the same sign-up in Spanish: the message and every field', async () => {
    const res = await register({ 'accept-language': 'es' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'invalid_input',
        message: 'Parte de lo enviado no es válido. Revisa los campos marcados.',
        fields: {
          email: 'Escribe un correo electrónico válido, como nombre@ejemplo.com.',
          firstname: 'Escribe tu nombre.',
          lastname: 'Tu apellido puede tener como máximo 100 caracteres.',
          password: 'Usa al menos 8 caracteres.',
          'pharmacy.licencenumber': 'Escribe el número de licencia de la farmacia.',
          'pharmacy.address': 'Escribe la dirección de la farmacia.',
          'pharmacy.city': 'Escribe la ciudad de la farmacia.',
          'pharmacy.postcode': 'Escribe el código postal de la farmacia.',
          'pharmacy.country': 'Escribe el país de la farmacia.',
          'pharmacy.phone': 'Escribe el teléfono de la farmacia.',
          'pharmacy.openinghours':
            'Escribe el horario, p. ej., lun–vie 9:00–18:00, sáb 9:00–13:00.',
        },
      },
    });
  });

  it('follows the q-values of Accept-Language, English when no language of Tend is wanted', async () => {
    const spanish = 'Parte de lo enviado no es válido. Revisa los campos marcados.';
    const english = 'Some of what was sent is not valid. Check the highlighted fields.';
    const messageFor = async (header: string) =>
      (await register({ 'accept-language': header })).json<{ error: { message: string } }>().error
        .message;
    expect(await messageFor('es-MX,es;q=0.9,en;q=0.8')).toBe(spanish);
    expect(await messageFor('en;q=0.4, es;q=0.9')).toBe(spanish);
    expect(await messageFor('fr-FR, de;q=0.8')).toBe(english);
    expect(await messageFor('en-GB,en;q=0.9,es;q=0.5')).toBe(english);
  });

  describe('signed in', () => {
    let patient: TestAccount;
    beforeEach(async () => {
      patient = await createAccount(t, 'patient');
    });

    it('puts an AppError in Spanish, values and all', async () => {
      const missing = await t.app.inject({
        method: 'GET',
        url: '/api/v1/medications/00000000-0000-4000-8000-000000000000',
        headers: { ...bearer(patient), 'accept-language': 'es' },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({
        error: { code: 'not_found', message: 'No existe ese medicamento.' },
      });
      const english = await t.app.inject({
        method: 'GET',
        url: '/api/v1/medications/00000000-0000-4000-8000-000000000000',
        headers: bearer(patient),
      });
      expect(english.json()).toEqual({
        error: { code: 'not_found', message: 'There is no such medication.' },
      });

      const doctorsOnly = await t.app.inject({
        method: 'GET',
        url: '/api/v1/patients',
        headers: { ...bearer(patient), 'accept-language': 'es' },
      });
      expect(doctorsOnly.statusCode).toBe(403);
      expect(doctorsOnly.json().error.message).toBe('Esto es solo para médicos.');
    });

    it('puts each refused row of a CSV import in Spanish', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/measurements/import',
        headers: { ...bearer(patient), 'content-type': 'text/csv', 'accept-language': 'es' },
        payload: [
          'takenat,kind,value,unit',
          '2026-11-02T09:00:00Z,heartrate,70,/min',
          '2026-11-02T09:00:00Z,weight,2000,kg',
          '2026-11-02T09:00:00Z,mood,3,',
        ].join('\n'),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: {
          code: 'import_rejected',
          message: '2 de 3 filas no se pueden importar, así que no se ha importado nada.',
        },
        rows: [
          { line: 2, accepted: true, reason: null },
          { line: 3, accepted: false, reason: 'El peso debe estar entre 0.3 y 650 kg.' },
          {
            line: 4,
            accepted: false,
            reason:
              '“mood” no es un tipo: usa weight, height, bloodpressure, heartrate, glucose, temperature, spo2.',
          },
        ],
      });
    });
  });

  it('answers the framework’s own errors in Spanish too', async () => {
    const es = { 'accept-language': 'es' };
    const nothing = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here', headers: es });
    expect(nothing.statusCode).toBe(404);
    expect(nothing.json().error.message).toBe('No hay nada en GET /api/v1/nothing-here.');

    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { ...es, 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error.message).toBe('El cuerpo de la solicitud no es JSON válido.');

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: es });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.message).not.toMatch(/sign in/i);
    expect(anonymous.json().error.message).toMatch(/sesión/);
  });
});
