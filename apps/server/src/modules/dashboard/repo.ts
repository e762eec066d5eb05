/*
 * The dashboards keep no data of their own: they gather what the attendance, classes, communication,
 * observations, school and assistant services answer (each applying its own scope and checks), so
 * this module has no queries. A query a dashboard needs belongs to the module whose data it reads.
 */
export {};
