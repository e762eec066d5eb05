/**
 * Intl.DateTimeFormat instances, made once per locale and options: building one costs far more than
 * formatting with it, and the same few (a school's time zone) are used on every request.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}
