import {
  IconBellRinging,
  IconCalendarEvent,
  IconFileText,
  IconHeartbeat,
  IconMessages,
  IconPrescription,
  IconShieldLock,
  IconVideo,
  type Icon,
} from '@tabler/icons-react';

/** A feature's title and description are `features.<key>.title` / `.description` in the catalog. */
export type Feature = { key: string; icon: Icon };

// SPEC §1 lists the first six; the last two are what DESIGN.md builds around patients' records.
export const FEATURES: readonly Feature[] = [
  { key: 'messages', icon: IconMessages },
  { key: 'prescriptions', icon: IconPrescription },
  { key: 'reminders', icon: IconBellRinging },
  { key: 'tracking', icon: IconHeartbeat },
  { key: 'appointments', icon: IconCalendarEvent },
  { key: 'video', icon: IconVideo },
  { key: 'reports', icon: IconFileText },
  { key: 'sharing', icon: IconShieldLock },
];
