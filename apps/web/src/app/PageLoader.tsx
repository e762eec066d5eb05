import { Center, Loader } from '@mantine/core';
import i18n from '../lib/i18n';

/** Full-page wait while a route's code or the translations load (so no hook that would suspend). */
export function PageLoader() {
  return (
    <Center h="100dvh" aria-busy="true">
      <Loader color="cue" type="dots" aria-label={i18n.t('common.loading', { defaultValue: 'Loading…' })} />
    </Center>
  );
}
