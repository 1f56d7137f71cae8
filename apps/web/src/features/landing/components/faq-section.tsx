import { Box, Container, Stack, Text, Title } from '@mantine/core';
import { FaqItem } from './faq-item';
import classes from './landing.module.css';

// Answers describe what Tend does today; nothing here promises more than the product does.
const QUESTIONS = [
  {
    value: 'what',
    question: 'What is Tend?',
    answer:
      'Tend is an open-source web app that connects patients, doctors and pharmacies. Patients keep their medications, daily doses, appointments, prescriptions and medical reports in one place. Doctors follow the patients who share with them, talk with them by message or video, and prescribe; pharmacies prepare the prescriptions patients send them.',
  },
  {
    value: 'privacy',
    question: 'Who can see my health information?',
    answer:
      'Your records are stored on the server of whoever runs Tend for you, usually your clinic. Tend has no advertising and sends your data nowhere else. Only doctors you share with can see your medications, dose history and reports, and you can stop sharing at any time. Every time a doctor opens your records it is written in an access log that you can read.',
  },
  {
    value: 'appointments',
    question: 'How do I book an appointment?',
    answer:
      'Once you have an account, choose a doctor registered on your clinic’s Tend and ask for an appointment. The doctor accepts or declines it. When a doctor accepts, they can see your records until you end that access.',
  },
  {
    value: 'reminders',
    question: 'How do medication reminders work?',
    answer:
      'When you add a medication you choose the time of day to take it — day, afternoon or night — and when it starts and ends. Your daily checklist shows what is due today; tick each dose as you take it. The checklist starts fresh every day.',
  },
  {
    value: 'pharmacy',
    question: 'Can Tend send my prescription to a pharmacy?',
    answer:
      'Yes. Under Prescriptions, choose Send to pharmacy and pick one of the pharmacies on Tend. You can follow it there until you pick it up, move it elsewhere while nothing is being prepared, and ask for a refill once it is handed over. You can also print it as a PDF for any pharmacy.',
  },
  {
    value: 'cost',
    question: 'How much does Tend cost?',
    answer:
      'Tend itself is free. It is open-source software that any clinic can run on its own server without licence fees. If your clinic charges for its care or services, that is between you and your clinic.',
  },
] as const;

export function FaqSection() {
  return (
    <Box
      component="section"
      id="faq"
      aria-labelledby="faq-heading"
      className={`${classes.section} ${classes.tinted}`}
    >
      <Container size="md">
        <Stack gap="md" mb={32}>
          <Title id="faq-heading" order={2} fz={{ base: 28, sm: 34 }}>
            Frequently asked questions
          </Title>
          <Text size="lg" c="dimmed">
            What patients, doctors and pharmacies usually ask before they start.
          </Text>
        </Stack>
        <Stack gap="md">
          {QUESTIONS.map((item) => (
            <FaqItem key={item.value} id={item.value} question={item.question}>
              {item.answer}
            </FaqItem>
          ))}
        </Stack>
      </Container>
    </Box>
  );
}
