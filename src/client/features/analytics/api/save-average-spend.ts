import { useMutation } from '@tanstack/react-query';
import type { AverageSpend } from '@shared/analytics/vendor-analytics';
import * as analyticsApi from '@shared/analytics/contract';
import { callApi } from '@client/lib/api-client';

/** The owner states what a customer spends on a visit (decision 083); the caller refreshes what shows it. */
export function useSaveAverageSpend(onSaved: () => void) {
  return useMutation({
    mutationFn: (body: AverageSpend) => callApi(analyticsApi.averageSpend, { body }),
    onSuccess: onSaved,
  });
}
