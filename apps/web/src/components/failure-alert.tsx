import { Alert, type MantineSpacing } from '@mantine/core';

type Props = {
  /** What did not happen ("The profile was not saved"). */
  title: string;
  /** Why, in the server's or the form's words; null or empty shows nothing. */
  message: string | null | undefined;
  mt?: MantineSpacing;
  mb?: MantineSpacing;
  /** When the person may close it: what closes it (resetting the request), and the button's name. */
  onDismiss?: () => void;
  dismissLabel?: string;
};

/** Why a request failed, announced at once (Mantine's Alert is a role="alert"). */
export function FailureAlert({ title, message, mt, mb, onDismiss, dismissLabel }: Props) {
  if (!message) return null;
  return (
    <Alert
      color="red"
      variant="light"
      title={title}
      mt={mt}
      mb={mb}
      withCloseButton={onDismiss !== undefined}
      closeButtonLabel={dismissLabel}
      onClose={onDismiss}
    >
      {message}
    </Alert>
  );
}
