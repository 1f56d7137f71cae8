import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { visitOn } from '../support/accounts.ts';
import { closePages } from '../support/patient-and-doctor.ts';
import { shootAll } from '../support/screenshots.ts';
import { FAKE_MEDIA_LAUNCH, signedInWithVisitStartingSoon } from '../support/visit.ts';

test.use({ launchOptions: FAKE_MEDIA_LAUNCH });

const main = (page: Page) => page.getByRole('main');
const ROOM_URL = /\/visit\/[A-Za-z0-9_-]{22}$/;

test.describe
  .serial('an open video visit: into the room from the dashboard and the notification', () => {
  test.describe.configure({ timeout: 120_000 });
  let patientPage: Page;
  let doctorPage: Page;
  let roomUrl = '';
  const lastname = `Achebe${Date.now().toString(36)}`;
  const doctorName = `Dr. Amara ${lastname}`;
  const patientName = 'Tomas Berg';

  test.beforeAll(async ({ browser }) => {
    ({ patientPage, doctorPage } = await signedInWithVisitStartingSoon(browser, {
      doctor: { firstname: 'Amara', lastname },
      patient: { firstname: 'Tomas', lastname: 'Berg' },
      doctorProfile: { specialty: 'General practice', location: 'Oslo', consultationfee: 50 },
    }));
  });
  test.afterAll(() => closePages(patientPage, doctorPage));

  test('the doctor joins from the Today row of the dashboard', async () => {
    await visitOn(doctorPage, '/doctor');
    const today = main(doctorPage).getByRole('table', { name: 'Today' });
    const join = today
      .getByRole('row', { name: new RegExp(patientName) })
      .getByRole('button', { name: new RegExp(`^Join visit with ${patientName}, `) });
    await expect(join).toBeVisible();
    // The table where there is room, one card per visit where there is not: Join on either.
    const joinShown = main(doctorPage)
      .getByRole('button', { name: new RegExp(`^Join visit with ${patientName}, `) })
      .filter({ visible: true });
    await shootAll(doctorPage, 'doctor-dashboard-join', { ready: joinShown });
    await join.click();
    await expect(doctorPage).toHaveURL(ROOM_URL);
    await expect(main(doctorPage).getByRole('heading', { level: 1 })).toHaveText(
      `Video visit with ${patientName}`,
    );
    await expectAccessible(doctorPage);
    roomUrl = new URL(doctorPage.url()).pathname;
  });

  for (const side of ['patient', 'doctor'] as const) {
    test(`the “video visit is open” notification takes the ${side} straight into the room`, async () => {
      const page = side === 'patient' ? patientPage : doctorPage;
      const other = side === 'patient' ? doctorName : patientName;
      await visitOn(page, `/${side}/notifications`);
      const item = main(page).getByRole('listitem').filter({ hasText: 'Your video visit is open' });
      await expect(item).toContainText(`With ${other} at `);
      await item.getByRole('link', { name: 'Your video visit is open' }).click();
      await expect(page).toHaveURL(new RegExp(`${roomUrl}$`));
      await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(
        `Video visit with ${other}`,
      );
      await expectAccessible(page);
    });
  }
});
