import { addEnglishWords } from '../i18n/i18n';
import en from './locales/en.json';

// The English of the shared components the app and sign-in draw (dialogs, lists, two-step
// sign-in, the 404 and error pages), in the shell's namespace (i18n/common.ts), which fetches their
// Spanish with its own. Imported by the app's and sign-in's frames (app-providers.tsx,
// sign-in-app.tsx), not by the landing page, which draws none of these and so leaves them out of
// its first download: a component using these words drawn there would show their keys.
addEnglishWords('common', en);
