import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as stampsApi from '@shared/stamps/contract';

/** The vendor's QR style, decided on the server from its plan; the counter screen only draws it. */
export function useQrStyle() {
  return useQuery({
    queryKey: ['vendor', 'qr-style'] as const,
    queryFn: () => callApi(stampsApi.qrStyle),
    staleTime: 60_000,
  });
}
