import { zodResolver } from '@hookform/resolvers/zod';
import './form-texts';
import { passwordResetRequestSchema, signInSchema, signUpSchema, twoFactorCodeSchema } from '@shared/accounts';

// Loaded on demand by the /auth forms (see lazyResolver): zod stays out of the page's first download.
export const signInResolver = zodResolver(signInSchema);
export const signUpResolver = zodResolver(signUpSchema);
export const passwordResetRequestResolver = zodResolver(passwordResetRequestSchema);
export const twoFactorCodeResolver = zodResolver(twoFactorCodeSchema);
