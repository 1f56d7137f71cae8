/** The languages Tend speaks (DESIGN "Interop and reach"): a person's choice, kept in their profile. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
