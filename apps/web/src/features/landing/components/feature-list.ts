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

export type Feature = { title: string; description: string; icon: Icon };

// SPEC §1 lists the first six; the last two are what DESIGN.md builds around patients' records.
export const FEATURES: readonly Feature[] = [
  {
    title: 'Private patient–doctor communication',
    description:
      'Message the doctors you share your care with. Conversations stay between you and them, on your clinic’s server.',
    icon: IconMessages,
  },
  {
    title: 'Prescriptions and pharmacy transfer',
    description:
      'Keep your prescriptions in one list. When one needs to reach a pharmacy, the doctor who prescribed it passes it on.',
    icon: IconPrescription,
  },
  {
    title: 'Medication reminders',
    description:
      'Each medication has its time of day — day, afternoon or night — and your daily checklist shows what is still due.',
    icon: IconBellRinging,
  },
  {
    title: 'Health tracking',
    description:
      'See day by day which doses you took. Doctors you share with can follow how treatment is going between visits.',
    icon: IconHeartbeat,
  },
  {
    title: 'Appointment scheduling',
    description:
      'Ask a doctor registered on your clinic’s Tend for an appointment, and see when they accept or decline it.',
    icon: IconCalendarEvent,
  },
  {
    title: 'Teleconsultation',
    description:
      'Meet your doctor by video when a visit in person isn’t needed, from wherever you are.',
    icon: IconVideo,
  },
  {
    title: 'Medical reports in one place',
    description:
      'Upload reports and scans as JPG, GIF or PNG images of up to 2 MB, and keep them together, ready to share.',
    icon: IconFileText,
  },
  {
    title: 'You decide who sees your records',
    description:
      'Only doctors you share with can see your records, you can end that at any time, and every look is logged for you to read.',
    icon: IconShieldLock,
  },
];
