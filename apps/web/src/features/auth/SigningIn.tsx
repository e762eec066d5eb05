import { Loader, Paper, Stack, Text } from '@mantine/core';
import { Logo } from '../../app/Logo';
import classes from './LoginPage.module.css';

/** The login page's card holding one line of progress ("Signing you in…"), announced to screen readers. */
export function SigningIn({ text }: { text: string }) {
  return (
    <div className={classes.page}>
      <main className={classes.main}>
        <Paper className={classes.card} radius="xl" aria-busy="true">
          <Logo size="lg" withTagline />
          <Stack align="center" gap="md" mt="xl" py="lg">
            <Loader color="cue" aria-hidden />
            <Text role="status" aria-live="polite" fw={600} fz="lg" ta="center" data-testid="signing-in">
              {text}
            </Text>
          </Stack>
        </Paper>
      </main>
    </div>
  );
}
