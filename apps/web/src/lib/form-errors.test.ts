import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerRequestSchema } from '@tend/shared';
import { setLanguage } from '../i18n/i18n';
import { ApiRequestError } from './api-client';
import { NETWORK_ERROR_MESSAGE } from './api-error';
import { loadMessageCatalog, splitRequestError, zodFieldErrors } from './form-errors';

const schema = z.object({
  name: z.string().min(1, 'Enter a name.'),
  dose: z.object({
    amount: z.number({ error: 'Enter an amount.' }),
    times: z.array(z.enum(['day', 'night'], { error: 'Choose day or night.' })),
  }),
});
const parse = (input: unknown) => {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error('expected a failure');
  return parsed.error;
};

describe('zodFieldErrors', () => {
  it('names a flat field by its first part, as before', () => {
    const error = parse({ name: '', dose: { amount: 1, times: [] } });
    expect(zodFieldErrors(error)).toEqual({ name: 'Enter a name.' });
  });

  it('puts a nested message on the longest dotted field the form holds', () => {
    const error = parse({ name: 'x', dose: { times: ['noon'] } });
    expect(zodFieldErrors(error, ['name', 'dose.amount', 'dose.times'])).toEqual({
      'dose.amount': 'Enter an amount.',
      'dose.times': 'Choose day or night.',
    });
  });
});

describe('splitRequestError', () => {
  const serverError = (fields: Record<string, string>) =>
    new ApiRequestError({
      status: 400,
      code: 'invalid_input',
      message: 'Check the highlighted fields.',
      fields,
    });

  it('places the server’s dotted keys, an array item’s on its list', () => {
    const split = splitRequestError(
      serverError({ 'dose.amount': 'Too much.', 'dose.times.0': 'Choose day or night.' }),
      ['dose.amount', 'dose.times'],
    );
    expect(split).toEqual({
      fields: { 'dose.amount': 'Too much.', 'dose.times': 'Choose day or night.' },
      alert: null,
    });
  });

  it('keeps the alert when a problem has no field on the form', () => {
    const split = splitRequestError(serverError({ patientId: 'Choose a patient.' }), ['name']);
    expect(split).toEqual({ fields: {}, alert: 'Check the highlighted fields.' });
  });
});

describe('in Spanish', () => {
  afterEach(() => setLanguage('en'));

  it('shows the shared schemas’ messages in the page’s language', async () => {
    const parsed = registerRequestSchema.safeParse({
      email: 'not an address',
      firstname: '',
      lastname: 'x'.repeat(101),
      password: 'correct horse battery staple',
    });
    if (parsed.success) throw new Error('expected a failure');
    expect(zodFieldErrors(parsed.error)).toMatchObject({
      email: 'Enter a valid email address, like name@example.com.',
      firstname: 'Enter your first name.',
    });
    await setLanguage('es');
    await loadMessageCatalog();
    expect(zodFieldErrors(parsed.error)).toMatchObject({
      email: 'Escribe un correo electrónico válido, como nombre@ejemplo.com.',
      firstname: 'Escribe tu nombre.',
      lastname: 'Tu apellido puede tener como máximo 100 caracteres.',
    });
    expect(splitRequestError(new Error('offline'), []).alert).toBe(
      'Algo ha fallado. Inténtalo de nuevo.',
    );
  });

  it('leaves the server’s words as they came', async () => {
    await setLanguage('es');
    await loadMessageCatalog();
    const error = new ApiRequestError({
      status: 409,
      code: 'conflict',
      message: 'Alguien cambió esto en el mismo momento.',
      fields: {},
    });
    expect(splitRequestError(error, []).alert).toBe('Alguien cambió esto en el mismo momento.');
  });

  it('puts the web’s own words for a failed request in Spanish', async () => {
    await setLanguage('es');
    await loadMessageCatalog();
    const offline = new ApiRequestError({
      status: 0,
      code: 'network_error',
      message: NETWORK_ERROR_MESSAGE,
      fields: {},
    });
    expect(splitRequestError(offline, []).alert).toBe(
      'No se pudo conectar con Tend. Comprueba tu conexión e inténtalo de nuevo.',
    );
  });
});
