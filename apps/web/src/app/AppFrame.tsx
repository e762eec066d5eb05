import { type MaintenanceStatus, PAGE_PATHS, WEB_COOKIES } from '@cue/contract';
import { useNetwork } from '@mantine/hooks';
import { IconAlertTriangle, IconWifiOff, IconX } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useMaintenance, usePermissions } from '../features/shell/api';
import { holds } from '../features/shell/sections';
import { setCookie } from '../lib/cookies';
import { revealApp } from '../lib/firstPaint';
import classes from './AppFrame.module.css';
import { PageLoader } from './PageLoader';
import { DASHBOARD_PATH } from './paths';
import { dismissedRebrand, REBRAND, REBRAND_KEY } from './rebrand';

const MaintenancePage = lazy(() => import('../features/shell/MaintenancePage'));

/** '<old name> is now <new name>': asks to bookmark the new address; dismissal is remembered on this device. */
export function RebrandBanner({ url = REBRAND.url }: { url?: string }) {
  const { t } = useTranslation('shell');
  const [hidden, setHidden] = useState(dismissedRebrand);
  if (hidden || !REBRAND.from || !REBRAND.to) return null;
  const dismiss = () => {
    try {
      window.localStorage.setItem(REBRAND_KEY, REBRAND.to);
    } catch {
      // Without storage the banner comes back next time.
    }
    // The server leaves the banner out of the login page it sends to this browser from now on.
    setCookie(WEB_COOKIES.rebrandDismissed, REBRAND.to);
    setHidden(true);
  };
  return (
    <section
      className={classes.rebrand}
      aria-label={t('rebrand.label')}
      data-testid="rebrand-banner"
      data-screenshot="skip"
      data-first-paint="keep"
    >
      <p className={classes.rebrandText}>
        <strong>{t('rebrand.title', { from: REBRAND.from, to: REBRAND.to })}</strong> {t('rebrand.bookmark')}{' '}
        <a href={url} className={classes.rebrandLink} dir="ltr">
          {url.replace(/^https?:\/\//, '')}
        </a>
      </p>
      <button type="button" className={classes.rebrandClose} onClick={dismiss} aria-label={t('rebrand.dismiss')}>
        <IconX size={18} aria-hidden />
      </button>
    </section>
  );
}

/** 'No Internet Connection' at the bottom while the browser is offline. */
function OfflineBar() {
  const { t } = useTranslation('shell');
  const { online } = useNetwork();
  return (
    <div role="status" aria-live="assertive" className={classes.offlineRegion}>
      {!online && (
        <div className={classes.offline} data-testid="offline-bar">
          <IconWifiOff size={18} aria-hidden />
          {t('offline')}
        </div>
      )}
    </div>
  );
}

/** Shown to super admins, who keep the app during maintenance. */
function MaintenanceWarning() {
  const { t } = useTranslation('shell');
  return (
    <div className={classes.maintenanceWarning} role="alert" data-testid="maintenance-warning" data-screenshot="skip">
      <IconAlertTriangle size={18} aria-hidden />
      <span>{t('maintenance.warning')}</span>
      <Link to="/admin/school-setup/maintenance" className={classes.rebrandLink}>
        {t('maintenance.manage')}
      </Link>
    </div>
  );
}

function DuringMaintenance({ status, children }: { status: MaintenanceStatus; children: ReactNode }) {
  const permissions = usePermissions();
  if (permissions.isLoading) return <PageLoader />;
  if (permissions.data && holds(permissions.data, 'super_admin.manage_platform_org_schools')) {
    return (
      <>
        <MaintenanceWarning />
        {children}
      </>
    );
  }
  return (
    <Suspense fallback={<PageLoader />}>
      <MaintenancePage status={status} />
    </Suspense>
  );
}

/**
 * What surrounds every page: the rebrand banner (not on a kiosk: a shared tablet at the door has no
 * address to bookmark), the maintenance gate (an active window replaces the whole app, except for super
 * admins, who get a warning), and the offline bar.
 */
export function AppFrame({ children }: { children: ReactNode }) {
  const maintenance = useMaintenance();
  const status = maintenance.data;
  const { pathname } = useLocation();
  const kiosk = pathname.startsWith(PAGE_PATHS.kiosk);
  // The copy of the dashboard painted at start (lib/firstPaint.ts) gives way to any other page at once;
  // the dashboard itself replaces it once it has its data.
  const startPage = pathname === DASHBOARD_PATH || pathname === '/';
  const maintained = status?.status === 'active';
  useEffect(() => {
    if (!startPage || maintained) revealApp();
  }, [startPage, maintained]);
  return (
    <>
      {!kiosk && <RebrandBanner />}
      {maintained && status ? <DuringMaintenance status={status}>{children}</DuringMaintenance> : children}
      <OfflineBar />
    </>
  );
}
