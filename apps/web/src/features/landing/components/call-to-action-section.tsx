import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import classes from './landing.module.css';

export function CallToActionSection() {
  return (
    <Box
      component="section"
      aria-labelledby="cta-heading"
      className={`${classes.section} ${classes.cta}`}
    >
      <Container size="md">
        <Stack align="center" ta="center" gap="lg">
          <Title id="cta-heading" order={2} fz={{ base: 28, sm: 36 }} c="white">
            Take the guesswork out of your treatment
          </Title>
          <Text size="lg" maw={620} c="white">
            Create a free account, add your medications, and have today&apos;s doses ready at a
            glance. Share with your doctor when you are ready.
          </Text>
          <Group justify="center">
            <Button component={Link} to="/sign-up" size="lg" variant="white" color="tend.9">
              Create your account
            </Button>
            <Button component={Link} to="/sign-in" size="lg" variant="outline" color="white">
              I already have an account
            </Button>
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}
