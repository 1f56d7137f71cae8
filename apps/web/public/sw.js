/* global self */
// Tend's service worker (served at /sw.js, scope /). It shows Web Push reminders and acts on their
// buttons; it caches nothing, so every page still comes from the server.
const API = '/api/v1';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** The push's JSON ({ title, body, link, tag, reminder }), or null when it is not ours. */
function readPayload(event) {
  try {
    const payload = event.data ? event.data.json() : null;
    return payload && typeof payload === 'object' ? payload : null;
  } catch {
    return null;
  }
}

/** Only paths inside Tend: a push never opens another site. */
function safeLink(link) {
  return typeof link === 'string' && link.startsWith('/') && !link.startsWith('//') ? link : '/';
}

function show(title, { body, link, tag, reminder }) {
  return self.registration.showNotification(title, {
    body,
    tag: tag || undefined,
    // A follow-up replaces its reminder (same tag) and should be noticed again.
    renotify: Boolean(tag),
    icon: '/favicon.svg',
    data: { link: safeLink(link), reminder: reminder && reminder.token ? reminder : null },
    actions:
      reminder && reminder.token
        ? [
            { action: 'taken', title: 'Taken' },
            { action: 'snooze', title: 'Snooze 30 min' },
          ]
        : [],
  });
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  event.waitUntil(
    show(typeof payload?.title === 'string' ? payload.title : 'Tend', {
      body: typeof payload?.body === 'string' ? payload.body : 'There is something new in Tend.',
      link: payload?.link,
      tag: typeof payload?.tag === 'string' ? payload.tag : '',
      reminder: payload?.reminder ?? null,
    }),
  );
});

/** Taken or Snooze, authorised by the reminder's token (the worker has no session). */
async function act(action, token, link) {
  let ok;
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
async function openLink(link) {
  const url = new URL(link, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) {
    if (new URL(client.url).origin !== self.location.origin) continue;
    try {
      const focused = await client.focus();
      await (focused ?? client).navigate(url);
      return;
    } catch {
      // A tab this worker does not control cannot be navigated; open a new one instead.
    }
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  const { link = '/', reminder = null } = event.notification.data ?? {};
  event.notification.close();
  if ((event.action === 'taken' || event.action === 'snooze') && reminder?.token) {
    event.waitUntil(act(event.action, reminder.token, link));
    return;
  }
  event.waitUntil(openLink(link));
});
