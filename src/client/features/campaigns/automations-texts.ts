import automationsTexts from '@shared/i18n/en/automations';
import { registerCatalogue } from '@client/lib/i18n';

// The Automations page's texts travel with the page (a lazy vendor screen).
registerCatalogue('automations', automationsTexts);
