import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@shared/vendors/vendor-profile';
import { callApi } from '@client/lib/api-client';
import * as vendorsApi from '@shared/vendors/contract';

export function changePassword(input: ChangePasswordInput) {
  return callApi(vendorsApi.changePassword, { body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
