import { afterEach, describe, expect, it, vi } from 'vitest';
import { addNastaliqWhenLoaded, nastaliqFaces } from './load-nastaliq';
import { unicodeRange, URDU_FONT_CODE_POINTS } from './urdu-font-characters';

/** The browser's FontFace as far as the loader uses it: what it was made with, and a load that may fail. */
class RecordedFontFace {
  static failing = new Set<string>();
  constructor(
    readonly family: string,
    readonly source: string,
    readonly descriptors: FontFaceDescriptors,
  ) {}
  load(): Promise<this> {
    const weight = this.descriptors.weight ?? '';
    return RecordedFontFace.failing.has(weight) ? Promise.reject(new Error('network')) : Promise.resolve(this);
  }
}

function fakeFontSet() {
  const added: RecordedFontFace[] = [];
  return { added, set: { add: (face: RecordedFontFace) => added.push(face) } as unknown as FontFaceSet };
}

describe("Nastaliq's faces in the browser", () => {
  afterEach(() => RecordedFontFace.failing.clear());

  it('names the installed font first, then the subset file, for each weight, with the subset as unicode-range', () => {
    vi.stubGlobal('FontFace', RecordedFontFace);
    const faces = nastaliqFaces() as unknown as RecordedFontFace[];
    expect(faces.map((face) => face.descriptors.weight)).toEqual(['400', '700']);
    for (const face of faces) {
      expect(face.family).toBe('Noto Nastaliq Urdu');
      expect(face.source).toMatch(/^local\('Noto Nastaliq Urdu (Regular|Bold)'\), /);
      expect(face.source).toMatch(/url\(\S*noto-nastaliq-urdu-(400|700)\S*\.woff2\) format\('woff2'\)$/);
      expect(face.descriptors).toMatchObject({ display: 'swap', unicodeRange: unicodeRange(URDU_FONT_CODE_POINTS) });
    }
  });

  it('gives the page both faces only after they have loaded', async () => {
    vi.stubGlobal('FontFace', RecordedFontFace);
    const { added, set } = fakeFontSet();
    const loading = addNastaliqWhenLoaded(set);
    expect(added).toEqual([]);
    await loading;
    expect(added.map((face) => face.descriptors.weight)).toEqual(['400', '700']);
  });

  it('leaves out a face that fails to load, so its weight stays in the fallback', async () => {
    vi.stubGlobal('FontFace', RecordedFontFace);
    RecordedFontFace.failing.add('700');
    const { added, set } = fakeFontSet();
    await expect(addNastaliqWhenLoaded(set)).resolves.toBeUndefined();
    expect(added.map((face) => face.descriptors.weight)).toEqual(['400']);
  });
});
