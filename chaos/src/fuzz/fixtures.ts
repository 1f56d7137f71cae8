/**
 * The people and records the fuzz sends requests against: a patient (with medications) sharing
 * with a doctor, and another patient and doctor whose ids it tries to reach. A request the server
 * accepts may sign an actor out, delete their account or end the link; ensure() puts it all back.
 */
import type { App } from '../../../apps/api/src/app.ts';
import { ACTOR_PASSWORD, type Ref } from './schema-values.ts';

interface Actor {
  id: string;
  email: string;
  token: string;
}

let registrations = 0;

function expect(status: number, wanted: number, what: string, body: string): void {
  if (status !== wanted)
    throw new Error(`fuzz set-up: ${what} answered ${status}: ${body.slice(0, 300)}`);
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

export class Fixtures {
  patient!: Actor;
  doctor!: Actor;
  private refs = new Map<Ref, string>();

  private readonly app: App;

  constructor(app: App) {
    this.app = app;
  }

  private async call(method: 'GET' | 'POST', url: string, token?: string, payload?: object) {
    return this.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
      remoteAddress: '198.51.100.1',
    });
  }

  private async register(userType: 'patient' | 'doctor'): Promise<Actor> {
    registrations += 1;
    const email = `fuzz-${userType}-${registrations}@chaos.example.org`;
    // Each registration from its own address: the per-address sign-up limit is not what is tested here.
    const registered = await this.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: {
        email,
        password: ACTOR_PASSWORD,
        firstname: 'Fuzz',
        lastname: userType,
        userType,
        timezone: 'UTC',
      },
      remoteAddress: `198.51.${100 + (registrations >> 8)}.${registrations & 255}`,
    });
    expect(registered.statusCode, 201, 'register', registered.body);
    const signedIn = await this.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email, password: ACTOR_PASSWORD },
      remoteAddress: `198.51.${100 + (registrations >> 8)}.${registrations & 255}`,
    });
    expect(signedIn.statusCode, 200, 'sign-in', signedIn.body);
    const body = signedIn.json<{ accessToken: string; user: { _id: string } }>();
    return { id: body.user._id, email, token: body.accessToken };
  }

  private async medicationOf(owner: Actor): Promise<string> {
    const res = await this.call('POST', '/api/v1/medications', owner.token, {
      name: 'Fuzzamol',
      startdate: new Date().toISOString().slice(0, 10),
      timefrequency: 'day',
    });
    expect(res.statusCode, 201, 'create medication', res.body);
    return res.json<{ _id: string }>()._id;
  }

  private async link(): Promise<void> {
    const res = await this.call('POST', '/api/v1/care-links', this.patient.token, {
      doctorId: this.doctor.id,
    });
    expect(res.statusCode, 201, 'share with doctor', res.body);
    this.refs.set('linkId', res.json<{ _id: string }>()._id);
  }

  async setUp(): Promise<void> {
    const other = await this.register('patient');
    this.refs.set('otherPatient', other.id);
    this.refs.set('otherMedication', await this.medicationOf(other));
    this.refs.set('unlinkedDoctor', (await this.register('doctor')).id);
    this.patient = await this.register('patient');
    this.doctor = await this.register('doctor');
    await this.ensure();
  }

  private async alive(actor: Actor): Promise<boolean> {
    return (await this.call('GET', '/api/v1/me', actor.token)).statusCode === 200;
  }

  /** A new session for an actor who was signed out; false when the password changed or the account went. */
  private async signInAgain(actor: Actor): Promise<boolean> {
    const res = await this.call('POST', '/api/v1/auth/sign-in', undefined, {
      email: actor.email,
      password: ACTOR_PASSWORD,
    });
    if (res.statusCode !== 200) return false;
    actor.token = res.json<{ accessToken: string }>().accessToken;
    return true;
  }

  /** Puts back whatever an accepted request took away. */
  async ensure(): Promise<void> {
    let relink = false;
    if (!(await this.alive(this.patient)) && !(await this.signInAgain(this.patient))) {
      this.patient = await this.register('patient');
      this.refs.delete('ownMedication');
      relink = true;
    }
    if (!(await this.alive(this.doctor)) && !(await this.signInAgain(this.doctor))) {
      this.doctor = await this.register('doctor');
      relink = true;
    }
    this.refs.set('ownPatient', this.patient.id);
    this.refs.set('linkedDoctor', this.doctor.id);
    const own = this.refs.get('ownMedication');
    if (
      !own ||
      (await this.call('GET', `/api/v1/medications/${own}`, this.patient.token)).statusCode !== 200
    ) {
      this.refs.set('ownMedication', await this.medicationOf(this.patient));
    }
    if (!relink) {
      const links = await this.call('GET', '/api/v1/care-links', this.patient.token);
      relink = !links.body.includes(`"${this.refs.get('linkId') ?? 'none'}"`);
    }
    if (relink) await this.link();
  }

  /** Replaces @@ref@@ placeholders with ids and tokens that exist now. */
  resolve(text: string): string {
    return text.replace(/@@(\w+)@@/g, (_match, name: string) => {
      if (name === 'patientToken') return this.patient.token;
      if (name === 'tamperedToken') {
        const [header, , signature] = this.patient.token.split('.');
        return `${header}.${base64url({ sub: this.patient.id, role: 'doctor' })}.${signature}`;
      }
      if (name === 'forgedToken') {
        return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub: this.doctor.id, role: 'doctor', exp: 4102444800 })}.`;
      }
      return this.refs.get(name as Ref) ?? name;
    });
  }
}
