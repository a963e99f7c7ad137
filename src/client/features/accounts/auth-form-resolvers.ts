import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { formTextsLoaded } from './form-texts';
import { passwordResetRequestSchema, signInSchema, signUpSchema, twoFactorCodeSchema } from '@shared/accounts/accounts';

/**
 * The first validation runs the moment this module loads (see lazyResolver); on an Urdu page it
 * waits for the Urdu field messages, which would otherwise be read in English.
 */
function withTexts<Values extends FieldValues>(resolver: Resolver<Values>): Resolver<Values> {
  return async (values, context, options) => {
    await formTextsLoaded;
    return resolver(values, context, options);
  };
}

// Loaded on demand by the /auth forms (see lazyResolver): zod stays out of the page's first download.
export const signInResolver = withTexts(zodResolver(signInSchema));
export const signUpResolver = withTexts(zodResolver(signUpSchema));
export const passwordResetRequestResolver = withTexts(zodResolver(passwordResetRequestSchema));
export const twoFactorCodeResolver = withTexts(zodResolver(twoFactorCodeSchema));
