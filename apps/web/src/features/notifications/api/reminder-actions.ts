import { reminderSnoozedSchema, reminderTakenSchema } from '@tend/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/api-hooks';
import { notificationKeys } from './keys';

// The medications feature keeps every medication query under this key (its api/keys.ts); a dose
// ticked from a reminder must show on the checklist and the dashboard.
const MEDICATIONS_KEY = ['medications'] as const;

const reminderPath = (token: string, action: 'taken' | 'snooze') =>
  `/reminders/${encodeURIComponent(token)}/${action}`;

/** POST /api/v1/reminders/{token}/taken: ticks today's dose the reminder was about. */
export async function markReminderTaken(token: string): Promise<void> {
  await apiRequest(reminderPath(token, 'taken'), { method: 'POST', schema: reminderTakenSchema });
}

/** POST /api/v1/reminders/{token}/snooze: reminds again in 30 minutes; answers when. */
export async function snoozeReminder(token: string): Promise<string> {
  return (
    await apiRequest(reminderPath(token, 'snooze'), {
      method: 'POST',
      schema: reminderSnoozedSchema,
    })
  ).snoozeduntil;
}

export function useMarkReminderTaken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markReminderTaken,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
        queryClient.invalidateQueries({ queryKey: MEDICATIONS_KEY }),
      ]);
    },
  });
}

export const useSnoozeReminder = () =>
  useRefreshingMutation(snoozeReminder, [notificationKeys.all], { alsoOnFailure: true });
