import { registerCatalog } from '../../i18n/i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/** The health measurements' words: readings, charts, targets, import and export. */
export const useMeasurementsT = registerCatalog('measurements', en, es);

/** The measurements' `t`, for the helpers that make words outside components. */
export type MeasurementsT = ReturnType<typeof useMeasurementsT>['t'];
