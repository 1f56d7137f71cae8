import { fileURLToPath } from 'node:url';
import { renderedDocuments } from '../../lib/rendered-documents.ts';

// DejaVu Sans covers Latin, Greek and Cyrillic, so every name prints as typed (licence beside the fonts).
const FONT_DIR = fileURLToPath(new URL('../../../assets/fonts/', import.meta.url));
const REGULAR = `${FONT_DIR}DejaVuSans.ttf`;
const BOLD = `${FONT_DIR}DejaVuSans-Bold.ttf`;

export interface ReceiptData {
  number: string;
  paidAt: string;
  amountCents: number;
  method: 'cash' | 'card' | 'insurance' | 'other';
  visitStart: string;
  visitType: 'in_person' | 'online';
  /** The doctor's time zone: the visit's date and time are printed as their practice keeps them. */
  timeZone: string;
  doctor: { name: string; specialty: string | null; location: string | null };
  patient: { name: string };
}

const METHOD_WORDS = { cash: 'Cash', card: 'Card', insurance: 'Insurance', other: 'Other' };
const TYPE_WORDS = { in_person: 'In-person consultation', online: 'Online consultation' };

function when(iso: string, timeZone: string, withTime: boolean) {
  const date = new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'long' }).format(
    new Date(iso),
  );
  if (!withTime) return date;
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
  return `${date}, ${time}`;
}

/** A one-page A4 receipt of a paid visit. */
async function drawReceipt(r: ReceiptData): Promise<Buffer> {
  // Loaded with the first receipt: pdfkit is 15 MB of an idle server's memory otherwise.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `Receipt ${r.number}`, Author: r.doctor.name, Creator: 'Tend' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);

  doc.font('bold').fontSize(22).text('Receipt');
  doc.font('regular').fontSize(11).text(`No. ${r.number}`).moveDown(1.5);

  const line = (label: string, value: string) => {
    doc.font('bold').text(label, { continued: true }).font('regular').text(`  ${value}`);
  };
  doc.fontSize(12);
  line('Doctor:', r.doctor.name);
  if (r.doctor.specialty) line('Specialty:', r.doctor.specialty);
  if (r.doctor.location) line('Practice:', r.doctor.location);
  doc.moveDown();
  line('Patient:', r.patient.name);
  doc.moveDown();
  line('Visit:', `${TYPE_WORDS[r.visitType]}, ${when(r.visitStart, r.timeZone, true)}`);
  line('Paid on:', when(r.paidAt, r.timeZone, false));
  line('Method:', METHOD_WORDS[r.method]);
  doc.moveDown();
  doc
    .font('bold')
    .fontSize(16)
    .text(`Amount paid: ${(r.amountCents / 100).toFixed(2)}`);
  doc.end();
  return done;
}

/** Drawn once per distinct ReceiptData (lib/rendered-documents.ts). */
export const renderReceipt = renderedDocuments(drawReceipt);
