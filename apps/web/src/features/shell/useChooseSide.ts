import { useLocation, useNavigate } from 'react-router';
import { DASHBOARD_PATH } from '../../app/paths';
import type { Side } from '../../lib/session';
import { isSharedPage, SIDE_STATE, searchForSide, sideOfPage } from './sides';

/**
 * A dual-role person's choice of side, made on a page (the top bar's switch, My Profile). The choice is
 * a navigation, so that the page's address and the side agree (decision 18): a shared page turns to the
 * other side's view of it, a staff page gives way to the dashboard for the parent side, and on the
 * dashboard or the account page the side is carried in the navigation's state.
 */
export function useChooseSide(): (side: Side) => void {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (side) => {
    if (isSharedPage(pathname)) void navigate({ pathname, search: searchForSide(search, side) }, { replace: true });
    else if (sideOfPage(pathname, search) === null)
      void navigate({ pathname, search }, { replace: true, state: { [SIDE_STATE]: side } });
    else if (side === 'parent') void navigate(DASHBOARD_PATH, { state: { [SIDE_STATE]: side } });
  };
}
