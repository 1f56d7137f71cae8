import { fileURLToPath } from 'node:url';
import type { Prescription } from '@tend/shared';
import { renderedDocuments } from '../../lib/rendered-documents.ts';

// DejaVu Sans covers Latin, Greek and Cyrillic, so every name prints as typed (as receipts do).
const FONT_DIR = fileURLToPath(new URL('../../../assets/fonts/', import.meta.url));
const REGULAR = `${FONT_DIR}DejaVuSans.ttf`;
const BOLD = `${FONT_DIR}DejaVuSans-Bold.ttf`;

const TIME_WORDS = { day: 'morning', afternoon: 'afternoon', night: 'night' } as const;
const QR_SIZE = 130;

/** "2027-03-22" → "22 March 2027": a date-only value, so no time zone can move it. */
function longDate(date: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

function doseWords(p: Prescription): string {
  const times = p.dose.timesofday.map((t) => TIME_WORDS[t]);
  const when = times.length > 1 ? `${times.slice(0, -1).join(', ')} and ${times.at(-1)}` : times[0];
  const often = times.length === 1 ? 'once a day' : `${times.length} times a day`;
  // "2 × tablet": the unit is free text (tablet, ml, puff), so no plural is guessed.
  return `${p.dose.amount} × ${p.dose.unit}, ${when ?? ''} (${often})`;
}

/**
 * A one-page A4 prescription to take to a pharmacy: who wrote it for whom, what and how much, until
 * when, and its code in letters and as a QR code, which a pharmacy types or scans to verify it.
 */
async function drawPrescription(p: Prescription): Promise<Buffer> {
  // Loaded with the first PDF: pdfkit and qrcode are idle memory otherwise.
  const [{ default: PDFDocument }, { default: QRCode }] = await Promise.all([
    import('pdfkit'),
    import('qrcode'),
  ]);
  const qr = await QRCode.toBuffer(p.code, { errorCorrectionLevel: 'M', margin: 2, scale: 8 });
  const doctor = `Dr. ${p.doctor.firstname} ${p.doctor.lastname}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `Prescription ${p.code}`, Author: doctor, Creator: 'Tend' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);

  const top = doc.y;
  doc.image(qr, doc.page.width - doc.page.margins.right - QR_SIZE, top, { width: QR_SIZE });
  const textWidth = doc.page.width - doc.page.margins.left - doc.page.margins.right - QR_SIZE - 16;
  doc.font('bold').fontSize(22).text('Prescription', { width: textWidth });
  doc.moveDown(0.5);
  doc.font('regular').fontSize(11).text('Verification code', { width: textWidth });
  doc.font('bold').fontSize(18).text(p.code, { width: textWidth, characterSpacing: 1 });
  if (p.status !== 'active') {
    doc.font('bold').fontSize(12).text(`Status: ${p.status.toUpperCase()}`, { width: textWidth });
  }
  doc.y = Math.max(doc.y, top + QR_SIZE) + 12;

  const line = (label: string, value: string) => {
    doc.font('bold').text(label, { continued: true }).font('regular').text(`  ${value}`);
  };
  doc.fontSize(12);
  line('Doctor:', p.doctor.specialty ? `${doctor}, ${p.doctor.specialty}` : doctor);
  line('Patient:', `${p.patient.firstname} ${p.patient.lastname}`);
  line('Date of birth:', p.patient.dateofbirth ? longDate(p.patient.dateofbirth) : 'not given');
  doc.moveDown();
  line('Medication:', `${p.medication.name} ${p.medication.strength}, ${p.medication.form}`);
  line('Dose:', doseWords(p));
  line('Quantity:', `${p.quantity} × ${p.dose.unit} per fill`);
  line('Refills:', p.refills === 0 ? 'none' : String(p.refills));
  line('Valid until:', longDate(p.validuntil));
  line('Written on:', longDate(p.createdAt.slice(0, 10)));
  doc.moveDown();
  doc.font('bold').text('Instructions');
  doc.font('regular').text(p.instructions);
  doc.moveDown(2);
  doc
    .fontSize(9)
    .fillColor('#444444')
    .text(
      `A pharmacy can check this prescription in Tend with the code ${p.code} or by scanning the QR code.`,
    );
  doc.end();
  return done;
}

/** Drawn once per distinct Prescription (lib/rendered-documents.ts). */
export const renderPrescription = renderedDocuments(drawPrescription);
