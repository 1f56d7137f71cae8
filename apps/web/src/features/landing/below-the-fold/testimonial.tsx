import { Paper, Text } from '@mantine/core';
import { IconQuote } from '@tabler/icons-react';
import classes from '../components/landing.module.css';

type Props = { quote: string; attribution: string };

export function Testimonial({ quote, attribution }: Props) {
  return (
    <Paper component="figure" withBorder radius="lg" p="xl" className={classes.quote}>
      <IconQuote size={32} color="var(--mantine-color-tend-6)" aria-hidden="true" />
      <Text component="blockquote" size="lg" m={0} mt="sm" fs="italic">
        {quote}
      </Text>
      <Text component="figcaption" fw={600} mt="md" c="tend.9">
        — {attribution}
      </Text>
    </Paper>
  );
}
