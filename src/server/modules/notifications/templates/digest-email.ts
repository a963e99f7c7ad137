import { BRAND } from '@shared/brand';
import type { DigestKind } from '@shared/notifications/email';
import { serverText as t } from '@server/lib/texts';
import { renderLayout, type RenderedEmail } from './layout';

export interface DigestItem {
  subject: string;
  /** The plain-text body of the e-mail this item stands for. */
  text: string;
}

const SIGNATURE = `— ${BRAND.name}`;

/**
 * The lines of an item's text worth repeating in a digest. Text from renderLayout reads: heading,
 * body, then after the last blank line the footer (why you get it, its own unsubscribe line, the
 * signature). The digest's section title stands for the heading and the digest has one footer,
 * so both are left out; other text is kept whole, without blank lines.
 */
export function digestLinesOf(item: DigestItem): string[] {
  let lines = item.text.split('\n').map((line) => line.trim());
  if (lines[lines.length - 1] === SIGNATURE) {
    lines = lines.slice(1, lines.lastIndexOf(''));
  }
  return lines.filter((line) => line !== '');
}

/** One e-mail that gathers a user's notifications of a day or a week. */
export function digestEmail(input: {
  name: string;
  kind: DigestKind;
  items: DigestItem[];
  preferencesUrl: string;
  unsubscribeUrl?: string;
}): RenderedEmail {
  const daily = input.kind === 'daily';
  return renderLayout({
    subject: t(daily ? 'emails:digest.subjectDaily' : 'emails:digest.subjectWeekly', { count: input.items.length }),
    heading: t(daily ? 'emails:digest.headingDaily' : 'emails:digest.headingWeekly'),
    paragraphs: [t('emails:digest.intro', { name: input.name })],
    sections: input.items.map((item) => ({ title: item.subject, lines: digestLinesOf(item) })),
    action: { label: t('emails:digest.action'), url: input.preferencesUrl },
    footerNote: t(daily ? 'emails:digest.footerDaily' : 'emails:digest.footerWeekly'),
    unsubscribeUrl: input.unsubscribeUrl,
  });
}
