import type { NotificationSettings } from '@tend/shared';
import { useEffect, useState } from 'react';
import {
  deletePushSubscription,
  fetchPushKey,
  savePushSubscription,
} from '../api/push-subscriptions';
import { useSaveNotificationSettings } from '../api/notification-settings';
import { useSettingsT } from '../i18n';
import {
  currentSubscription,
  PushSetupError,
  pushUnavailableReason,
  subscribeThisBrowser,
  unsubscribeThisBrowser,
} from './browser-push';

type ThisBrowser = 'checking' | 'subscribed' | 'not-subscribed';

/**
 * The push switch: on means the person wants pushes and this browser is subscribed. Turning it on
 * asks the browser, subscribes and tells the server; off unsubscribes here and tells the server.
 */
export function useBrowserPush(settings: NotificationSettings) {
  const { t } = useSettingsT();
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
      setError(
        failure instanceof PushSetupError
          ? t(`push.${failure.problem}`)
          : failure instanceof Error
            ? failure.message
            : t('push.failed'),
      );
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
      return t('push.on');
    });

  const turnOff = () =>
    run(async () => {
      const endpoint = await unsubscribeThisBrowser();
      setThisBrowser('not-subscribed');
      if (endpoint) await deletePushSubscription(endpoint);
      if (settings.push) await save.mutateAsync({ ...settings, push: false });
      return t('push.off');
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
