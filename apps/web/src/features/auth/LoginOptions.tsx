import { Anchor, Button, Divider, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconPhone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../lib/notify';
import { fetchPhoneLoginEnabled } from './api';
import { GoogleMark, OutlookMark } from './BrandIcons';
import classes from './LoginPage.module.css';

interface LoginOptionsProps {
  onPhone: () => void;
  /** Move keyboard focus to the Phone Number button once it shows. */
  focusPhone?: boolean;
}

/** The first step: choose how to sign in. */
export function LoginOptions({ onPhone, focusPhone = false }: LoginOptionsProps) {
  const { t } = useTranslation();
  const phoneLogin = useQuery({
    queryKey: ['auth', 'phoneLoginEnabled'],
    queryFn: fetchPhoneLoginEnabled,
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

  const phoneButton = useRef<HTMLButtonElement>(null);
  const showPhone = !phoneLogin.isPending && phoneLogin.data !== false;
  useEffect(() => {
    if (focusPhone && showPhone) phoneButton.current?.focus();
  }, [focusPhone, showPhone]);

  const notConfigured = (method: string) => toast.info(t('login.notConfigured', { method }), t('login.notConfiguredTitle'));

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 26, sm: 30 }} lh={1.2}>
          {t('login.welcome')}
        </Title>
        <Text c="dimmed" mt={6}>
          {t('login.subtitle')}
        </Text>
      </div>

      <Stack gap="sm">
        {phoneLogin.isPending ? (
          <Skeleton height={48} radius="md" />
        ) : (
          phoneLogin.data !== false && (
            <Button ref={phoneButton} size="lg" fullWidth leftSection={<IconPhone size={20} aria-hidden />} onClick={onPhone}>
              {t('login.phoneNumber')}
            </Button>
          )
        )}
        <Divider label={t('login.or')} labelPosition="center" my={2} />
        <Button
          size="lg"
          variant="default"
          fullWidth
          leftSection={<GoogleMark size={20} />}
          onClick={() => notConfigured(t('login.google'))}
          className={classes.providerButton}
        >
          {t('login.google')}
        </Button>
        <Button
          size="lg"
          variant="default"
          fullWidth
          leftSection={<OutlookMark size={22} />}
          onClick={() => notConfigured(t('login.outlook'))}
          className={classes.providerButton}
        >
          {t('login.outlook')}
        </Button>
      </Stack>

      <Anchor component={Link} to="/public/about" fw={600} fz="sm" className={classes.learnMore}>
        {t('login.learnMore')}
        <IconArrowRight size={16} aria-hidden className={classes.flipInRtl} />
      </Anchor>
    </Stack>
  );
}
