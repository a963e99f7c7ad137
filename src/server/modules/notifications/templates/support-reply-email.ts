import { serverText as t } from '@server/lib/texts';
import { renderLayout, type RenderedEmail } from './layout';

/**
 * The admin's answer to a question its reader sent from /support (e-mail type support_reply), in
 * full, with the link back to the conversation, where they read the thread and write again.
 */
export function supportReplyEmail(input: {
  name: string;
  subject: string;
  answer: string;
  conversationUrl: string;
}): RenderedEmail {
  const paragraphs = input.answer
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  const values = { name: input.name || t('emails:greeting.fallbackName'), subject: input.subject };
  return renderLayout({
    subject: t('emails:supportReply.subject', values),
    heading: t('emails:supportReply.heading'),
    paragraphs: [t('emails:supportReply.intro', values), ...paragraphs, t('emails:supportReply.next')],
    action: { label: t('emails:supportReply.action'), url: input.conversationUrl },
  });
}
