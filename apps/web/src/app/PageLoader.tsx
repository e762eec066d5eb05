import { Loader } from '@mantine/core';
import i18n from '../lib/i18n';

/**
 * Full-page wait while a route's code or the translations load (so no hook that would suspend). It is
 * the splash index.html paints before the code arrives (class cue-boot), with a loader added.
 */
export function PageLoader() {
  return (
    <div className="cue-boot" aria-busy="true">
      <img className="cue-boot-mark" src="/favicon.svg" alt="" width={64} height={64} />
      <Loader color="cue" type="dots" aria-label={i18n.t('common.loading', { defaultValue: 'Loading…' })} />
    </div>
  );
}
