import { Box, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ChecklistPreview } from './checklist-preview';
import classes from './landing.module.css';

export function HeroSection() {
  return (
    <Box
      component="section"
      id="Banner"
      aria-labelledby="hero-heading"
      className={`${classes.section} ${classes.hero}`}
    >
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: 'center' }}>
          <Stack gap="lg">
            <Text fw={700} c="tend.8" tt="uppercase" size="sm" style={{ letterSpacing: 1 }}>
              Patients and doctors, in touch
            </Text>
            <Title id="hero-heading" order={1} fz={{ base: 34, sm: 46 }} lh={1.15}>
              Your care, kept together between visits
            </Title>
            <Text size="lg" c="dimmed" maw={560}>
              Tend keeps your medications, daily doses, appointments and medical reports in one
              place, and lets you share them with the doctors you choose. It runs on your
              clinic&apos;s own server, and it is free, open-source software.
            </Text>
            <Group gap="sm" wrap="nowrap">
              <Button component={Link} to="/sign-up" size="lg" px={{ base: 'md', xs: 'xl' }}>
                Get started
              </Button>
              <Button
                component="a"
                href="#features"
                size="lg"
                variant="default"
                px={{ base: 'md', xs: 'xl' }}
              >
                Learn more
              </Button>
            </Group>
          </Stack>
          <ChecklistPreview />
        </SimpleGrid>
      </Container>
    </Box>
  );
}
