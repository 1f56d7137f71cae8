// Web Push: shows Tend's reminders and acts on their buttons (Taken, Snooze). Unchanged in what it
// does since the worker also keeps the app offline (offline.ts).
import { worker } from './scope';

const API = '/api/v1';

type Reminder = { token: string } | null;
type Payload = {
  title?: unknown;
  body?: unknown;
  link?: unknown;
  tag?: unknown;
  reminder?: unknown;
};

/** The push's JSON ({ title, body, link, tag, reminder }), or null when it is not ours. */
function readPayload(event: PushEvent): Payload | null {
  try {
    const payload: unknown = event.data ? event.data.json() : null;
    return payload && typeof payload === 'object' ? payload : null;
  } catch {
    return null;
  }
}

/** Only paths inside Tend: a push never opens another site. */
function safeLink(link: unknown): string {
  return typeof link === 'string' && link.startsWith('/') && !link.startsWith('//') ? link : '/';
}

function asReminder(value: unknown): Reminder {
  if (!value || typeof value !== 'object') return null;
  const { token } = value as { token?: unknown };
  return typeof token === 'string' && token ? { token } : null;
}

function show(
  title: string,
  { body, link, tag, reminder }: { body: string; link: unknown; tag: string; reminder: Reminder },
) {
  return worker.registration.showNotification(title, {
    body,
    tag: tag || undefined,
    // A follow-up replaces its reminder (same tag) and should be noticed again.
    renotify: Boolean(tag),
    icon: '/icons/icon-192.png',
    data: { link: safeLink(link), reminder },
    actions: reminder
      ? [
          { action: 'taken', title: 'Taken' },
          { action: 'snooze', title: 'Snooze 30 min' },
        ]
      : [],
  } as NotificationOptions);
}

worker.addEventListener('push', (event) => {
  const payload = readPayload(event);
  event.waitUntil(
    show(typeof payload?.title === 'string' ? payload.title : 'Tend', {
      body: typeof payload?.body === 'string' ? payload.body : 'There is something new in Tend.',
      link: payload?.link,
      tag: typeof payload?.tag === 'string' ? payload.tag : '',
      reminder: asReminder(payload?.reminder),
    }),
  );
});

/** Taken or Snooze, authorised by the reminder's token (the worker has no session). */
async function act(action: 'taken' | 'snooze', token: string, link: string) {
  let ok: boolean;
  try {
    const response = await fetch(`${API}/reminders/${encodeURIComponent(token)}/${action}`, {
      method: 'POST',
      headers: { Accept: 'application/json' },
    });
    ok = response.ok;
  } catch {
    ok = false;
  }
  if (ok) return;
  // Say so in words rather than failing silently: the dose would otherwise look ticked.
  await show(action === 'taken' ? 'Not marked as taken' : 'Not snoozed', {
    body:
      action === 'taken'
        ? 'Tend could not be reached or the reminder has expired. Open Tend to tick the dose off.'
        : 'Tend could not be reached or the reminder has expired. Open Tend to see your doses.',
    link,
    tag: `failed-${token}`,
    reminder: null,
  });
}

/** Brings a Tend tab forward on the notification's page, or opens one. */
async function openLink(link: string) {
  const url = new URL(link, worker.location.origin).href;
  const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) {
    if (new URL(client.url).origin !== worker.location.origin) continue;
    try {
      const focused = await client.focus();
      await (focused ?? client).navigate(url);
      return;
    } catch {
      // A tab this worker does not control cannot be navigated; open a new one instead.
    }
  }
  await worker.clients.openWindow(url);
}

worker.addEventListener('notificationclick', (event) => {
  const data = (event.notification.data ?? {}) as { link?: unknown; reminder?: unknown };
  const link = safeLink(data.link);
  const reminder = asReminder(data.reminder);
  event.notification.close();
  if ((event.action === 'taken' || event.action === 'snooze') && reminder) {
    event.waitUntil(act(event.action, reminder.token, link));
    return;
  }
  event.waitUntil(openLink(link));
});
