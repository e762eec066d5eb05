import { Anchor, Paper, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from '../../app/LanguageSwitcher';
import { Logo } from '../../app/Logo';
import { LoginOptions } from './LoginOptions';
import classes from './LoginPage.module.css';
import { PhoneLogin } from './PhoneLogin';

type Mode = 'options' | 'phone';

/** The login page (spec section 2): background cover, logo, sign-in methods, footer links. */
export default function LoginPage() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('options');
  // After 'Back to login options', keyboard focus returns to the Phone Number button.
  const [returned, setReturned] = useState(false);

  // However the last session ended (logout, expiry, deletion), nothing it loaded stays in memory.
  const queryClient = useQueryClient();
  useEffect(() => {
    queryClient.removeQueries({ predicate: ({ queryKey }) => queryKey[0] !== 'auth' || queryKey[1] !== 'phoneLoginEnabled' });
  }, [queryClient]);

  return (
    <div className={classes.page}>
      <header className={classes.topBar}>
        <LanguageSwitcher />
      </header>
      <main className={classes.main}>
        <Paper className={classes.card} radius="xl">
          <Logo size="lg" withTagline />
          <div style={{ marginTop: 'var(--mantine-spacing-xl)' }}>
            {mode === 'options' ? (
              <LoginOptions onPhone={() => startTransition(() => setMode('phone'))} focusPhone={returned} />
            ) : (
              <PhoneLogin
                onBack={() => {
                  setReturned(true);
                  setMode('options');
                }}
              />
            )}
          </div>
        </Paper>
      </main>
      <footer className={classes.footer}>
        <Anchor component={Link} to="/public/privacy" className={classes.footerLink}>
          {t('login.privacy')}
        </Anchor>
        <Anchor component={Link} to="/public/terms" className={classes.footerLink}>
          {t('login.terms')}
        </Anchor>
        <Text component="span" fz="sm" className={classes.copyright}>
          © {new Date().getFullYear()} {t('app.name')}
        </Text>
      </footer>
    </div>
  );
}
