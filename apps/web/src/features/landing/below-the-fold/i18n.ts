import { addEnglishWords } from '../../../i18n/i18n';
import en from './locales/en.json';

// The sections' English comes with their code, so the landing page's first download has none of
// it; their Spanish is fetched with the rest of the page's (../i18n.ts).
addEnglishWords('landing', en);
