/** The development set's deterministic splits: a held-out fifth and five folds, by a hash of the sentence. */

/** FNV-1a of a sentence: which fold it falls in. */
export function foldOf(text: string, folds = 5): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % folds;
}

/** Sentences of fold 0 are the held-out fifth of the development set. */
export const isHeldOut = (text: string) => foldOf(text) === 0;
