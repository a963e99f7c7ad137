import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupportTemplateInput } from '@shared/platform/support-inbox';
import * as supportApi from '@shared/platform/support-contract';
import { callApi } from '@client/lib/api-client';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';
import { SUPPORT_TEMPLATES_KEY } from './admin-support-inbox';

type TemplateChange =
  | { action: 'create'; input: SupportTemplateInput }
  | { action: 'update'; id: string; input: SupportTemplateInput }
  | { action: 'delete'; id: string };

/** Add, edit or delete a saved reply. */
export function useChangeSupportTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: TemplateChange) => {
      if (change.action === 'create') await callApi(supportApi.createSupportTemplate, { body: change.input });
      else if (change.action === 'update')
        await callApi(supportApi.updateSupportTemplate, { params: { id: change.id }, body: change.input });
      else await callApi(supportApi.deleteSupportTemplate, { params: { id: change.id } });
    },
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: SUPPORT_TEMPLATES_KEY }),
  });
}
