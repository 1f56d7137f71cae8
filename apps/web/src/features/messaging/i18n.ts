import { registerCatalog } from '../../i18n/i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/** The messaging pages' words: conversations and messages. */
export const useMessagingT = registerCatalog('messaging', en, es);

/** The messaging `t`, for the helpers that make words outside components. */
export type MessagingT = ReturnType<typeof useMessagingT>['t'];
