import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { supportMessageInputSchema, type SupportMessageInput } from '@shared/platform/support-inbox';
import { showSaveFailure } from '@client/lib/form-errors';

type SendHandlers = { onSuccess: () => void; onError: (error: Error) => void };

/**
 * The message box of a support conversation, the requester's reply and the admin's answer alike:
 * checked by the shared schema, emptied once sent, a refusal shown on its field or under it
 * (`failed`, also for the conversation's other writes, such as closing it).
 */
export function useSupportMessageForm(send: (message: string, handlers: SendHandlers) => void, failedText: string) {
  const form = useForm<SupportMessageInput>({
    resolver: zodResolver(supportMessageInputSchema),
    defaultValues: { message: '' },
  });
  const failed = (error: Error) => showSaveFailure(form.setError, error, failedText);
  const submit = form.handleSubmit((values) =>
    send(values.message, { onSuccess: () => form.reset(), onError: failed }),
  );
  return { form, failed, submit };
}
