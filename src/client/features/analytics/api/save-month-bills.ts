import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MonthBills } from '@shared/analytics/programme-health';
import * as analyticsApi from '@shared/analytics/contract';
import { callApi } from '@client/lib/api-client';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';
import { PROGRAMME_HEALTH_KEY } from './get-programme-health';

/** The owner enters a month's total bills; the programme's penetration is read again. */
export function useSaveMonthBills() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MonthBills) => callApi(analyticsApi.monthBills, { body }),
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: PROGRAMME_HEALTH_KEY }),
  });
}
