import { expect, type Page } from '@playwright/test';

export const main = (page: Page) => page.getByRole('main');
export const menu = (page: Page, role: 'Patient' | 'Doctor') =>
  page.getByRole('navigation', { name: `${role} menu` });

/** The Messages entry of the side menu; its name carries the unread count when there is one. */
export const messagesLink = (page: Page, role: 'Patient' | 'Doctor') =>
  menu(page, role).getByRole('link', { name: /^Messages/ });

export const unreadBadge = (page: Page, role: 'Patient' | 'Doctor') =>
  messagesLink(page, role).getByTestId('unread-messages');

/** The thread's log region, where messages appear (and are announced) as they arrive. */
export const thread = (page: Page) => main(page).getByRole('log');

/** Types a message and presses Send; waits until the composer is empty again (the server took it). */
export async function sendMessage(page: Page, text: string) {
  const box = main(page).getByRole('textbox', { name: 'Your message' });
  await box.fill(text);
  await main(page).getByRole('button', { name: 'Send' }).click();
  await expect(box).toHaveValue('');
}
