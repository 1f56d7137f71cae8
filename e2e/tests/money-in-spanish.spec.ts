import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { signIn, visitOn } from '../support/accounts.ts';
import type { ApiAccount } from '../support/api-accounts.ts';
import { apiAs, pdfText } from '../support/appointments.ts';
import { es } from '../support/catalogs.ts';
import { speakOnPage } from '../support/language.ts';
import { closePages, openPatientAndDoctor } from '../support/patient-and-doctor.ts';
import { shootAll, shootDialog } from '../support/screenshots.ts';
import { moveVisitIntoPast } from '../support/visit-clock.ts';

// Issue 46 item 5, in Spanish: the clinic's currency (EUR unless CLINIC_CURRENCY says otherwise)
// written the way Spanish writes money, "55,50 €", on the directory card, the payment dialog, the
// doctor's notice, the patient's Billing and the PDF receipt. English is appointments-flow's.

const main = (page: Page) => page.getByRole('main');
const DAY_MS = 24 * 60 * 60 * 1000;
const unique = Date.now().toString(36);
const lastname = `Serrano${unique}`;
const doctorName = `Dr. Pilar ${lastname}`;
const patientName = `Jaime Rivas${unique}`;
// Spanish writes the amount first, a decimal comma, then the sign after a (no-break) space.
const FEE = /55,50\s€/;

test.describe.serial('money in Spanish: fee, payment, billing and receipt', () => {
  test.describe.configure({ timeout: 180_000 });
  let patientPage: Page;
  let doctorPage: Page;
  let patient: ApiAccount;
  let doctor: ApiAccount;

  test.beforeAll(async ({ browser }) => {
    ({ patientPage, doctorPage, patient, doctor } = await openPatientAndDoctor(browser, {
      doctor: { firstname: 'Pilar', lastname },
      patient: { firstname: 'Jaime', lastname: `Rivas${unique}` },
      doctorProfile: {
        specialty: 'Medicina de familia',
        location: 'Sevilla',
        consultationfee: 55.5,
      },
    }));
    // A visit a week ahead, accepted, moved into the past and completed: ready to be paid.
    const start = `${new Date(Date.now() + 7 * DAY_MS).toISOString().slice(0, 10)}T10:00:00.000Z`;
    const booked = await (
      await apiAs(patientPage.request, patient)
    ).post('/appointments', { doctorId: doctor.id, start, type: 'in_person', purpose: 'Revisión' });
    expect(booked.status(), await booked.text()).toBe(201);
    const { _id } = (await booked.json()) as { _id: string };
    const asDoctor = await apiAs(doctorPage.request, doctor);
    const accepted = await asDoctor.post(`/appointments/${_id}/accept`, {});
    expect(accepted.status(), await accepted.text()).toBe(200);
    moveVisitIntoPast(_id, 2);
    const completed = await asDoctor.post(`/appointments/${_id}/complete`, {});
    expect(completed.status(), await completed.text()).toBe(200);

    await signIn(patientPage, patient);
    await speakOnPage(patientPage, patient, 'es');
    await signIn(doctorPage, doctor);
    await speakOnPage(doctorPage, doctor, 'es');
  });
  test.afterAll(() => closePages(patientPage, doctorPage));

  test('the directory card shows the fee the Spanish way', async () => {
    await visitOn(patientPage, '/patient/book-an-appointment');
    await main(patientPage)
      .getByRole('searchbox', { name: es('appointments', 'bookPage.name') })
      .fill(lastname);
    const card = main(patientPage)
      .getByRole('list', { name: es('appointments', 'bookPage.list') })
      .getByRole('listitem')
      .filter({ hasText: doctorName });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(
      new RegExp(`${es('appointments', 'fields.fee')} ${FEE.source}`),
    );
    await expectAccessible(patientPage);
    await shootAll(patientPage, 'money-es-directory');
  });

  test('the doctor records the payment in Spanish and reads the amount back', async () => {
    await visitOn(doctorPage, '/doctor/appointments');
    await main(doctorPage)
      .getByText(es('appointments', 'doctorPage.past'), { exact: true })
      .click();
    const card = main(doctorPage)
      .getByRole('list', { name: es('appointments', 'doctorPage.listPast') })
      .getByRole('listitem')
      .filter({ hasText: patientName });
    await card
      .getByRole('button', { name: new RegExp(`^${es('appointments', 'actions.payment')}\\b`) })
      .click();
    const dialog = doctorPage.getByRole('dialog', { name: es('appointments', 'payment.title') });
    // The fee as booked, in words; the amount field is labelled with the currency.
    await expect(dialog).toContainText(FEE);
    // The amount is offered as booked, with the decimal comma Spanish types.
    await expect(
      dialog.getByLabel(es('appointments', 'payment.amount', { currency: 'EUR' })),
    ).toHaveValue('55,5');
    await dialog.getByLabel(es('appointments', 'payment.method')).selectOption('card');
    await shootDialog(doctorPage, 'money-es-payment-dialog');
    await dialog.getByRole('button', { name: es('appointments', 'payment.submit') }).click();
    await expect(dialog).toBeHidden();
    await expect(main(doctorPage).getByRole('status').first()).toContainText(
      new RegExp(`El pago de ${FEE.source}`),
    );
    await expectAccessible(doctorPage);
  });

  test('the patient reads it paid in Billing and downloads a Spanish receipt', async () => {
    await visitOn(patientPage, '/patient');
    const billingTab = es('appointments', 'tabs.billing');
    await main(patientPage).getByRole('tab', { name: billingTab }).click();
    const billing = main(patientPage).getByRole('tabpanel', { name: billingTab });
    const row = billing.getByRole('row', { name: new RegExp(doctorName) });
    await expect(row).toContainText(new RegExp(`${FEE.source} pagado`));
    await expectAccessible(patientPage);
    await shootAll(patientPage, 'money-es-billing');

    const downloading = patientPage.waitForEvent('download');
    await row
      .getByRole('button', { name: new RegExp(`^${es('appointments', 'actions.receipt')}\\b`) })
      .click();
    const text = (await pdfText(await downloading, 'money-es-receipt')).replace(/\s+/g, ' ');
    expect(text).toContain('Recibo');
    expect(text).toMatch(/Importe pagado: 55,50 €/);
    expect(text).toContain('Forma de pago: Tarjeta');
  });
});
