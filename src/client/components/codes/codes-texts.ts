import codesTexts from '@shared/i18n/en/codes';
import { registerCatalogue } from '@client/lib/i18n';

// The camera and rotating-code panels' texts travel with the panels (lazy screens only).
registerCatalogue('codes', codesTexts);
