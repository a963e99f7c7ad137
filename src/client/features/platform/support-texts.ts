import supportTexts from '@shared/i18n/en/support';
import { registerCatalogue } from '@client/lib/i18n';

// The Support page's texts (its questions and answers, and the support inbox of /support and
// /support/<id>) travel in those screens' chunks.
registerCatalogue('support', supportTexts);
