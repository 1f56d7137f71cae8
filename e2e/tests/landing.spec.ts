import { expect, expectAccessible, test } from '../fixtures.ts';

test.describe('landing page', () => {
  test('has every section of the spec, with links where the spec says', async ({ page, visit }) => {
    await visit('/');
    await expect(page).toHaveTitle(/Tend/);

    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Home', '#Banner'],
      ['About Us', '#intro'],
      ['Features', '#features'],
      ['Faq', '#faq'],
    ] as const) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    for (const id of ['Banner', 'intro', 'features', 'faq'])
      await expect(page.locator(`#${id}`)).toBeVisible();

    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/sign-in');
    await expect(header.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/sign-up');
    await expect(header.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);

    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Get started' })).toHaveAttribute(
      'href',
      '/sign-up',
    );
    await expect(page.getByRole('link', { name: 'Learn more' })).toHaveAttribute(
      'href',
      '#features',
    );

    await expect(page.locator('#intro figure, #intro blockquote').first()).toBeVisible();
    await expect(page.locator('#features li')).toHaveCount(8);

    const faq = page.locator('#faq');
    const questions = [
      'What is Tend?',
      'Who can see my health information?',
      'How do I book an appointment?',
      'How do medication reminders work?',
      'Can Tend send my prescription to a pharmacy?',
      'How much does Tend cost?',
    ];
    for (const q of questions) await expect(faq.getByRole('button', { name: q })).toBeVisible();
    await faq.getByRole('button', { name: 'Who can see my health information?' }).click();
    await expect(faq.getByRole('region').filter({ hasText: /share/i }).first()).toBeVisible();

    await expect(page.getByRole('heading', { name: 'Are you a doctor?' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register as a doctor' })).toHaveAttribute(
      'href',
      '/sign-up',
    );

    const footer = page.getByRole('contentinfo');
    const patients = footer.getByRole('navigation', { name: 'Patients' });
    await expect(patients.getByRole('link', { name: 'Search for doctors' })).toHaveAttribute(
      'href',
      '/sign-in',
    );
    await expect(patients.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/sign-in');
    await expect(patients.getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '/sign-up',
    );
    const doctors = footer.getByRole('navigation', { name: 'Doctors' });
    for (const name of ['Appointments', 'Chat', 'Login']) {
      await expect(doctors.getByRole('link', { name })).toHaveAttribute('href', '/sign-in');
    }
    await expect(footer.getByRole('heading', { name: 'Contact' })).toBeVisible();
    await expectAccessible(page);
  });

  test('Learn more scrolls to the features', async ({ page, visit }) => {
    await visit('/');
    await page.getByRole('link', { name: 'Learn more' }).click();
    await expect(page).toHaveURL(/#features$/);
    await expect(page.locator('#features')).toBeInViewport();
  });

  test('Get started leads to sign-up', async ({ page, visit }) => {
    await visit('/');
    await page.getByRole('link', { name: 'Get started' }).click();
    await expect(page).toHaveURL(/\/sign-up$/);
  });

  test('the subscribe form stores an address and says so, or says what is wrong', async ({
    page,
    visit,
  }) => {
    await visit('/');
    const email = page.getByRole('textbox', { name: 'Email address' });
    const submit = page.getByRole('button', { name: 'Subscribe' });
    await email.fill('not an address');
    await submit.click();
    await expect(
      page.getByText('Enter a valid email address, like name@example.com.'),
    ).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');

    const address = `reader.${Date.now()}@example.org`;
    await email.fill(address);
    await submit.click();
    await expect(page.getByRole('status')).toHaveText(
      `Thanks! We'll email ${address} when there's news.`,
    );

    await email.fill(address.toUpperCase());
    await submit.click();
    // The same words as for a new address: the form never tells who is on the list.
    await expect(page.getByRole('status')).toHaveText(
      `Thanks! We'll email ${address.toUpperCase()} when there's news.`,
    );
  });

  test('shows Sign Out instead of Sign In and Sign Up when a user type is stored, and signing out reloads signed out', async ({
    page,
    visit,
  }) => {
    await visit('/');
    await page.evaluate(() => sessionStorage.setItem('userType', 'patient'));
    await page.reload();
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    // Signing out from the landing header reloads the page (SPEC §4): wait for that reload to finish
    // before reading the page, or the read can race the navigation.
    await Promise.all([
      page.waitForEvent('load'),
      header.getByRole('button', { name: 'Sign Out' }).click(),
    ]);
    await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('userType'))).toBeNull();
  });
});

test.describe('404 page', () => {
  for (const path of ['/anything', '/nope/deeper']) {
    test(`${path} shows the 404 page with a way home`, async ({ page, visit }) => {
      await visit(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        "Uh-oh! We can't find that page.",
      );
      await page.getByRole('link', { name: 'Go Back Home' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(
        "Uh-oh! We can't find that page.",
      );
    });
  }
});

test('an unknown page under an area, opened without a session, asks to sign in first', async ({
  page,
  visit,
}) => {
  // The server cannot tell an unknown page of an area from a known one: either needs a session.
  await visit('/patient/nope/deeper');
  await expect(page).toHaveURL('/sign-in?next=%2Fpatient%2Fnope%2Fdeeper');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
});
