import { lazy } from 'react';

// My Profile belongs to the account feature; its code loads the first time the modal opens.
export const ProfileModal = lazy(async () => ({ default: (await import('../account/MyProfileModal')).MyProfileModal }));
