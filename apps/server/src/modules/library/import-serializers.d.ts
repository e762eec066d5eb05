/** The parts of @natlibfi/marc-record-serializers the catalogue import reads (the package ships no types). */
declare module '@natlibfi/marc-record-serializers' {
  interface ValidationOptions {
    fields?: boolean;
    subfields?: boolean;
    subfieldValues?: boolean;
  }
  export const ISO2709: { from(record: string, options?: ValidationOptions): unknown; to(record: unknown): string };
  export const MARCXML: { from(record: string, options?: ValidationOptions): Promise<unknown>; to(record: unknown): string };
}
