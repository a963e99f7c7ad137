import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KioskPinInput } from '@shared/vendors/kiosk';
import { callApi } from '@client/lib/api-client';
import * as vendorsApi from '@shared/vendors/contract';

const KIOSK_SETTINGS_KEY = ['vendor', 'kiosk'] as const;

/** Whether the vendor has a counter tablet PIN (kiosk mode needs one). */
export function useKioskSettings() {
  return useQuery({ queryKey: KIOSK_SETTINGS_KEY, queryFn: () => callApi(vendorsApi.kioskSettings) });
}

/** The owner sets or changes the PIN. */
export function useSetKioskPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: KioskPinInput) => callApi(vendorsApi.setKioskPin, { body: input }),
    onSuccess: (settings) => queryClient.setQueryData(KIOSK_SETTINGS_KEY, settings),
  });
}

/** Staff leave kiosk mode with the PIN; the server counts every try. */
export function useCheckKioskPin() {
  return useMutation({ mutationFn: (input: KioskPinInput) => callApi(vendorsApi.checkKioskPin, { body: input }) });
}
