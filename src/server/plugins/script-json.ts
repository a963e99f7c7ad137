/** JSON inside a <script> element: "<" escaped so no text in it can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
