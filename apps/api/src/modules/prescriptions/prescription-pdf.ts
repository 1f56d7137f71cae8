import { currentFill, fillLine, type Language, type Prescription } from '@tend/shared';
import { DATE_LOCALES, NUMBER_LOCALES, textsFor } from '../../i18n/texts.ts';
import { startA4Pdf } from '../../lib/a4-pdf.ts';
import { renderedDocuments } from '../../lib/rendered-documents.ts';

const QR_SIZE = 130;

/** What a prescription's PDF prints, and in which language. */
export interface PrescriptionPrint {
  prescription: Prescription;
  language: Language;
}

/** "2027-03-22" → "22 March 2027": a date-only value, so no time zone can move it. */
function longDate(date: string, language: Language): string {
  return new Intl.DateTimeFormat(DATE_LOCALES[language], {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

function doseWords(p: Prescription, language: Language): string {
  const t = textsFor(language);
  const times = p.dose.timesofday.map((time) => t(`prescriptionPdf.times.${time}`));
  const when =
    times.length > 1
      ? t('prescriptionPdf.timesList', { first: times.slice(0, -1).join(', '), last: times.at(-1) })
      : times[0];
  const often =
    times.length === 1
      ? t('prescriptionPdf.onceADay')
      : t('prescriptionPdf.timesADay', { n: times.length });
  // "2 × tablet": the unit is free text (tablet, ml, puff), so no plural is guessed.
  return t('prescriptionPdf.doseValue', {
    amount: new Intl.NumberFormat(NUMBER_LOCALES[language], {
      maximumFractionDigits: 3,
      useGrouping: false,
    }).format(p.dose.amount),
    unit: p.dose.unit,
    when: when ?? '',
    often,
  });
}

/**
 * A one-page A4 prescription to take to a pharmacy: who wrote it for whom, what and how much, until
 * when, and its code in letters and as a QR code, which a pharmacy types or scans to verify it.
 */
async function drawPrescription({ prescription: p, language }: PrescriptionPrint): Promise<Buffer> {
  const t = textsFor(language);
  // Loaded with the first PDF: qrcode is idle memory otherwise (and pdfkit, in startA4Pdf).
  const { default: QRCode } = await import('qrcode');
  const qr = await QRCode.toBuffer(p.code, { errorCorrectionLevel: 'M', margin: 2, scale: 8 });
  const doctor = `Dr. ${p.doctor.firstname} ${p.doctor.lastname}`;
  const { doc, done } = await startA4Pdf({
    Title: t('prescriptionPdf.documentTitle', { code: p.code }),
    Author: doctor,
  });

  const top = doc.y;
  doc.image(qr, doc.page.width - doc.page.margins.right - QR_SIZE, top, { width: QR_SIZE });
  const textWidth = doc.page.width - doc.page.margins.left - doc.page.margins.right - QR_SIZE - 16;
  doc.font('bold').fontSize(22).text(t('prescriptionPdf.heading'), { width: textWidth });
  doc.moveDown(0.5);
  doc
    .font('regular')
    .fontSize(11)
    .text(t('prescriptionPdf.verificationCode'), { width: textWidth });
  doc.font('bold').fontSize(18).text(p.code, { width: textWidth, characterSpacing: 1 });
  if (p.status !== 'active') {
    doc
      .font('bold')
      .fontSize(12)
      .text(t('prescriptionPdf.status', { status: t(`prescriptionPdf.statuses.${p.status}`) }), {
        width: textWidth,
      });
  }
  doc.y = Math.max(doc.y, top + QR_SIZE) + 12;

  const line = (label: string, value: string) => {
    doc.font('bold').text(label, { continued: true }).font('regular').text(`  ${value}`);
  };
  doc.fontSize(12);
  line(
    t('prescriptionPdf.doctor'),
    p.doctor.specialty ? `${doctor}, ${p.doctor.specialty}` : doctor,
  );
  line(t('prescriptionPdf.patient'), `${p.patient.firstname} ${p.patient.lastname}`);
  line(
    t('prescriptionPdf.dateOfBirth'),
    p.patient.dateofbirth
      ? longDate(p.patient.dateofbirth, language)
      : t('prescriptionPdf.notGiven'),
  );
  doc.moveDown();
  line(
    t('prescriptionPdf.medication'),
    `${p.medication.name} ${p.medication.strength}, ${p.medication.form}`,
  );
  line(t('prescriptionPdf.dose'), doseWords(p, language));
  line(
    t('prescriptionPdf.quantity'),
    t('prescriptionPdf.quantityValue', { quantity: p.quantity, unit: p.dose.unit }),
  );
  line(
    t('prescriptionPdf.refills'),
    p.refills === 0 ? t('prescriptionPdf.noRefills') : String(p.refills),
  );
  // Where its fills stand, in the words of the patient's and the pharmacy's cards (issue 46).
  const fill = currentFill(p);
  if (fill) {
    line(t('prescriptionPdf.refillsLeft'), String(p.refillsleft));
    line(t('prescriptionPdf.fill'), fillLine(fill, p.refills, language));
  }
  line(t('prescriptionPdf.validUntil'), longDate(p.validuntil, language));
  line(t('prescriptionPdf.writtenOn'), longDate(p.createdAt.slice(0, 10), language));
  doc.moveDown();
  doc.font('bold').text(t('prescriptionPdf.instructions'));
  doc.font('regular').text(p.instructions);
  doc.moveDown(2);
  doc
    .fontSize(9)
    .fillColor('#444444')
    .text(t('prescriptionPdf.check', { code: p.code }));
  doc.end();
  return done;
}

/** Drawn once per distinct Prescription and language (lib/rendered-documents.ts). */
export const renderPrescription = renderedDocuments(drawPrescription);
