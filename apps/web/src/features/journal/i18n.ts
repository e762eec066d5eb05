/** The translation namespace of the class journal: public/locales/<lng>/journal.json. */
export const JOURNAL_NS = 'journal';
