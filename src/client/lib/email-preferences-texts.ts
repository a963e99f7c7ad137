import emailPreferencesTexts from '@shared/i18n/en/emailPreferences';
import { registerCatalogue } from '@client/lib/i18n';

// The e-mail preference and unsubscribe pages' texts travel in their own chunks: a reader who
// follows an unsubscribe link downloads these, not the customer dashboard's namespace.
registerCatalogue('emailPreferences', emailPreferencesTexts);
