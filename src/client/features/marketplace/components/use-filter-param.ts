import { useSearchParams } from 'react-router';

/**
 * A listing filter kept in the page's address (`?city=Karachi`, `?category=food`), so a shared or
 * reloaded link shows the same list and the server renders it (decision 059). `unfiltered` is the
 * choice written as no parameter; an unknown value in the address reads as `unfiltered`.
 * Choosing replaces the address (no history entry per chip) and keeps the scroll position.
 */
export function useFilterParam<Value extends string>(
  name: string,
  values: readonly Value[],
  unfiltered: Value,
): [Value, (next: Value) => void] {
  const [params, setParams] = useSearchParams();
  const current = params.get(name);
  const value = values.find((candidate) => candidate === current) ?? unfiltered;
  const choose = (next: Value) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        if (next === unfiltered) updated.delete(name);
        else updated.set(name, next);
        return updated;
      },
      { replace: true },
    );
  return [value, choose];
}
