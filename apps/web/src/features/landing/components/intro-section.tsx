import { Box, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Testimonial } from './testimonial';
import classes from './landing.module.css';

export function IntroSection() {
  return (
    <Box
      component="section"
      id="intro"
      aria-labelledby="intro-heading"
      className={`${classes.section} ${classes.tinted}`}
    >
      <Container size="lg">
        <Stack gap="xl">
          <Stack gap="md" maw={720}>
            <Title id="intro-heading" order={2} fz={{ base: 28, sm: 34 }}>
              About Us
            </Title>
            <Text size="lg">
              Tend is open-source software that connects patients with their doctors. Patients keep
              track of their medications with a daily checklist, book appointments and keep their
              medical reports together. Doctors follow how their patients are doing between visits —
              but only the patients who have chosen to share with them.
            </Text>
            <Text c="dimmed">
              A clinic runs Tend on its own server, so health records stay with the people who
              provide the care.
            </Text>
          </Stack>

          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Testimonial
              quote="I used to keep my medication times on sticky notes. Now the day's doses are in one checklist, and my doctor can see how I've been doing before we meet."
              attribution="A patient using Tend"
            />
            <Testimonial
              quote="Seeing which doses were taken since the last visit means we spend the appointment on what matters, instead of piecing the month back together."
              attribution="A doctor using Tend"
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            These quotes are illustrations of how Tend is meant to be used, not statements from
            named people.
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
