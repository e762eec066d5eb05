/** The chat assistant's translation namespace: public/locales/<lng>/cue.json. */
export const CUE_NS = 'cue';
