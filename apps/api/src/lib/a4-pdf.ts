import { fileURLToPath } from 'node:url';

// DejaVu Sans covers Latin, Greek and Cyrillic, so every name prints as typed (licence beside the fonts).
const FONT_DIR = fileURLToPath(new URL('../../assets/fonts/', import.meta.url));

/**
 * An A4 document with Tend's margin and fonts ('regular' and 'bold'), and the bytes it will be once
 * `doc.end()` is called. pdfkit is loaded with the first document: 15 MB of an idle server's memory
 * otherwise.
 */
export async function startA4Pdf(info: { Title: string; Author: string }) {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { ...info, Creator: 'Tend' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', `${FONT_DIR}DejaVuSans.ttf`);
  doc.registerFont('bold', `${FONT_DIR}DejaVuSans-Bold.ttf`);
  return { doc, done };
}
