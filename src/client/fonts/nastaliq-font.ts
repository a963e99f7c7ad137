/**
 * Noto Nastaliq Urdu as Chaska ships it: the family, its two weights, the names an installed copy
 * answers to, and the subset files scripts/subset-urdu-font.ts writes beside this module. Shared by
 * that script and by the browser's loader (load-nastaliq.ts).
 *
 * Noto Nastaliq Urdu, Copyright 2022 The Noto Project Authors, SIL Open Font License 1.1 (OFL.txt
 * beside this module); the files here are cut down to the characters Urdu is written with.
 */
export const NASTALIQ_FAMILY = 'Noto Nastaliq Urdu';

/** Regular for text, bold for headings and buttons; the other weights are not used. */
export const NASTALIQ_WEIGHTS = [400, 700] as const;
export type NastaliqWeight = (typeof NASTALIQ_WEIGHTS)[number];

/** The names an installed Noto Nastaliq Urdu answers to in local(): its full and PostScript names. */
export const NASTALIQ_INSTALLED_NAMES: Record<NastaliqWeight, string[]> = {
  400: ['Noto Nastaliq Urdu Regular', 'NotoNastaliqUrdu-Regular', 'Noto Nastaliq Urdu'],
  700: ['Noto Nastaliq Urdu Bold', 'NotoNastaliqUrdu-Bold'],
};

export function nastaliqFontFile(weight: NastaliqWeight): string {
  return `noto-nastaliq-urdu-${weight}.woff2`;
}

/** A face's sources as a CSS src value: an installed copy first, else the subset file at `url`. */
export function nastaliqSources(weight: NastaliqWeight, url: string): string {
  return [...NASTALIQ_INSTALLED_NAMES[weight].map((name) => `local('${name}')`), `url(${url}) format('woff2')`].join(
    ', ',
  );
}
