/** Calls every drop-off and pick-up screen shares; each area keeps its own in `api-<area>.ts`. */
export const staff = { side: 'staff' } as const;

export const dispersalKeys = {
  all: ['dispersal'] as const,
};
