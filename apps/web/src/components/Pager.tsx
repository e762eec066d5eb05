import { Group, Pagination } from '@mantine/core';

type PagerControl = 'first' | 'previous' | 'next' | 'last';

/**
 * A list's pages, centred under it, each control and page number named for a screen reader in the
 * page's own words. Nothing shows while everything fits on one page.
 */
export function Pager({
  pages,
  page,
  onChange,
  controlLabel,
  pageLabel,
}: {
  pages: number;
  page: number;
  onChange: (page: number) => void;
  controlLabel: (control: PagerControl) => string;
  pageLabel: (page: number) => string;
}) {
  if (pages <= 1) return null;
  return (
    <Group justify="center">
      <Pagination
        total={pages}
        value={page}
        onChange={onChange}
        getControlProps={(control) => ({ 'aria-label': controlLabel(control) })}
        getItemProps={(n) => ({ 'aria-label': pageLabel(n) })}
      />
    </Group>
  );
}
