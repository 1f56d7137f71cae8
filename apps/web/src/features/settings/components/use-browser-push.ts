import type { NotificationSettings } from '@tend/shared';
import { useEffect, useState } from 'react';
import {
  deletePushSubscription,
  fetchPushKey,
  savePushSubscription,
} from '../api/push-subscriptions';
import { useSaveNotificationSettings } from '../api/notification-settings';
import {
  currentSubscription,
  pushUnavailableReason,
  subscribeThisBrowser,
  unsubscribeThisBrowser,
} from './browser-push';

type ThisBrowser = 'checking' | 'subscribed' | 'not-subscribed';

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong. Please try again.';

/**
 * The push switch: on means the person wants pushes and this browser is subscribed. Turning it on
 * asks the browser, subscribes and tells the server; off unsubscribes here and tells the server.
 */
export function useBrowserPush(settings: NotificationSettings) {
  const save = useSaveNotificationSettings();
  const [thisBrowser, setThisBrowser] = useState<ThisBrowser>('checking');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [unavailable, setUnavailable] = useState(pushUnavailableReason);

  useEffect(() => {
    let live = true;
    currentSubscription().then(
      (subscription) => live && setThisBrowser(subscription ? 'subscribed' : 'not-subscribed'),
      () => live && setThisBrowser('not-subscribed'),
    );
    return () => {
      live = false;
    };
  }, []);

  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    setError(null);
    setStatus(null);
    try {
      setStatus(await work());
    } catch (failure) {
      setError(messageOf(failure));
      setUnavailable(pushUnavailableReason());
    } finally {
      setBusy(false);
    }
  };

  const turnOn = () =>
    run(async () => {
      const body = await subscribeThisBrowser(await fetchPushKey());
      await savePushSubscription(body);
      setThisBrowser('subscribed');
      if (!settings.push) await save.mutateAsync({ ...settings, push: true });
      return 'Notifications are on. Tend will send your reminders to this browser.';
    });

  const turnOff = () =>
    run(async () => {
      const endpoint = await unsubscribeThisBrowser();
      setThisBrowser('not-subscribed');
      if (endpoint) await deletePushSubscription(endpoint);
      if (settings.push) await save.mutateAsync({ ...settings, push: false });
      return 'Notifications are off. Reminders stay in Tend’s bell.';
    });

  return {
    checked: settings.push && thisBrowser === 'subscribed',
    /** Pushes go to another browser of the person's, not this one. */
    elsewhere: settings.push && thisBrowser === 'not-subscribed',
    checking: thisBrowser === 'checking',
    busy,
    error,
    status,
    unavailable,
    toggle: (on: boolean) => void (on ? turnOn() : turnOff()),
  };
}
