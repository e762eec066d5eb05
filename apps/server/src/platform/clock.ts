/** The server's notion of now, replaceable in tests that need a fake clock. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
