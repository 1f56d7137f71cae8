import { Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import classes from '../components/landing.module.css';

type Props = { id: string; question: string; children: string };

/**
 * One question of the FAQ: a heading whose button shows or hides the answer (the WAI-ARIA
 * disclosure pattern). Written out rather than Mantine's Accordion, whose animation code would be
 * a twentieth of the landing page's first download for six answers.
 */
export function FaqItem({ id, question, children }: Props) {
  const [open, setOpen] = useState(false);
  const buttonId = `faq-${id}-question`;
  const panelId = `faq-${id}-answer`;
  return (
    <div className={classes.faqItem}>
      <h3 className={classes.faqQuestion}>
        <UnstyledButton
          id={buttonId}
          className={classes.faqButton}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          <Text component="span" fw={600}>
            {question}
          </Text>
          <svg className={classes.faqChevron} viewBox="0 0 15 15" aria-hidden="true">
            <path d="M3.5 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
          </svg>
        </UnstyledButton>
      </h3>
      <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!open}>
        <Text className={classes.faqAnswer}>{children}</Text>
      </div>
    </div>
  );
}
