/** The translation namespace of the child's record and the changes families propose: public/locales/<lng>/children.json. */
export const CHILDREN_NS = 'children';
