import { setFieldTranslator } from '@shared/field-messages';
import authTexts from '@shared/i18n/en/auth';
import formsTexts from '@shared/i18n/en/forms';
import { currentLanguage, loadNamespaces, registerCatalogue, translate } from '@client/lib/i18n';

// The field messages of the shared zod schemas (decision 032), with the admin's overrides. A form
// that validates with one imports this module beside the schema, so the texts load with zod.
registerCatalogue('forms', formsTexts);
registerCatalogue('auth', authTexts);
setFieldTranslator((key, values) => translate(key, values));

/**
 * Both namespaces in the page's language. No component asks for `forms` through useTranslation
 * (its texts are read by t() when a schema refuses a value), so on an Urdu page it is fetched
 * here, and a form validating the moment this module loads waits for it instead of reading English.
 */
export const formTextsLoaded: Promise<void> =
  currentLanguage() === 'en'
    ? Promise.resolve()
    : loadNamespaces(currentLanguage(), ['forms', 'auth']).catch(() => undefined);
