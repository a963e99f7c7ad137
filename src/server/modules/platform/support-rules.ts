import type { Language } from '@shared/i18n/languages';
import type { SupportRequesterRole } from '@shared/platform/support';
import type { Viewer } from '@server/viewer/load-viewer';

/**
 * Who the admin answers: a vendor when the writer is the owner or staff of an approved vendor (a
 * vendor's question about its account, plan or counter), a customer otherwise, an applicant whose
 * vendor is still pending, rejected or suspended included.
 */
export function supportRequesterRole(viewer: Pick<Viewer, 'membership'>): SupportRequesterRole {
  return viewer.membership?.vendorStatus === 'approved' ? 'vendor' : 'customer';
}

/**
 * The language of a new conversation, which the admin's saved reply is offered in: the one the
 * writer chose for their account (their e-mails come in it), else the one the page was read in.
 */
export function supportLanguageOf(viewer: Pick<Viewer, 'language'>, pageLanguage: Language): Language {
  return viewer.language ?? pageLanguage;
}
