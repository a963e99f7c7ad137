import accountTexts from '@shared/i18n/en/account';
import { registerCatalogue } from '@client/lib/i18n';

// The account pages' texts ride in their own chunks (the pages import this module).
registerCatalogue('account', accountTexts);
