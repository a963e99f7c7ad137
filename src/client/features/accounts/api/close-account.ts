import { useMutation, useQuery } from '@tanstack/react-query';
import type { CloseAccountInput } from '@shared/accounts/accounts';
import type { Language } from '@shared/i18n/languages';
import { callApi } from '@client/lib/api-client';
import * as accountsApi from '@shared/accounts/contract';

export const ACCOUNT_CLOSING_QUERY_KEY = ['accounts', 'closing'] as const;

/** What closing asks of this account (password, phone code or nothing) and what stops it now. */
export function getAccountClosing() {
  return callApi(accountsApi.accountClosing);
}

export function useAccountClosing(enabled: boolean) {
  return useQuery({ queryKey: ACCOUNT_CLOSING_QUERY_KEY, queryFn: getAccountClosing, enabled });
}

/** A code to the account's own number, to confirm closing it. */
export function sendCloseCode(phoneNumber: string, language: Language) {
  return callApi(accountsApi.sendPhoneCode, { body: { phoneNumber, purpose: 'close_account', language } });
}

export function closeAccount(input: CloseAccountInput) {
  return callApi(accountsApi.closeAccount, { body: input });
}

export function useCloseAccount() {
  return useMutation({ mutationFn: closeAccount });
}
