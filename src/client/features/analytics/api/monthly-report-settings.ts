import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MonthlyReportChannel } from '@shared/analytics/programme-health';
import * as analyticsApi from '@shared/analytics/contract';
import { callApi } from '@client/lib/api-client';

const MONTHLY_REPORT_KEY = ['vendor', 'analytics', 'monthly-report'] as const;

/** How the owner gets the monthly report, and whether WhatsApp can carry it (decision 090). */
export function useMonthlyReportSettings() {
  return useQuery({
    queryKey: MONTHLY_REPORT_KEY,
    queryFn: ({ signal }) => callApi(analyticsApi.monthlyReportSettings, { signal }),
  });
}

/** The owner chooses e-mail, WhatsApp or off. */
export function useSaveMonthlyReportChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channel: MonthlyReportChannel) =>
      callApi(analyticsApi.saveMonthlyReportChannel, { body: { channel } }),
    onSuccess: (settings) => queryClient.setQueryData(MONTHLY_REPORT_KEY, settings),
  });
}
