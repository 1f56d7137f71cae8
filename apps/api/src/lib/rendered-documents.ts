import { createHash } from 'node:crypto';

/**
 * Rendered documents (a prescription's or a receipt's PDF) kept by what was printed on them: the
 * same facts give the same document, so it is drawn once rather than on every download (pdfkit
 * reads and subsets the fonts each time: tens of milliseconds of CPU). Anything printed changing
 * (a status, a fill, a name) changes the key, so a stale document is never handed out. Bounded by
 * total bytes, least recently used first out.
 */
export function renderedDocuments<T>(render: (facts: T) => Promise<Buffer>, maxBytes = 8 << 20) {
  const kept = new Map<string, Buffer>();
  let bytes = 0;
  return async (facts: T): Promise<Buffer> => {
    const key = createHash('sha256').update(JSON.stringify(facts)).digest('base64url');
    const known = kept.get(key);
    if (known) {
      kept.delete(key);
      kept.set(key, known);
      return known;
    }
    const document = await render(facts);
    if (document.length > maxBytes) return document;
    kept.set(key, document);
    bytes += document.length;
    for (const [oldKey, old] of kept) {
      if (bytes <= maxBytes) break;
      kept.delete(oldKey);
      bytes -= old.length;
    }
    return document;
  };
}
