/** A search box's text inside an ILIKE pattern: % and _ are wildcards there, and a search for "50%" means the characters. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
