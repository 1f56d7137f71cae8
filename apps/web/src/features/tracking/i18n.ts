import { registerCatalog } from '../../i18n/i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/** The words of a doctor's view of their patients: adherence, doses and flags. */
export const useTrackingT = registerCatalog('tracking', en, es);

/** The tracking `t`, for the helpers that make words outside components. */
export type TrackingT = ReturnType<typeof useTrackingT>['t'];
