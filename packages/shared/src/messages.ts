import { LANGUAGES, type Language } from './languages.ts';

// The API's error messages and the shared schemas' validation messages are written in English at
// their call sites (SPEC texts; tests compare them). Another language's words are looked up by the
// English sentence itself, gettext style (docs/decisions/033-spanish-messages.md): an exact entry
// first, else an entry whose {{placeholders}} match the parts built from values ("At most {{max}}
// characters."), the values themselves looked up again ("first name" → "nombre"), numbers and
// names kept. The Spanish catalog is messages-es.ts ('@tend/shared/messages-es'), apart from this
// file so that the web app loads it only for a page in Spanish.

/** A language's words for English messages, keyed by the English (with {{placeholders}}). */
export type MessageCatalog = Readonly<Record<string, string>>;

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

interface Pattern {
  regex: RegExp;
  names: string[];
  spanish: string;
  /** Characters of fixed text: the more, the more specific, so the first tried. */
  weight: number;
}

const patternsOf = new WeakMap<MessageCatalog, Pattern[]>();

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function compiledPatterns(catalog: MessageCatalog): Pattern[] {
  const known = patternsOf.get(catalog);
  if (known) return known;
  const list: Pattern[] = [];
  for (const [english, spanish] of Object.entries(catalog)) {
    if (!english.includes('{{')) continue;
    const names: string[] = [];
    let source = '';
    let last = 0;
    for (const match of english.matchAll(PLACEHOLDER)) {
      source += escapeRegExp(english.slice(last, match.index));
      source += '([\\s\\S]*?)';
      names.push(match[1]!);
      last = match.index + match[0].length;
    }
    source += escapeRegExp(english.slice(last));
    list.push({
      regex: new RegExp(`^${source}$`),
      names,
      spanish,
      weight: english.replace(PLACEHOLDER, '').length,
    });
  }
  list.sort((a, b) => b.weight - a.weight);
  patternsOf.set(catalog, list);
  return list;
}

/** "100,000" as Spanish writes it, "100.000"; other values as they are. */
function spanishNumber(value: string): string {
  return /^\d{1,3}(,\d{3})+$/.test(value) ? value.replaceAll(',', '.') : value;
}

function translate(message: string, catalog: MessageCatalog, depth: number): string {
  if (Object.hasOwn(catalog, message)) return catalog[message]!;
  if (depth > 0 && /^[\d,]+$/.test(message)) return spanishNumber(message);
  // A value inside a value inside a message at most ("Choose a different password: Use at least…").
  if (depth > 3 || message.length === 0) return message;
  // Messages joined into one (a CSV row's "Enter the value as a number. A reading cannot be in the
  // future."): each sentence on its own, when each is a message of the catalog.
  if (depth === 0) {
    const sentences = message.split(/(?<=[.!?])\s+(?=[A-Z“"])/);
    if (sentences.length > 1) {
      const spanish = sentences.map((sentence) => translate(sentence, catalog, depth + 1));
      if (spanish.every((sentence, i) => sentence !== sentences[i])) return spanish.join(' ');
    }
  }
  for (const pattern of compiledPatterns(catalog)) {
    const match = pattern.regex.exec(message);
    if (!match) continue;
    const values = new Map(
      pattern.names.map((name, i) => [name, translate(match[i + 1] ?? '', catalog, depth + 1)]),
    );
    return pattern.spanish.replace(PLACEHOLDER, (_, name: string) => values.get(name) ?? '');
  }
  return message;
}

/**
 * `english` in the language of `catalog`: its entry for the sentence, else an entry whose
 * placeholders match, else the English unchanged.
 */
export function translateWithCatalog(english: string, catalog: MessageCatalog): string {
  return translate(english, catalog, 0);
}

/**
 * The language an Accept-Language header asks for: the most preferred (by q-value, then order)
 * that Tend speaks, "es-MX" counting as Spanish; English when none is given or none is spoken.
 */
export function acceptedLanguage(header: string | readonly string[] | undefined): Language {
  const value = Array.isArray(header) ? header.join(',') : (header as string | undefined);
  if (!value) return 'en';
  let best: { language: Language; q: number } | undefined;
  for (const part of value.slice(0, 1000).split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    let q = 1;
    for (const param of params) {
      const [name, weight] = param.trim().split('=');
      if (name?.trim().toLowerCase() === 'q') q = Number(weight);
    }
    if (!(q > 0)) continue;
    const base = tag.trim().toLowerCase().split('-')[0];
    const language = base === '*' ? 'en' : LANGUAGES.find((l) => l === base);
    if (language && (!best || q > best.q)) best = { language, q };
  }
  return best?.language ?? 'en';
}
