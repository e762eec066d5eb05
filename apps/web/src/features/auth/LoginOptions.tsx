import type { OauthProvider } from '@cue/contract';
import { Anchor, Button, Divider, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconPhone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText, toast } from '../../lib/notify';
import { fetchPhoneLoginEnabled, providerSignInUrl } from './api';
import { GoogleMark, OutlookMark } from './BrandIcons';
import classes from './LoginPage.module.css';
import { providerFailureText } from './providers';

/**
 * Google or Outlook: asks the server for the provider's sign-in address and goes there; the provider
 * sends the person back to the return route. Returns which provider is on its way, and the starter.
 */
function useProviderSignIn() {
  const [pending, setPending] = useState<OauthProvider | null>(null);
  useEffect(() => {
    // Coming back with the browser's Back button restores this page from memory: not pending any more.
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPending(null);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);
  const start = async (provider: OauthProvider) => {
    if (pending) return;
    setPending(provider);
    try {
      window.location.assign(await providerSignInUrl(provider));
    } catch (err) {
      setPending(null);
      toast.error(providerFailureText(provider, err) ?? errorText(err));
    }
  };
  return { pending, start };
}

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

  const provider = useProviderSignIn();

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
          <Skeleton height={50} radius="md" />
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
          loading={provider.pending === 'google'}
          disabled={provider.pending === 'microsoft'}
          onClick={() => void provider.start('google')}
          className={classes.providerButton}
        >
          {t('login.google')}
        </Button>
        <Button
          size="lg"
          variant="default"
          fullWidth
          leftSection={<OutlookMark size={22} />}
          loading={provider.pending === 'microsoft'}
          disabled={provider.pending === 'google'}
          onClick={() => void provider.start('microsoft')}
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
