import { Box, Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconStethoscope } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './landing.module.css';

export function DoctorBannerSection() {
  return (
    <Box component="section" aria-labelledby="doctor-heading" className={classes.section}>
      <Container size="lg">
        <Paper radius="lg" p={{ base: 'xl', sm: 48 }} bg="tend.0">
          <Group justify="space-between" align="center" gap="xl">
            <Group align="flex-start" gap="lg" wrap="nowrap" style={{ flex: '1 1 420px' }}>
              <ThemeIcon size={56} radius="xl" aria-hidden="true" visibleFrom="xs">
                <IconStethoscope size={30} />
              </ThemeIcon>
              <Stack gap="xs">
                <Title id="doctor-heading" order={2} fz={{ base: 26, sm: 30 }}>
                  Are you a doctor?
                </Title>
                <Text size="lg">
                  Create a doctor account to see the patients who share with you, follow their
                  medications between visits and manage your appointments.
                </Text>
              </Stack>
            </Group>
            <Button component={Link} to="/sign-up" size="lg">
              Register as a doctor
            </Button>
          </Group>
        </Paper>
      </Container>
    </Box>
  );
}
