import { fillDate, shownDay } from '../support/date-fields.ts';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { openSharedPage, signIn, visitOn } from '../support/accounts.ts';
import { createAccountViaApi } from '../support/api-accounts.ts';
import { apiAs } from '../support/appointments.ts';
import { waitForMail } from '../support/mailbox.ts';
import { closePages } from '../support/patient-and-doctor.ts';
import { waitForQuiet } from '../support/quiet.ts';
import { shootAll } from '../support/screenshots.ts';

// Issue 42 item 5 (decision 051): Maria adds her son Leo, who has no sign-in of his own, keeps
// his medication list, then sends him a sign-in; Leo opens the emailed link in his own browser,
// chooses a password and finds his mother among the people who help him.

const main = (page: Page) => page.getByRole('main');
const menu = (page: Page) => page.getByRole('navigation', { name: 'Patient menu' });
const today = new Date().toISOString().slice(0, 10);

test('a patient adds a dependent, keeps their list, and hands them their own sign-in', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const motherPage = await openSharedPage(browser);
  const leoPage = await openSharedPage(browser);
  try {
    const mother = await createAccountViaApi(motherPage.request, 'patient', {
      firstname: 'Maria',
      lastname: 'Pereira',
    });
    const doctorLastname = `Sousa${Date.now().toString(36)}`;
    const doctor = await createAccountViaApi(leoPage.request, 'doctor', {
      firstname: 'Ines',
      lastname: doctorLastname,
    });
    const doctorApi = await apiAs(leoPage.request, doctor);
    await signIn(motherPage, mother);
    await visitOn(motherPage, '/patient/caregivers');
    await main(motherPage).getByRole('button', { name: 'Add someone I look after' }).click();
    const dialog = motherPage.getByRole('dialog', { name: 'Someone you look after' });
    await dialog.getByRole('textbox', { name: 'Their first name' }).fill('Leo');
    await dialog.getByRole('textbox', { name: 'Their last name' }).fill('Pereira');
    await fillDate(dialog.getByLabel('Their date of birth'), '2019-04-02');
    await expectAccessible(motherPage);
    await dialog.getByRole('button', { name: 'Add them' }).click();
    await expect(main(motherPage).getByText('Leo Pereira is added.')).toBeVisible();
    const card = main(motherPage).getByRole('listitem').filter({ hasText: 'Leo Pereira' });
    const cared = await (await apiAs(motherPage.request, mother)).get('/caregivers?as=caregiver');
    const leoId =
      ((await cared.json()) as { caregivers: { patient: { _id: string } }[] }).caregivers[0]
        ?.patient._id ?? '';
    await expect(card.getByText('No sign-in of their own', { exact: true })).toBeVisible();
    await waitForQuiet(motherPage);
    await expectAccessible(motherPage);
    await shootAll(motherPage, 'dependents-list-en', {
      ready: main(motherPage).getByRole('heading', { level: 1 }),
    });

    // His pages: she keeps his list (Create Medication is offered while looking after him).
    await card.getByRole('button', { name: 'Open their pages' }).click();
    await expect(
      main(motherPage).getByText(/You are looking at Leo Pereira’s pages/),
    ).toBeVisible();
    await menu(motherPage).getByRole('link', { name: 'Create Medication' }).click();
    await expect(motherPage).toHaveURL(/\/patient\/create-medication$/);
    const form = main(motherPage);
    await expect(form.getByLabel('Start date')).toHaveValue(shownDay(today));
    await form.getByRole('textbox', { name: 'Name' }).fill('Amoxicillin syrup');
    await form.getByRole('radio', { name: 'Day' }).check();
    await form.getByRole('button', { name: 'Save medication' }).click();
    await expect(motherPage).toHaveURL(/\/patient\/medications$/);
    await expect(main(motherPage).getByText('Amoxicillin syrup').first()).toBeVisible();
    await waitForQuiet(motherPage);
    await expectAccessible(motherPage);
    // His doctor: she shares his list from My Doctors, which shows no access log of anyone's.
    await menu(motherPage).getByRole('link', { name: 'My Doctors' }).click();
    await expect(motherPage.getByRole('heading', { level: 1 })).toHaveText('My Doctors');
    await expect(main(motherPage).getByRole('heading', { name: /access log/i })).toHaveCount(0);
    await main(motherPage).getByRole('searchbox', { name: 'Search doctors' }).fill(doctorLastname);
    const results = main(motherPage).getByRole('list', { name: 'Doctors' });
    await results
      .getByRole('button', { name: `Share my medications with Dr. Ines ${doctorLastname}` })
      .click();
    await expect(
      main(motherPage).getByRole('button', {
        name: `Stop sharing with Dr. Ines ${doctorLastname}`,
      }),
    ).toBeVisible();
    await waitForQuiet(motherPage);
    await expectAccessible(motherPage);
    const tracked = await doctorApi.get(`/trackmedications/${leoId}`);
    expect(tracked.status(), await tracked.text()).toBe(200);
    expect(await tracked.text()).toContain('Amoxicillin syrup');
    await main(motherPage).getByRole('button', { name: 'Back to my own' }).click();

    // His own sign-in, sent to his address.
    const leoEmail = `leo.${Date.now().toString(36)}@example.org`;
    await visitOn(motherPage, '/patient/caregivers');
    await card.getByRole('button', { name: 'Give their own sign-in: Leo Pereira' }).click();
    const own = motherPage.getByRole('dialog', { name: 'A sign-in of their own for Leo Pereira' });
    await own.getByRole('textbox', { name: 'Their email address' }).fill(leoEmail);
    await expectAccessible(motherPage);
    await own.getByRole('button', { name: 'Send the invitation' }).click();
    await expect(
      main(motherPage).getByText(`The invitation for Leo Pereira is on its way to ${leoEmail}.`),
    ).toBeVisible();

    const mail = await waitForMail(leoEmail, /gives you your own sign-in/);
    const link =
      /https?:\/\/[^\s/]+(\/caregiving\/own-sign-in\?invitation=[^\s#]+#[A-Za-z0-9_-]+)/.exec(
        mail.text,
      )?.[1];
    expect(link, mail.text).toBeDefined();
    await visitOn(leoPage, link ?? '/');
    await expect(
      main(leoPage).getByText(
        `Maria Pereira looks after Leo Pereira in Tend and sends this sign-in to ${leoEmail}.`,
      ),
    ).toBeVisible();
    await waitForQuiet(leoPage);
    await expectAccessible(leoPage);
    await shootAll(leoPage, 'own-sign-in-en', {
      ready: main(leoPage).getByRole('heading', { level: 1 }),
    });
    const password = 'leo picks a long passphrase';
    await main(leoPage).getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await main(leoPage)
      .getByRole('textbox', { name: 'Confirm new password', exact: true })
      .fill(password);
    await main(leoPage).getByRole('button', { name: 'Take my sign-in' }).click();
    await expect(leoPage).toHaveURL(/\/patient$/);
    await expect(main(leoPage).getByRole('heading', { level: 1 })).toHaveText('Hello, Leo');

    // Leo's own: his mother helps him, with every area, until he changes it.
    await visitOn(leoPage, '/patient/caregivers');
    const helper = main(leoPage).getByRole('listitem').filter({ hasText: 'Maria Pereira' });
    await expect(helper.getByText('Helping', { exact: true })).toBeVisible();
    await waitForQuiet(leoPage);
    await expectAccessible(leoPage);
    await visitOn(leoPage, '/patient/medications');
    await expect(main(leoPage).getByText('Amoxicillin syrup').first()).toBeVisible();
  } finally {
    await closePages(motherPage, leoPage);
  }
});
