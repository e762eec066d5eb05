/** The translation namespace of the carelog: public/locales/<lng>/carelog.json. */
export const CARELOG_NS = 'carelog';
