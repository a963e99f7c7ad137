import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderPng } from './render-png';
import type * as RenderPngModule from './render-png';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const layout = createElement('div', { style: { display: 'flex', width: 8, height: 8, background: '#b45309' } });

describe('renderPng', () => {
  it('draws again from a second copy of this module in the same process (a worker that reloads its modules)', async () => {
    expect((await renderPng(layout, { width: 8, height: 8 })).subarray(0, 4)).toEqual(PNG_SIGNATURE);
    // A query makes the loader evaluate the module a second time over the same resvg, which
    // refuses a second WebAssembly set-up; the first copy has already set it up.
    const secondCopyPath: string = './render-png?second-copy';
    const secondCopy = (await import(/* @vite-ignore */ secondCopyPath)) as typeof RenderPngModule;
    expect(secondCopy.renderPng).not.toBe(renderPng);
    expect((await secondCopy.renderPng(layout, { width: 8, height: 8 })).subarray(0, 4)).toEqual(PNG_SIGNATURE);
  });
});
