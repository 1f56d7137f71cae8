import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { SiteLink } from '../../../components/site-navigation';
import { useLandingT } from '../i18n';
import { LandingSection } from '../components/landing-section';

export function CallToActionSection() {
  const { t } = useLandingT();
  return (
    <LandingSection headingId="cta-heading" look="cta" size="md">
      <Stack align="center" ta="center" gap="lg">
        <Title id="cta-heading" order={2} fz={{ base: 28, sm: 36 }} c="white">
          {t('cta.heading')}
        </Title>
        <Text size="lg" maw={620} c="white">
          {t('cta.text')}
        </Text>
        <Group justify="center">
          <Button component={SiteLink} to="/sign-up" size="lg" variant="white" color="tend.9">
            {t('cta.signUp')}
          </Button>
          <Button component={SiteLink} to="/sign-in" size="lg" variant="outline" color="white">
            {t('cta.signIn')}
          </Button>
        </Group>
      </Stack>
    </LandingSection>
  );
}
