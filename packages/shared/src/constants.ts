// Fixed values from SPEC.md §3, §5 and §9 that both the browser and the server rely on.
export const BLOOD_GROUPS = ['A', 'AB', 'B', 'O'] as const;
export type BloodGroup = (typeof BLOOD_GROUPS)[number];

export const TIME_FREQUENCIES = ['day', 'afternoon', 'night'] as const;
export type TimeFrequency = (typeof TIME_FREQUENCIES)[number];

/** The three kinds of people of Tend; a pharmacy is the third role (DESIGN.md). */
export const USER_TYPES = ['patient', 'doctor', 'pharmacy'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/gif', 'image/png'] as const;
export const UPLOAD_HINT = 'Allowed JPG, GIF or PNG, Max size of 2MB';

/** The spec's session storage keys (SPEC.md §3). */
export const SESSION_KEYS = { userType: 'userType', userToken: 'userToken' } as const;

export const API_PREFIX = '/api/v1';

/**
 * A cookie that says only "this browser holds a refresh cookie", set and cleared with it
 * (docs/decisions/023-signed-in-in-every-tab.md). Not a secret and not proof of anything: the
 * server reads it to send a page of an area straight to sign-in, the browser to know whether
 * asking for a new access token is worth a request. The refresh call still decides.
 */
export const SESSION_HINT_COOKIE = 'tend_session';

/** The page paths that need a session: the three areas and the video visits (the web app's router). */
export const SIGNED_IN_PAGE_PREFIXES = ['/patient', '/doctor', '/pharmacy', '/visit'] as const;

/**
 * Per-person caps (DESIGN.md "Reliability rules"): far above what a person reaches honestly, low enough
 * that one account cannot grow a list, a page or a query without bound.
 */
export const MAX_ACTIVE_MEDICATIONS = 500;
export const MAX_MEDICATIONS = 5000;
export const MAX_DOCTORS_PER_PATIENT = 100;
export const MAX_PATIENTS_PER_DOCTOR = 2000;
