import type { Me, SignInResponse } from '@shared/accounts/accounts';
import type { Viewer } from '@server/viewer/load-viewer';

/** "Who am I" as the browser sees it: roles and flags, never a session token. */
export function presentMe(viewer: Viewer | null, features: Me['features']): Me {
  if (!viewer) return { user: null, features };
  const roles: NonNullable<Me['user']>['roles'] = ['customer'];
  if (viewer.membership?.role === 'owner') roles.push('vendor');
  if (viewer.membership?.role === 'staff') roles.push('staff');
  if (viewer.isAdmin) roles.push('admin');
  return {
    user: {
      id: viewer.userId,
      email: viewer.email,
      phoneNumber: viewer.phoneNumber,
      name: viewer.name,
      surname: viewer.surname,
      verified: viewer.verified,
      roles,
      isAdmin: viewer.isAdmin,
      twoFactorEnabled: viewer.twoFactorEnabled,
      membership: viewer.membership,
      language: viewer.language,
    },
    features,
  };
}

export function presentSignedIn(viewer: Viewer | null, features: Me['features']): SignInResponse {
  return { ...presentMe(viewer, features), twoFactorRequired: false };
}

/** The password was right; the session waits for the code (POST /api/accounts/sign-in/two-factor). */
export function presentCodeRequired(features: Me['features']): SignInResponse {
  return { user: null, features, twoFactorRequired: true };
}
