// Longest search text, in characters (docs/product.md#input-rules): the search boxes' `maxLength`, and
// what the lists read of a longer `q` (or any other text) in the URL (lib/lists/url-state.ts cuts it).
// Its own module so that the screens' first download does not carry input-bounds.ts's tables.
export const SEARCH_MAX_LENGTH = 100;
