import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NearPoint } from '@client/features/marketplace/api/list-public-cards';
import { renderScreen } from '@client/test/render-screen';
import { NearMeControl } from './near-me-control';

const user = userEvent.setup({ pointerEventsCheck: 0 });

/** The browser's geolocation, answering with a position or an error, and counting the asks. */
function stubGeolocation(answer: { coords: { latitude: number; longitude: number } } | 'refused') {
  const getCurrentPosition = vi.fn((found: PositionCallback, failed?: PositionErrorCallback | null) => {
    if (answer === 'refused') failed?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError);
    else found(answer as GeolocationPosition);
  });
  vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
  return getCurrentPosition;
}

function Harness({ seen }: { seen: (near: NearPoint | null) => void }) {
  const [near, setNear] = useState<NearPoint | null>(null);
  return (
    <NearMeControl
      value={near}
      onChange={(next) => {
        seen(next);
        setNear(next);
      }}
    />
  );
}

describe('the Near me control (decision 088)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for the position only on the tap, and sorts from it rounded to about 11 m', async () => {
    const ask = stubGeolocation({ coords: { latitude: 31.520_412_7, longitude: 74.358_749_9 } });
    const seen = vi.fn();
    await renderScreen(<Harness seen={seen} />);
    expect(ask).not.toHaveBeenCalled();
    await user.click(await screen.findByRole('button', { name: 'Near me' }));
    expect(ask).toHaveBeenCalledOnce();
    expect(seen).toHaveBeenLastCalledWith({ lat: 31.5204, lng: 74.3587 });
    expect(screen.getByText('Nearest to you first.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Usual order' }));
    expect(seen).toHaveBeenLastCalledWith(null);
  });

  it('offers the cities when the position is refused, in Urdu too', async () => {
    stubGeolocation('refused');
    const seen = vi.fn();
    await renderScreen(<Harness seen={seen} />, { language: 'ur' });
    await user.click(await screen.findByRole('button', { name: 'میرے قریب' }));
    expect(screen.getByText(/آپ کا مقام دستیاب نہیں/)).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('آپ کا شہر'), 'Lahore');
    expect(seen).toHaveBeenLastCalledWith({ city: 'Lahore' });
    expect(screen.getByText('لاہور کے مرکز سے قریب ترین پہلے۔')).toBeTruthy();
  });

  it('offers the cities to a customer abroad instead of sending a position outside Pakistan', async () => {
    stubGeolocation({ coords: { latitude: 51.5072, longitude: -0.1276 } });
    const seen = vi.fn();
    await renderScreen(<Harness seen={seen} />);
    await user.click(await screen.findByRole('button', { name: 'Near me' }));
    expect(screen.getByText(/Your location is not available/)).toBeTruthy();
    expect(seen).not.toHaveBeenCalled();
    await user.selectOptions(screen.getByLabelText('Your city'), 'Karachi');
    expect(seen).toHaveBeenLastCalledWith({ city: 'Karachi' });
  });
});
