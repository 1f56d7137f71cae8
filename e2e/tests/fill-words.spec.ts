import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { openSharedPage, signIn, visitOn } from '../support/accounts.ts';
import type { ApiAccount } from '../support/api-accounts.ts';
import { pdfText } from '../support/appointments.ts';
import { closePages, openPatientAndDoctor } from '../support/patient-and-doctor.ts';
import { createPharmacyViaApi, type PharmacyAccount } from '../support/pharmacy.ts';
import { dispenseViaApi, prescribeViaApi } from '../support/prescriptions.ts';
import { waitForQuiet } from '../support/quiet.ts';
import { shootAll } from '../support/screenshots.ts';

// Issue 46 item 2: one word for one fill. A doctor prescribes with two refills, the patient sends
// it to a pharmacy, which hands over the first fill; the patient asks for a refill. The patient's
// card, the pharmacy's card, the PDF and the notifications all name that fill "Refill 1 of 2",
// and count one refill left (the one asked for is no longer left) — in English and in Spanish.

const main = (page: Page) => page.getByRole('main');
const unique = Date.now().toString(36);
const PHARMACY_NAME = `Farmacia Olmo ${unique}`;
const MEDICATION = 'Doxycycline';
const TITLE = `${MEDICATION} 500 mg, tablet`;

/** A fact of a card, its label and then its value ("Refills left" then "1"). */
const fact = (label: string, value: string) => new RegExp(`${label}\\s*${value}(?!\\d)`);

test.describe.serial('one word for one fill, on every screen, the PDF and the notices', () => {
  test.describe.configure({ timeout: 240_000 });
  let patientPage: Page;
  let doctorPage: Page;
  let pharmacyPage: Page;
  let patient: ApiAccount;
  let doctor: ApiAccount;
  let pharmacy: PharmacyAccount;

  const patientCard = (): Locator =>
    main(patientPage)
      .getByRole('article')
      .filter({ has: patientPage.getByRole('heading', { name: TITLE }) });
  const pharmacyCard = (): Locator =>
    main(pharmacyPage).getByRole('article', { name: new RegExp(`^${TITLE}`) });

  /** The prescription's PDF, downloaded from the patient's card, as text. */
  async function patientPdf(button: RegExp, shot: string): Promise<string> {
    const downloading = patientPage.waitForEvent('download');
    await patientCard().getByRole('button', { name: button }).click();
    return (await pdfText(await downloading, shot)).replace(/\s+/g, ' ');
  }

  test.beforeAll(async ({ browser }) => {
    ({ patientPage, doctorPage, patient, doctor } = await openPatientAndDoctor(browser, {
      doctor: { firstname: 'Irene', lastname: `Castell${unique}` },
      patient: { firstname: 'Tomasz', lastname: `Nowak${unique}` },
      linked: true,
    }));
    pharmacyPage = await openSharedPage(browser);
    pharmacy = await createPharmacyViaApi(pharmacyPage.request, PHARMACY_NAME);
    const p = await prescribeViaApi(doctorPage, doctor, patient, MEDICATION, 2);
    await dispenseViaApi(patientPage, patient, pharmacyPage, pharmacy, p._id);
    await signIn(patientPage, patient);
    await signIn(pharmacyPage, pharmacy);
  });
  test.afterAll(() => closePages(patientPage, doctorPage, pharmacyPage));

  test('the patient asks for a refill: their card and the PDF say "Refill 1 of 2", 1 left', async () => {
    await visitOn(patientPage, '/patient/prescriptions');
    const rx = patientCard();
    await expect(rx).toContainText('First fill: Dispensed');
    await expect(rx).toContainText(fact('Refills left', '2'));
    await rx.getByRole('button', { name: /^Request a refill/ }).click();
    await expect(main(patientPage).getByRole('status')).toContainText(
      `A refill of ${TITLE} is requested from ${PHARMACY_NAME}`,
    );
    await expect(rx).toContainText('Refill 1 of 2: Waiting for the pharmacy');
    // The refill asked for is no longer left to ask for.
    await expect(rx).toContainText(fact('Refills left', '1'));
    await expectAccessible(patientPage);

    const pdf = await patientPdf(/^Download PDF/, 'fill-words-pdf-en');
    expect(pdf).toContain('Refills: 2');
    expect(pdf).toContain('Refills left: 1');
    expect(pdf).toContain('Fill: Refill 1 of 2: Waiting for the pharmacy');
  });

  test('the pharmacy’s card and its notice name the same fill in the same words', async () => {
    await visitOn(pharmacyPage, '/pharmacy');
    const rx = pharmacyCard();
    await expect(rx).toContainText('Refill 1 of 2: Waiting for the pharmacy');
    await expect(rx).toContainText(fact('Refills left', '1'));
    await expect(rx).not.toContainText(/\b2 of 3\b/);
    await shootAll(pharmacyPage, 'fill-words-pharmacy-en');

    await visitOn(pharmacyPage, '/pharmacy/notifications');
    await expect(main(pharmacyPage)).toContainText(
      `A patient asked you for a refill of ${MEDICATION} (Refill 1 of 2).`,
    );
    await waitForQuiet(pharmacyPage);
    await expectAccessible(pharmacyPage);
  });

  test('the pharmacy starts preparing it: the patient’s notice and card say the same', async () => {
    await visitOn(pharmacyPage, '/pharmacy');
    await pharmacyCard()
      .getByRole('button', { name: /^Start preparing/ })
      .click();
    await expect(main(pharmacyPage).getByRole('status')).toHaveText(
      `${TITLE} for Tomasz Nowak${unique} (Refill 1 of 2) is being prepared. The patient is notified.`,
    );
    await expect(pharmacyCard()).toContainText('Refill 1 of 2: Being prepared');

    await visitOn(patientPage, '/patient/notifications');
    await expect(main(patientPage)).toContainText(
      `${PHARMACY_NAME} is preparing your ${MEDICATION} (Refill 1 of 2).`,
    );
    await visitOn(patientPage, '/patient/prescriptions');
    await expect(patientCard()).toContainText('Refill 1 of 2: Being prepared');
    await expect(patientCard()).toContainText(fact('Refills left', '1'));
    await shootAll(patientPage, 'fill-words-patient-en');
  });

  test('in Spanish, the cards and the PDF say "Reposición 1 de 2" alike', async () => {
    for (const page of [patientPage, pharmacyPage]) {
      await page.getByRole('combobox', { name: 'Language' }).first().selectOption('es');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    }
    const mine = patientCard();
    await expect(mine).toContainText('Reposición 1 de 2: En preparación');
    await expect(mine).toContainText(fact('Reposiciones restantes', '1'));
    await shootAll(patientPage, 'fill-words-patient-es');
    const pdf = await patientPdf(/^Descargar PDF/, 'fill-words-pdf-es');
    expect(pdf).toContain('Reposiciones restantes: 1');
    expect(pdf).toContain('Dispensación: Reposición 1 de 2: En preparación');

    // What the pharmacy just did is said again in the page's new language.
    await expect(main(pharmacyPage).getByRole('status')).toHaveText(
      `${TITLE} para Tomasz Nowak${unique} (Reposición 1 de 2): en preparación. El paciente ha recibido un aviso.`,
    );
    const theirs = pharmacyCard();
    await expect(theirs).toContainText('Reposición 1 de 2: En preparación');
    await expect(theirs).toContainText(fact('Reposiciones restantes', '1'));
    await shootAll(pharmacyPage, 'fill-words-pharmacy-es');
  });
});
