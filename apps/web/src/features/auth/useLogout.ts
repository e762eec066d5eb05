import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '../../app/guards';
import { signOut } from './api';

/**
 * Logout (spec section 4): tells the server for every stored token, clears tokens, role and details,
 * sets the logged-out flag and goes to the root.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    // keepalive requests finish even though the page has moved on.
    const done = signOut();
    navigate(LOGIN_PATH, { replace: true });
    // Cleared once the signed-in screens have unmounted, so nothing refetches with the old tokens.
    window.setTimeout(() => queryClient.clear(), 0);
    return done;
  }, [queryClient, navigate]);
}
