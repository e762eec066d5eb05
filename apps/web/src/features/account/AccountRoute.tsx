import { lazy } from 'react';
import { useNavigate } from 'react-router';
import { DASHBOARD_PATH } from '../../app/guards';
import { MyProfileModal } from './MyProfileModal';

const DashboardPage = lazy(() => import('../dashboard/DashboardPage'));

/**
 * /account: a link that opens My Profile (over the dashboard); closing it leaves the dashboard.
 * Lets an e-mail, a help page or a test point straight at account settings.
 */
export default function AccountRoute() {
  const navigate = useNavigate();
  return (
    <>
      <DashboardPage />
      <MyProfileModal opened onClose={() => navigate(DASHBOARD_PATH, { replace: true })} />
    </>
  );
}
