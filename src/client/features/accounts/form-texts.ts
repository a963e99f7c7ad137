import { setFieldTranslator } from '@shared/field-messages';
import authTexts from '@shared/i18n/en/auth';
import formsTexts from '@shared/i18n/en/forms';
import { i18next, registerCatalogue } from '@client/lib/i18n';

// The field messages of the shared zod schemas (decision 032), with the admin's overrides. A form
// that validates with one imports this module beside the schema, so the texts load with zod.
registerCatalogue('forms', formsTexts);
registerCatalogue('auth', authTexts);
setFieldTranslator((key) => i18next.t(key));
