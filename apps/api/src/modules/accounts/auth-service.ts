import type { Db } from '../../db/database.ts';
import { createLiveSessions } from './live-sessions.ts';
import type { PharmacyDetailsPort } from './pharmacy-details.ts';
import { createRegistration, noRegistrationMail, type RegistrationMail } from './registration.ts';
import { askEveryTime, type SessionCheck } from './session-cache.ts';
import { createSessionIssuing } from './session-issuing.ts';
import { createSignIn, type SecondStepGate } from './sign-in.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';
import type { TokenService } from './tokens.ts';

export interface AuthServiceOptions {
  db: Db;
  tokens: TokenService;
  throttle: SignInThrottle;
  /** A pharmacy's details, kept by the pharmacies module. */
  pharmacyDetails: PharmacyDetailsPort;
  sessions?: SessionCheck;
  registrationMail?: RegistrationMail;
  secondStep?: SecondStepGate;
}

/** The public half of identity: registration, sign-in, and a session's refresh, check and end. */
export function createAuthService({
  db,
  tokens,
  throttle,
  pharmacyDetails,
  sessions = askEveryTime(db),
  registrationMail = noRegistrationMail,
  secondStep = async () => null,
}: AuthServiceOptions) {
  const issuing = createSessionIssuing(tokens);
  return {
    ...createRegistration({ db, pharmacyDetails, registrationMail }),
    ...createSignIn({ db, throttle, issuing, secondStep }),
    ...createLiveSessions({ db, tokens, issuing, sessions }),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
