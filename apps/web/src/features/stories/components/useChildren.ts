import { useMemo } from 'react';
import { fullName } from '../../../lib/format';
import { useClassDetail } from '../../admin/api';

export interface ChildOption {
  value: string;
  label: string;
}

/** The class's children as choices, by name (the class detail's student list). */
export function useClassChildren(classId: string | null): { options: ChildOption[]; pending: boolean } {
  const detail = useClassDetail(classId);
  const options = useMemo(
    () =>
      (detail.data?.student_list ?? [])
        .map((s) => ({ value: s._id, label: fullName(s) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [detail.data],
  );
  return { options, pending: detail.isPending };
}
