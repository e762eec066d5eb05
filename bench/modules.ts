/** Set-up and timings for the attendance, announcement and observation benchmarks. */

const api = async <T>(base: string, token: string, method: string, path: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

const pad = (n: number) => String(n).padStart(2, '0');
export const ddmmyyyy = (d: Date) => `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`;

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Number((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(2));
};

/** The attendance body for a whole class on a past weekday. */
export async function attendanceBody(base: string, token: string, classId: string) {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() - 7);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() - 1);
  const date = ddmmyyyy(day);
  const current = await api<{ result: { student_attendance_list: { student_id: string }[] } }>(
    base,
    token,
    'GET',
    `/api/class_student_attendance/${classId}?date=${date}`,
  );
  return {
    date,
    body: JSON.stringify({
      date,
      student_attendance_list: current.result.student_attendance_list.map((e, i) => ({
        student_id: e.student_id,
        attendance_status: i % 7 ? 'present' : 'absent',
      })),
      is_saved: true,
    }),
  };
}

/** Marks a year of school days for a class, then times the yearly report of one child (server time). */
export async function yearlyReport(base: string, token: string, classId: string) {
  const to = new Date();
  to.setUTCDate(to.getUTCDate() - 1);
  const from = new Date(to);
  from.setUTCDate(from.getUTCDate() - 290);
  await api(base, token, 'POST', `/api/update_bulk_student_attendance/${classId}`, {
    from_date: ddmmyyyy(from),
    to_date: ddmmyyyy(to),
    attendance_status: 'present',
  });
  const detail = await api<{ result: { my_class: { student_list: { id: string }[] } } }>(
    base,
    token,
    'GET',
    `/api/classes/${classId}`,
  );
  const studentId = detail.result.my_class.student_list[0]?.id ?? '';
  const times: number[] = [];
  let schoolDays = 0;
  for (let i = 0; i < 20; i++) {
    const start = performance.now();
    const report = await api<{ result: { school_days: number } }>(
      base,
      token,
      'GET',
      `/api/student_yearly_attendance/${studentId}?date=${ddmmyyyy(to)}`,
    );
    times.push(performance.now() - start);
    schoolDays = report.result.school_days;
  }
  return { schoolDaysInYear: schoolDays, p50Ms: percentile(times, 50), p95Ms: percentile(times, 95) };
}

/** 1,000 announcements to a class, as a teacher, published at once. */
export async function thousandAnnouncements(base: string, token: string, classId: string) {
  const start = performance.now();
  for (let i = 0; i < 1000; i += 10) {
    await Promise.all(
      Array.from({ length: 10 }, (_, j) =>
        api(base, token, 'POST', '/api/communication/announcements/', {
          title: `Notice ${i + j}`,
          summary: `<p>Bench announcement ${i + j}</p>`,
          share_with: 'Classes',
          classes_ids: [classId],
        }),
      ),
    );
  }
  return { seconds: Number(((performance.now() - start) / 1000).toFixed(1)) };
}

/** 10,000 observations in a class (100 requests of 100 children-entries), then search latency. */
export async function observationSearch(base: string, token: string, classId: string, settle: () => Promise<unknown>) {
  const detail = await api<{ result: { my_class: { student_list: { id: string }[] } } }>(
    base,
    token,
    'GET',
    `/api/classes/${classId}`,
  );
  const kids = detail.result.my_class.student_list.map((s) => s.id);
  const words = [
    'blocks',
    'painting',
    'counting',
    'sharing',
    'climbing',
    'singing',
    'reading',
    'sand',
    'water',
    'puzzle',
    'drawing',
    'dancing',
  ];
  const day = ddmmyyyy(new Date(Date.now() - 86_400_000));
  for (let r = 0; r < 100; r++) {
    await api(base, token, 'POST', '/api/observations/', {
      class_id: classId,
      observation_entries: Array.from({ length: 100 }, (_, i) => ({
        student_id: kids[(r * 100 + i) % kids.length],
        date: day,
        general_note: `Today the child enjoyed ${words[(r + i) % words.length]} and ${words[(r * 7 + i * 3) % words.length]} with friends (${r}-${i})`,
      })),
    });
  }
  await settle();
  const times: number[] = [];
  for (let i = 0; i < 100; i++) {
    const start = performance.now();
    await api(base, token, 'GET', `/api/observations/?class_id=${classId}&search=${words[i % words.length]}&page_size=20`);
    times.push(performance.now() - start);
  }
  return { observations: 10_000, searches: times.length, p50Ms: percentile(times, 50), p99Ms: percentile(times, 99) };
}
