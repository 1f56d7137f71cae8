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
  type TablerIcon,
} from '@tabler/icons-react';

export type AreaMenuItem = {
  label: string;
  to: string;
  icon: TablerIcon;
  /** Active only on this exact path (the dashboard is the parent of every other page). */
  end?: boolean;
  /** A live count shown beside the label. */
  badge?: 'unread-messages';
};

/**
 * The side menus (SPEC §2), in the spec's order. An entry is listed only once its page exists in
 * the route table. My Doctors is ours (DESIGN, Permissions: sharing); so is the doctor's Medical
 * Report entry (the spec has the page but no link to it); so is Pharmacies, where a patient finds
 * one (DESIGN, the third role). Sign Out ends each menu.
 */
export const AREA_MENUS: Record<UserType, readonly AreaMenuItem[]> = {
  patient: [
    { label: 'Dashboard', to: '/patient', icon: IconLayoutDashboard, end: true },
    { label: 'Appointment', to: '/patient/book-an-appointment', icon: IconCalendarPlus },
    { label: 'Medical Report', to: '/patient/medical-report', icon: IconFileText },
    // Ours (issue 20): what doctors prescribed, to print for a pharmacy.
    { label: 'Prescriptions', to: '/patient/prescriptions', icon: IconPrescription },
    { label: 'Create Medication', to: '/patient/create-medication', icon: IconPlus },
    { label: 'Medication', to: '/patient/medications', icon: IconPill },
    { label: 'Daily Medication', to: '/patient/daily-medication', icon: IconChecklist },
    // Ours (issue 21): the readings behind the dashboard's Graph Status, charted.
    { label: 'Health', to: '/patient/health', icon: IconHeartRateMonitor },
    { label: 'My Doctors', to: '/patient/doctors', icon: IconStethoscope },
    { label: 'Pharmacies', to: '/patient/pharmacies', icon: IconBuildingStore },
    { label: 'Messages', to: '/patient/messages', icon: IconMessages, badge: 'unread-messages' },
    { label: 'Notification Settings', to: '/patient/settings', icon: IconBellCog },
    { label: 'Profile Settings', to: '/patient/profile-settings', icon: IconUserCog },
    { label: 'Change Password', to: '/patient/change-password', icon: IconLock },
    { label: 'Sign-in and devices', to: '/patient/security', icon: IconShieldLock },
  ],
  doctor: [
    { label: 'Dashboard', to: '/doctor', icon: IconLayoutDashboard, end: true },
    { label: 'Appointments', to: '/doctor/appointments', icon: IconCalendarEvent },
    // DESIGN: the spec's link pointed at /doctor; it goes to its page.
    {
      label: 'Tracking Medication',
      to: '/doctor/tracking-medication',
      icon: IconActivityHeartbeat,
    },
    { label: 'Medical Report', to: '/doctor/medical-report', icon: IconFileText },
    { label: 'Messages', to: '/doctor/messages', icon: IconMessages, badge: 'unread-messages' },
    // Ours: the hours patients can book (issue 8).
    { label: 'Availability', to: '/doctor/availability', icon: IconCalendarTime },
    { label: 'Notification Settings', to: '/doctor/settings', icon: IconBellCog },
    { label: 'Profile Settings', to: '/doctor/profile-settings', icon: IconUserCog },
    { label: 'Change Password', to: '/doctor/change-password', icon: IconLock },
    { label: 'Sign-in and devices', to: '/doctor/security', icon: IconShieldLock },
  ],
  pharmacy: [
    { label: 'Dashboard', to: '/pharmacy', icon: IconLayoutDashboard, end: true },
    { label: 'Prescriptions', to: '/pharmacy/prescriptions', icon: IconPrescription },
    { label: 'Verify a prescription', to: '/pharmacy/verify', icon: IconShieldCheck },
    { label: 'Notification Settings', to: '/pharmacy/settings', icon: IconBellCog },
    { label: 'Profile Settings', to: '/pharmacy/profile-settings', icon: IconUserCog },
    { label: 'Change Password', to: '/pharmacy/change-password', icon: IconLock },
    { label: 'Sign-in and devices', to: '/pharmacy/security', icon: IconShieldLock },
  ],
};

export const ROLE_LABELS: Record<UserType, string> = {
  patient: 'Patient',
  doctor: 'Doctor',
  pharmacy: 'Pharmacy',
};
