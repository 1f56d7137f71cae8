import { moneyFormatOptions, type Language } from '@tend/shared';
import { DATE_LOCALES, NUMBER_LOCALES, textsFor } from '../../i18n/texts.ts';
import { startA4Pdf } from '../../lib/a4-pdf.ts';
import { renderedDocuments } from '../../lib/rendered-documents.ts';

export interface ReceiptData {
  number: string;
  paidAt: string;
  amountCents: number;
  /** The clinic's currency (ISO 4217) the amount is in. */
  currency: string;
  method: 'cash' | 'card' | 'insurance' | 'other';
  visitStart: string;
  visitType: 'in_person' | 'online';
  /** The doctor's time zone: the visit's date and time are printed as their practice keeps them. */
  timeZone: string;
  doctor: { name: string; specialty: string | null; location: string | null };
  patient: { name: string };
  /** The language it is printed in: the one the download asked for. */
  language: Language;
}

function when(iso: string, timeZone: string, withTime: boolean, language: Language) {
  const locale = DATE_LOCALES[language];
  const date = new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'long' }).format(
    new Date(iso),
  );
  if (!withTime) return date;
  const time = new Intl.DateTimeFormat(locale, {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
  return `${date}, ${time}`;
}

/** "€1,234.50" in English, "1234,50 €" in Spanish: the currency as the language writes it. */
function amount(cents: number, currency: string, language: Language): string {
  return new Intl.NumberFormat(NUMBER_LOCALES[language], moneyFormatOptions(currency)).format(
    cents / 100,
  );
}

/** A one-page A4 receipt of a paid visit. */
async function drawReceipt(r: ReceiptData): Promise<Buffer> {
  const t = textsFor(r.language);
  const { doc, done } = await startA4Pdf({
    Title: t('receiptPdf.documentTitle', { number: r.number }),
    Author: r.doctor.name,
  });

  doc.font('bold').fontSize(22).text(t('receiptPdf.heading'));
  doc
    .font('regular')
    .fontSize(11)
    .text(t('receiptPdf.number', { number: r.number }))
    .moveDown(1.5);

  const line = (label: string, value: string) => {
    doc.font('bold').text(label, { continued: true }).font('regular').text(`  ${value}`);
  };
  doc.fontSize(12);
  line(t('receiptPdf.doctor'), r.doctor.name);
  if (r.doctor.specialty) line(t('receiptPdf.specialty'), r.doctor.specialty);
  if (r.doctor.location) line(t('receiptPdf.practice'), r.doctor.location);
  doc.moveDown();
  line(t('receiptPdf.patient'), r.patient.name);
  doc.moveDown();
  line(
    t('receiptPdf.visit'),
    `${t(`receiptPdf.types.${r.visitType}`)}, ${when(r.visitStart, r.timeZone, true, r.language)}`,
  );
  line(t('receiptPdf.paidOn'), when(r.paidAt, r.timeZone, false, r.language));
  line(t('receiptPdf.method'), t(`receiptPdf.methods.${r.method}`));
  doc.moveDown();
  doc
    .font('bold')
    .fontSize(16)
    .text(t('receiptPdf.amountPaid', { amount: amount(r.amountCents, r.currency, r.language) }));
  doc.end();
  return done;
}

/** Drawn once per distinct ReceiptData (lib/rendered-documents.ts). */
export const renderReceipt = renderedDocuments(drawReceipt);
