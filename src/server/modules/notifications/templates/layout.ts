import { BRAND } from '@shared/brand';
import { currentTextLanguage, serverText as t } from '@server/lib/texts';
import { LANGUAGE_DIRECTION } from '@shared/i18n/languages';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A titled block under the paragraphs, such as one item of a digest. */
export interface LayoutSection {
  title: string;
  lines: string[];
}

export interface LayoutInput {
  subject: string;
  heading: string;
  paragraphs: string[];
  sections?: LayoutSection[];
  action?: { label: string; url: string };
  footerNote?: string;
  unsubscribeUrl?: string;
}

/** Turns the web addresses of already escaped text into links. */
function linkify(escaped: string): string {
  return escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}" style="color:#c2410c">${url}</a>`);
}

/** One branded frame for every e-mail, in HTML and plain text. */
export function renderLayout(input: LayoutInput): RenderedEmail {
  const paragraphsHtml = input.paragraphs
    .map((text) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(text)}</p>`)
    .join('');
  const sections = input.sections ?? [];
  const sectionsHtml = sections
    .map(
      (section) =>
        `<div style="border-top:1px solid #e7e5e4;padding-top:16px;margin-top:16px"><h2 style="font-size:16px;margin:0 0 8px">${escapeHtml(section.title)}</h2>${section.lines
          .map((line) => `<p style="margin:0 0 8px;line-height:1.5">${linkify(escapeHtml(line))}</p>`)
          .join('')}</div>`,
    )
    .join('');
  const actionHtml = input.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(input.action.url)}" style="background:#c2410c;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(input.action.label)}</a></p><p style="font-size:12px;color:#57534e">${escapeHtml(t('emails:layout.orOpenLink', { url: input.action.url }))}</p>`
    : '';
  const footer = [
    input.footerNote ? escapeHtml(input.footerNote) : '',
    input.unsubscribeUrl
      ? `<a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#57534e">${escapeHtml(t('emails:layout.unsubscribe'))}</a> ${escapeHtml(t('emails:layout.unsubscribeSuffix'))}`
      : '',
  ]
    .filter(Boolean)
    .join('<br>');
  const language = currentTextLanguage();
  const html = `<!doctype html><html lang="${language}" dir="${LANGUAGE_DIRECTION[language]}"><body style="margin:0;background:#fafaf9;font-family:Arial,Helvetica,sans-serif;color:#1c1917">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="font-size:22px;font-weight:700;color:#c2410c;margin-bottom:16px">${BRAND.name}</div>
<div style="background:#fff;border-radius:12px;padding:24px;border:1px solid #e7e5e4">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(input.heading)}</h1>${paragraphsHtml}${sectionsHtml}${actionHtml}
</div>
<p style="font-size:12px;color:#57534e;margin-top:16px">${footer || escapeHtml(t('emails:layout.tagline'))}</p>
</div></body></html>`;
  const text = [
    input.heading,
    '',
    ...input.paragraphs,
    ...sections.flatMap((section) => ['', `== ${section.title} ==`, ...section.lines]),
    ...(input.action ? ['', `${input.action.label}: ${input.action.url}`] : []),
    '',
    ...(input.footerNote ? [input.footerNote] : []),
    ...(input.unsubscribeUrl ? [t('emails:layout.unsubscribeText', { url: input.unsubscribeUrl })] : []),
    `— ${BRAND.name}`,
  ].join('\n');
  return { subject: input.subject, html, text };
}
