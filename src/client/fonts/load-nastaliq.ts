import { NASTALIQ_FAMILY, NASTALIQ_WEIGHTS, nastaliqSources, type NastaliqWeight } from './nastaliq-font';
import { unicodeRange, URDU_FONT_CODE_POINTS } from './urdu-font-characters';
import regularFile from './noto-nastaliq-urdu-400.woff2?url';
import boldFile from './noto-nastaliq-urdu-700.woff2?url';

const FILES: Record<NastaliqWeight, string> = { 400: regularFile, 700: boldFile };

/**
 * Nastaliq's faces, each of the characters Urdu is written with (the subset's own list): an
 * installed copy first (Android and iOS ship Noto Nastaliq Urdu), else the subset file.
 */
export function nastaliqFaces(): FontFace[] {
  const range = unicodeRange(URDU_FONT_CODE_POINTS);
  return NASTALIQ_WEIGHTS.map(
    (weight) =>
      new FontFace(NASTALIQ_FAMILY, nastaliqSources(weight, FILES[weight]), {
        weight: String(weight),
        style: 'normal',
        display: 'swap',
        unicodeRange: range,
      }),
  );
}

/**
 * Fetches Nastaliq's faces and gives them to the page only once they are in (decision 072). A face
 * declared before it has loaded (a style sheet's @font-face) makes the browser lay out every Urdu
 * line again when the rule arrives, still in the fallback, and once more when the font does; on a
 * phone each pass is a long task. Added loaded, the text is laid out once, in Nastaliq. A face
 * that fails to load (offline, blocked) is left out and its weight stays in the fallback face,
 * which has Nastaliq's size.
 */
export async function addNastaliqWhenLoaded(fonts: FontFaceSet = document.fonts): Promise<void> {
  const settled = await Promise.allSettled(nastaliqFaces().map((face) => face.load()));
  for (const outcome of settled) if (outcome.status === 'fulfilled') fonts.add(outcome.value);
}
