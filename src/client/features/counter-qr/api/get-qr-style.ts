import { useQuery } from '@tanstack/react-query';
import type { QrStyle } from '@shared/qr-style';
import { apiFetch } from '@client/lib/api-client';

/** The vendor's QR style, decided on the server from its plan; the counter screen only draws it. */
export function useQrStyle() {
  return useQuery({
    queryKey: ['vendor', 'qr-style'] as const,
    queryFn: () => apiFetch<{ style: QrStyle }>('/api/vendor/qr-style'),
    staleTime: 60_000,
  });
}
