import type { UserType } from '@tend/shared';
import {
  IconActivityHeartbeat,
  IconBuildingStore,
  IconBellCog,
  IconCalendarEvent,
  IconCalendarPlus,
  IconCalendarTime,
  IconChecklist,
  IconFileText,
  IconHeartRateMonitor,
  IconLayoutDashboard,
  IconLock,
  IconMessages,
  IconPill,
  IconPlus,
  IconPrescription,
  IconShieldCheck,
  IconShieldLock,
  IconStethoscope,
  IconUserCog,
  IconUsers,
  type TablerIcon,
} from '@tabler/icons-react';
import type en from '../locales/en.json';

type MenuLabel = keyof (typeof en)['menu'];

export type AreaMenuItem = {
  /** The entry's words in the app catalog: `menu.<label>`. */
  label: MenuLabel;
  to: string;
  icon: TablerIcon;
  /** Active only on this exact path (the dashboard is the parent of every other page). */
  end?: boolean;
  /** A live count shown beside the label. */
  badge?: 'unread-messages';
};

/** Every area opens on its dashboard: active only there, since it is the parent of every page. */
const dashboard = (area: UserType): AreaMenuItem => ({
  label: 'dashboard',
  to: `/${area}`,
  icon: IconLayoutDashboard,
  end: true,
});

/** The account's own pages, which end every area's menu in the same order. */
const accountEntries = (area: UserType): AreaMenuItem[] => [
  { label: 'notificationSettings', to: `/${area}/settings`, icon: IconBellCog },
  { label: 'profileSettings', to: `/${area}/profile-settings`, icon: IconUserCog },
  { label: 'changePassword', to: `/${area}/change-password`, icon: IconLock },
  { label: 'security', to: `/${area}/security`, icon: IconShieldLock },
];

/**
 * The side menus (SPEC §2), in the spec's order. An entry is listed only once its page exists in
 * the route table. My Doctors is ours (DESIGN, Permissions: sharing); so is the doctor's Medical
 * Report entry (the spec has the page but no link to it); so is Pharmacies, where a patient finds
 * one (DESIGN, the third role). Sign Out ends each menu.
 */
export const AREA_MENUS: Record<UserType, readonly AreaMenuItem[]> = {
  patient: [
    dashboard('patient'),
    { label: 'appointment', to: '/patient/book-an-appointment', icon: IconCalendarPlus },
    { label: 'medicalReport', to: '/patient/medical-report', icon: IconFileText },
    // Ours (issue 20): what doctors prescribed, to print for a pharmacy.
    { label: 'prescriptions', to: '/patient/prescriptions', icon: IconPrescription },
    { label: 'createMedication', to: '/patient/create-medication', icon: IconPlus },
    { label: 'medication', to: '/patient/medications', icon: IconPill },
    { label: 'dailyMedication', to: '/patient/daily-medication', icon: IconChecklist },
    // Ours (issue 21): the readings behind the dashboard's Graph Status, charted.
    { label: 'health', to: '/patient/health', icon: IconHeartRateMonitor },
    { label: 'myDoctors', to: '/patient/doctors', icon: IconStethoscope },
    // Ours (issue 42): the family who help, and the people one cares for.
    { label: 'caregivers', to: '/patient/caregivers', icon: IconUsers },
    { label: 'pharmacies', to: '/patient/pharmacies', icon: IconBuildingStore },
    { label: 'messages', to: '/patient/messages', icon: IconMessages, badge: 'unread-messages' },
    ...accountEntries('patient'),
  ],
  doctor: [
    dashboard('doctor'),
    { label: 'appointments', to: '/doctor/appointments', icon: IconCalendarEvent },
    // DESIGN: the spec's link pointed at /doctor; it goes to its page.
    {
      label: 'trackingMedication',
      to: '/doctor/tracking-medication',
      icon: IconActivityHeartbeat,
    },
    { label: 'medicalReport', to: '/doctor/medical-report', icon: IconFileText },
    { label: 'messages', to: '/doctor/messages', icon: IconMessages, badge: 'unread-messages' },
    // Ours: the hours patients can book (issue 8).
    { label: 'availability', to: '/doctor/availability', icon: IconCalendarTime },
    ...accountEntries('doctor'),
  ],
  pharmacy: [
    dashboard('pharmacy'),
    { label: 'prescriptions', to: '/pharmacy/prescriptions', icon: IconPrescription },
    { label: 'verifyPrescription', to: '/pharmacy/verify', icon: IconShieldCheck },
    ...accountEntries('pharmacy'),
  ],
};
