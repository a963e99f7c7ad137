import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminTextList } from '@shared/platform/admin-texts';
import { answerCalls, renderScreen } from '@client/test/render-screen';
import { AdminTextEditorPage } from './admin-text-editor-page';

const romanUrdu: AdminTextList = {
  language: 'ur-Latn',
  entries: [
    {
      key: 'emails:stamp.subject',
      namespace: 'emails',
      area: 'E-mails',
      fallback: '{{vendor}} se stamp mil gaya ({{collected}}/{{required}})',
      placeholders: ['vendor', 'collected', 'required'],
      phone: true,
      value: null,
      updatedBy: null,
      updatedAt: null,
    },
  ],
  namespaces: [{ id: 'emails', label: 'E-mails', count: 1 }],
};

describe('the Global Text Editor in Roman Urdu (decision 082)', () => {
  it('offers Roman Urdu for WhatsApp and SMS only, says so, marks the phone texts and saves in it', async () => {
    const calls = answerCalls({
      'GET /api/admin/texts': { body: romanUrdu },
    });
    await renderScreen(<AdminTextEditorPage />);
    const language = await screen.findByRole('combobox', { name: /Language of the texts/ });
    expect(screen.queryByText('Roman Urdu reaches phones only')).toBeNull();
    await userEvent.selectOptions(language, 'Roman Urdu: phones only');
    expect(await screen.findByText('Roman Urdu reaches phones only')).toBeTruthy();
    expect(await screen.findByText('WhatsApp and SMS')).toBeTruthy();

    const box = screen.getByRole('textbox', { name: /emails:stamp\.subject/ });
    expect(box.getAttribute('lang')).toBe('ur-Latn');
    expect(box.getAttribute('dir')).toBe('ltr');
    await userEvent.clear(box);
    await userEvent.type(box, '{{{{vendor}}: naya stamp ({{{{collected}}/{{{{required}})');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(calls.find((call) => call.call.startsWith('PUT /api/admin/texts/ur-Latn/'))?.body).toEqual({
        value: '{{vendor}}: naya stamp ({{collected}}/{{required}})',
      }),
    );
  });
});
